import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { ConfigError } from "#server/config.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import { DEFAULT_ADMIN_EMAIL, ONE_TIME_PASSWORD_LIFETIME_MS, ensureAdmin } from "./admin-bootstrap.server";
import { verifyPassword } from "./password.server";

describe.each(testEngines())("creating the first admin at start on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let printed: string[];
  let logged: string[];
  // What parseConfig gives for ADMIN_EMAIL and ADMIN_PASSWORD (it refuses one without the other, and bad values).
  const run = (admin?: { email: string; password: string }) =>
    ensureAdmin({ repos, admin, logger: { info: (_details, message) => logged.push(message) }, print: (line) => printed.push(line) });

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    printed = [];
    logged = [];
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("with ADMIN_EMAIL and ADMIN_PASSWORD, that admin is created and may keep the password", async () => {
    const result = await run({ email: "Chair@Society.example", password: "lantern orchard gravel chosen" });
    expect(result).toMatchObject({ created: true, oneTimePassword: false });
    const admin = await repos.admins.findByEmail("chair@society.example");
    expect(admin).toMatchObject({ mustChangePassword: false, role: "owner", passwordExpiresAt: null });
    expect(await verifyPassword(admin?.passwordHash, "lantern orchard gravel chosen")).toBe(true);
    expect(printed).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain("lantern orchard gravel chosen");
    expect((await repos.auditLog.listRecent(5)).map((e) => [e.actor, e.action])).toEqual([["system", "admin.bootstrap"]]);
  });

  test("with neither, admin@example.org is created with a one-time password printed once, to be changed", async () => {
    const result = await run();
    expect(result).toMatchObject({ created: true, oneTimePassword: true });
    const admin = await repos.admins.findByEmail(DEFAULT_ADMIN_EMAIL);
    expect(DEFAULT_ADMIN_EMAIL).toBe("admin@example.org");
    expect(admin?.mustChangePassword).toBe(true);
    expect(admin?.role).toBe("owner");
    // It signs in for 24 hours from its creation.
    expect(Date.parse(admin!.passwordExpiresAt!) - Date.parse(admin!.createdAt)).toBeGreaterThanOrEqual(
      ONE_TIME_PASSWORD_LIFETIME_MS - 1000,
    );
    expect(Date.parse(admin!.passwordExpiresAt!) - Date.parse(admin!.createdAt)).toBeLessThanOrEqual(ONE_TIME_PASSWORD_LIFETIME_MS + 1000);
    const line = printed.find((l) => l.startsWith("One-time password: "));
    const oneTimePassword = line?.slice("One-time password: ".length) ?? "";
    expect(oneTimePassword.length).toBeGreaterThanOrEqual(20);
    expect(await verifyPassword(admin?.passwordHash, oneTimePassword)).toBe(true);
    expect(printed.join("\n")).toContain("admin@example.org");
    expect(JSON.stringify(logged)).not.toContain(oneTimePassword);

    // Printed once: the next start finds the admin and says nothing.
    printed = [];
    expect(await run()).toEqual({ created: false });
    expect(printed).toEqual([]);
    expect(await repos.admins.count()).toBe(1);
  });

  test("when an admin exists nothing changes, even with other credentials in the environment", async () => {
    await run({ email: "chair@society.example", password: "lantern orchard gravel chosen" });
    expect(await run({ email: "someone@society.example", password: "another password" })).toEqual({ created: false });
    expect(await repos.admins.count()).toBe(1);
    const admin = await repos.admins.findByEmail("chair@society.example");
    expect(await verifyPassword(admin?.passwordHash, "lantern orchard gravel chosen")).toBe(true);
  });

  test("an ADMIN_PASSWORD that is common or easy to guess stops the start with one line, creating nothing", async () => {
    const start = run({ email: "chair@society.example", password: "password123" });
    await expect(start).rejects.toBeInstanceOf(ConfigError);
    await expect(start).rejects.toThrow(
      "Invalid environment variable ADMIN_PASSWORD: expected a password that is not common or easy to guess (several uncommon words) (value hidden)",
    );
    expect(await repos.admins.count()).toBe(0);
    expect(await repos.auditLog.listRecent(5)).toEqual([]);
  });
});
