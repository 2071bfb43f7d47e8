import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import { AdminAccountError, adminExists, createAdminAccount, setAdminPassword, turnOffTwoFactor } from "./admin-accounts.server";
import { hashPassword, verifyPassword } from "./password.server";
import { loginRateLimiter } from "./rate-limit.server";
import { sessionStore } from "./sessions.server";

describe.each(testEngines())("operator account commands on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("create makes an admin with the chosen password and audits it", async () => {
    const admin = await createAdminAccount(database.db, { email: "Chair@Society.example", password: "chosen password", actor: "cli" });
    expect(admin).toMatchObject({ email: "chair@society.example", mustChangePassword: false });
    expect(await verifyPassword(admin.passwordHash, "chosen password")).toBe(true);
    expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({ actor: "cli", action: "admin.create", detail: `admin=${admin.id}` });
  });

  test("adminExists finds an admin by email whatever its case, and no one else", async () => {
    expect(await adminExists(database.db, "chair@society.example")).toBe(false);
    await createAdminAccount(database.db, { email: "chair@society.example", password: "chosen password", actor: "cli" });
    expect(await adminExists(database.db, "Chair@Society.example")).toBe(true);
    expect(await adminExists(database.db, "treasurer@society.example")).toBe(false);
  });

  test("create refuses a bad email, a short password or an existing account", async () => {
    await expect(createAdminAccount(database.db, { email: "chair", password: "chosen password", actor: "cli" })).rejects.toThrow(
      AdminAccountError,
    );
    await expect(createAdminAccount(database.db, { email: "chair@society.example", password: "short", actor: "cli" })).rejects.toThrow(
      "New password must be at least 8 characters",
    );
    await createAdminAccount(database.db, { email: "chair@society.example", password: "chosen password", actor: "cli" });
    await expect(
      createAdminAccount(database.db, { email: "CHAIR@society.example", password: "chosen password", actor: "cli" }),
    ).rejects.toThrow("already exists");
    expect(await repos.admins.count()).toBe(1);
  });

  test("set-password replaces the password, clears must-change, signs out everywhere and lifts a lock-out", async () => {
    const admin = await repos.admins.create({
      email: "admin@example.org",
      passwordHash: await hashPassword("forgotten"),
      mustChangePassword: true,
    });
    const sessions = sessionStore(repos.sessions);
    const a = await sessions.create(admin.id);
    await sessions.create(admin.id);
    const limiter = loginRateLimiter(repos.rateLimits);
    for (let i = 0; i < 5; i++) await limiter.checkLoginAllowed(`192.0.2.${i}`, "admin@example.org");

    const result = await setAdminPassword(database.db, { email: "ADMIN@example.org", password: "remembered at last", actor: "cli" });
    expect(result.revokedSessions).toBe(2);
    const updated = await repos.admins.findById(admin.id);
    expect(updated?.mustChangePassword).toBe(false);
    expect(await verifyPassword(updated?.passwordHash, "remembered at last")).toBe(true);
    expect(await sessions.findByToken(a.token)).toBeUndefined();
    expect(await limiter.accountLockedFor("admin@example.org")).toBe(0);
    expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({ actor: "cli", action: "admin.set-password" });
  });

  test("set-password ends the account's open reset links, and only its own", async () => {
    const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: await hashPassword("forgotten") });
    const other = await repos.admins.create({ email: "other@example.org", passwordHash: "x" });
    for (const [id, owner] of [
      ["own-link", admin],
      ["other-link", other],
    ] as const) {
      await repos.adminLinks.create({
        id,
        kind: "password-reset",
        tokenHash: id,
        email: owner.email,
        role: null,
        adminId: owner.id,
        createdBy: null,
        createdAt: new Date().toISOString(),
        expiresAt: "2099-01-01T00:00:00.000Z",
      });
    }
    await setAdminPassword(database.db, { email: "admin@example.org", password: "remembered at last", actor: "cli" });
    expect((await repos.adminLinks.findByTokenHash("own-link"))?.usedAt).not.toBeNull();
    expect((await repos.adminLinks.findByTokenHash("other-link"))?.usedAt).toBeNull();
    expect((await repos.auditLog.listRecent(1))[0]?.detail).toBe(`admin=${admin.id} sessions_revoked=0 reset_links_revoked=1`);
  });

  test("set-password refuses an unknown account or a short password and changes nothing", async () => {
    const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: await hashPassword("current one") });
    await expect(
      setAdminPassword(database.db, { email: "nobody@example.org", password: "remembered at last", actor: "cli" }),
    ).rejects.toThrow("No admin has the email nobody@example.org");
    await expect(setAdminPassword(database.db, { email: "admin@example.org", password: "1234567", actor: "cli" })).rejects.toThrow(
      AdminAccountError,
    );
    expect((await repos.admins.findById(admin.id))?.passwordHash).toBe(admin.passwordHash);
  });

  test("turn-off-two-factor removes the key and the recovery codes and signs the admin out everywhere", async () => {
    const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: "x" });
    await repos.admins.setPendingTotpSecret(admin.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await repos.admins.enableTotp(admin.id, new Date().toISOString(), 1);
    await repos.recoveryCodes.replace(admin.id, ["hash-1", "hash-2"], new Date().toISOString());
    const { token } = await sessionStore(repos.sessions).create(admin.id);

    const result = await turnOffTwoFactor(database.db, { email: "Admin@Example.org", actor: "cli" });
    expect(result.revokedSessions).toBe(1);
    expect(await repos.admins.findById(admin.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await repos.recoveryCodes.unusedCount(admin.id)).toBe(0);
    expect(await sessionStore(repos.sessions).findByToken(token)).toBeUndefined();
    expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({ actor: "cli", action: "two-factor.disable" });
    await expect(turnOffTwoFactor(database.db, { email: "nobody@example.org", actor: "cli" })).rejects.toThrow(AdminAccountError);
  });
});
