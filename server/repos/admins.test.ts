import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { adminsRepo } from "./admins";

describe.each(testEngines())("admins repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("a new site has no admin", async () => {
    expect(await adminsRepo(database.db).count()).toBe(0);
    expect(await adminsRepo(database.db).findByEmail("admin@example.org")).toBeUndefined();
    expect(await adminsRepo(database.db).findById("nobody")).toBeUndefined();
  });

  test("an admin is stored with a lower-cased email and found by email in any case, or by id", async () => {
    const repo = adminsRepo(database.db);
    const created = await repo.create({ email: " Admin@Example.ORG ", passwordHash: "hash-1", mustChangePassword: true });
    expect(created).toMatchObject({ email: "admin@example.org", passwordHash: "hash-1", mustChangePassword: true });
    expect(created.createdAt).toBe(created.updatedAt);
    expect(await repo.count()).toBe(1);
    expect(await repo.findByEmail("ADMIN@example.org")).toEqual(created);
    expect(await repo.findById(created.id)).toEqual(created);
  });

  test("mustChangePassword is off unless asked for", async () => {
    expect((await adminsRepo(database.db).create({ email: "a@example.org", passwordHash: "h" })).mustChangePassword).toBe(false);
  });

  test("two admins cannot share an email, whatever its case", async () => {
    const repo = adminsRepo(database.db);
    await repo.create({ email: "admin@example.org", passwordHash: "h" });
    await expect(repo.create({ email: "ADMIN@example.org", passwordHash: "h" })).rejects.toThrow();
    expect(await repo.count()).toBe(1);
  });

  test("updating the password replaces the hash and sets mustChangePassword", async () => {
    const repo = adminsRepo(database.db);
    const admin = await repo.create({ email: "admin@example.org", passwordHash: "old", mustChangePassword: true });
    expect(await repo.updatePassword(admin.id, "new", { mustChangePassword: false })).toBe(true);
    const updated = await repo.findById(admin.id);
    expect(updated).toMatchObject({ passwordHash: "new", mustChangePassword: false });
    expect(updated && updated.updatedAt >= admin.updatedAt).toBe(true);
    expect(await repo.updatePassword(admin.id, "newer", { mustChangePassword: true })).toBe(true);
    expect(await repo.findById(admin.id)).toMatchObject({ passwordHash: "newer", mustChangePassword: true });
    expect(await repo.updatePassword("no-such-admin", "x", { mustChangePassword: false })).toBe(false);
  });
});
