import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { newId } from "#server/db/ids.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { adminsRepo } from "./admins";
import { sessionsRepo } from "./sessions";

describe.each(testEngines())("sessions repository on %s", (engine) => {
  let database: TestDatabase;
  let adminId: string;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    adminId = (await adminsRepo(database.db).create({ email: "admin@example.org", passwordHash: "h", mustChangePassword: true })).id;
  });
  afterEach(async () => {
    await database.destroy();
  });

  const addSession = (
    tokenHash: string,
    overrides: { adminId?: string; createdAt?: string; lastSeenAt?: string; expiresAt?: string } = {},
  ) =>
    sessionsRepo(database.db).create({
      id: newId(),
      tokenHash: tokenHash,
      adminId: overrides.adminId ?? adminId,
      createdAt: overrides.createdAt ?? "2026-11-22T10:00:00.000Z",
      lastSeenAt: overrides.lastSeenAt ?? "2026-11-22T10:00:00.000Z",
      expiresAt: overrides.expiresAt ?? "2026-11-29T10:00:00.000Z",
      userAgent: "Firefox",
    });

  test("a session is found by its token hash, with its admin but without the password hash", async () => {
    const session = await addSession("hash-a");
    expect(session).toEqual({
      id: session.id,
      adminId,
      createdAt: "2026-11-22T10:00:00.000Z",
      lastSeenAt: "2026-11-22T10:00:00.000Z",
      expiresAt: "2026-11-29T10:00:00.000Z",
      userAgent: "Firefox",
      secondFactorPending: false,
      networkCode: null,
      authenticatedAt: "2026-11-22T10:00:00.000Z",
    });
    expect(await sessionsRepo(database.db).findByTokenHash("hash-a")).toEqual({
      session,
      admin: {
        id: adminId,
        email: "admin@example.org",
        name: null,
        role: "owner",
        mustChangePassword: true,
        mustSetUpTwoFactor: false,
        bloodCoordinator: false,
      },
    });
    expect(await sessionsRepo(database.db).findByTokenHash("hash-b")).toBeUndefined();
  });

  test("token hashes are unique, and a session needs an existing admin", async () => {
    await addSession("hash-a");
    await expect(addSession("hash-a")).rejects.toThrow();
    await expect(addSession("hash-b", { adminId: "no-such-admin" })).rejects.toThrow();
  });

  test("touching moves lastSeenAt", async () => {
    const session = await addSession("hash-a");
    await sessionsRepo(database.db).touch(session.id, "2026-11-22T10:05:00.000Z");
    expect((await sessionsRepo(database.db).findByTokenHash("hash-a"))?.session.lastSeenAt).toBe("2026-11-22T10:05:00.000Z");
  });

  test("deleting one session leaves the others", async () => {
    const a = await addSession("hash-a");
    const b = await addSession("hash-b");
    expect(await sessionsRepo(database.db).delete(a.id)).toBe(true);
    expect(await sessionsRepo(database.db).delete(a.id)).toBe(false);
    expect((await sessionsRepo(database.db).listForAdmin(adminId)).map((s) => s.id)).toEqual([b.id]);
  });

  test("deleting all of an admin's sessions can spare one and never touches another admin's", async () => {
    const other = await adminsRepo(database.db).create({ email: "other@example.org", passwordHash: "h" });
    const a = await addSession("hash-a");
    await addSession("hash-b");
    const theirs = await addSession("hash-c", { adminId: other.id });
    const repo = sessionsRepo(database.db);
    expect(await repo.deleteAllForAdmin(adminId, a.id)).toBe(1);
    expect((await repo.listForAdmin(adminId)).map((s) => s.id)).toEqual([a.id]);
    expect(await repo.deleteAllForAdmin(adminId)).toBe(1);
    expect(await repo.listForAdmin(adminId)).toEqual([]);
    expect((await repo.listForAdmin(other.id)).map((s) => s.id)).toEqual([theirs.id]);
  });

  test("deleting expired sessions removes those past their absolute expiry or idle too long", async () => {
    const live = await addSession("live", { lastSeenAt: "2026-11-22T11:30:00.000Z" });
    await addSession("absolute", { lastSeenAt: "2026-11-22T11:30:00.000Z", expiresAt: "2026-11-22T12:00:00.000Z" });
    await addSession("idle", { lastSeenAt: "2026-11-22T10:00:00.000Z" });
    const repo = sessionsRepo(database.db);
    expect(await repo.deleteExpired("2026-11-22T12:00:00.000Z", "2026-11-22T10:00:00.000Z")).toBe(2);
    expect((await repo.listForAdmin(adminId)).map((s) => s.id)).toEqual([live.id]);
  });

  test("deleting an admin deletes their sessions", async () => {
    await addSession("hash-a");
    await database.db.deleteFrom("admins").where("id", "=", adminId).execute();
    expect(await sessionsRepo(database.db).findByTokenHash("hash-a")).toBeUndefined();
    expect(await sessionsRepo(database.db).listForAdmin(adminId)).toEqual([]);
  });
});
