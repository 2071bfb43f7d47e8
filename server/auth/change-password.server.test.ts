import type * as argon2 from "@node-rs/argon2";
import { verify } from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { changePasswordSchema } from "#core/schemas/change-password.ts";
import { loginSchema } from "#core/schemas/login.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import { changePassword } from "./change-password.server";
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  PASSWORD_HASHING_CONCURRENCY,
  PASSWORD_HASHING_MAX_WAITING,
  verifyPassword,
} from "./password.server";
import { loginAccountKey } from "./rate-limit.server";
import { sessionStore } from "./sessions.server";

// Every check of a current password is an argon2 verification: counted here (and still done for real).
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

/** The first message the schema gives for each field it refuses. */
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).reverse().map((issue) => [String(issue.path[0]), issue.message]));

test("the login and password forms refuse with the spec's messages", () => {
  expect(messages(loginSchema.safeParse({ email: " ", password: "" }))).toEqual({
    email: "Email is required",
    password: "Password is required",
  });
  const change = (fields: Record<string, string>) =>
    messages(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "", confirmPassword: "", ...fields }));
  expect(change({})).toEqual({
    currentPassword: "Current password is required",
    newPassword: "New password must be at least 8 characters",
    confirmPassword: "Confirm password is required",
  });
  expect(change({ currentPassword: "x", newPassword: "12345678", confirmPassword: "87654321" })).toEqual({
    confirmPassword: "New passwords don't match",
  });
  expect(change({ currentPassword: "x", newPassword: "12345678", confirmPassword: "12345678" })).toEqual({});
});

describe.each(testEngines())("the admin changing their password on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let adminId: string;

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    adminId = (
      await repos.admins.create({
        email: "admin@example.org",
        passwordHash: await hashPassword("one-time password"),
        mustChangePassword: true,
      })
    ).id;
    vi.mocked(verify).mockReset();
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the right current password sets the new one, clears must-change, and signs out other sessions only", async () => {
    const sessions = sessionStore(repos.sessions);
    const current = await sessions.create(adminId);
    const elsewhere = await sessions.create(adminId);
    const result = await changePassword(database.db, {
      adminId,
      sessionId: current.session.id,
      currentPassword: "one-time password",
      newPassword: "a new password",
    });
    expect(result).toEqual({ ok: true, revokedSessions: 1 });
    const admin = await repos.admins.findById(adminId);
    expect(admin?.mustChangePassword).toBe(false);
    expect(await verifyPassword(admin?.passwordHash, "a new password")).toBe(true);
    expect(await sessions.findByToken(current.token)).toBeDefined();
    expect(await sessions.findByToken(elsewhere.token)).toBeUndefined();
    expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({ actor: adminId, action: "password.change" });
  });

  test("a change ends the account's open reset links, and only its own", async () => {
    const other = await repos.admins.create({ email: "other@example.org", passwordHash: "x" });
    const resetLink = (id: string, admin: { id: string; email: string }) =>
      repos.adminLinks.create({
        id,
        kind: "password-reset",
        tokenHash: id,
        email: admin.email,
        role: null,
        adminId: admin.id,
        createdBy: null,
        createdAt: "2026-12-01T10:00:00.000Z",
        expiresAt: "2099-01-01T00:00:00.000Z",
      });
    await resetLink("own-link", { id: adminId, email: "admin@example.org" });
    await resetLink("other-link", other);
    const at = new Date("2026-12-01T10:05:00.000Z");
    const current = await sessionStore(repos.sessions).create(adminId);
    const result = await changePassword(
      database.db,
      { adminId, sessionId: current.session.id, currentPassword: "one-time password", newPassword: "a new password" },
      { now: () => at },
    );
    expect(result.ok).toBe(true);
    expect((await repos.adminLinks.findByTokenHash("own-link"))?.usedAt).toBe(at.toISOString());
    expect((await repos.adminLinks.findByTokenHash("other-link"))?.usedAt).toBeNull();
    expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({
      action: "password.change",
      detail: "sessions_revoked=0 reset_links_revoked=1",
    });
  });

  test("a wrong current password changes nothing and is reported as invalid credentials", async () => {
    const result = await changePassword(database.db, { adminId, sessionId: "s", currentPassword: "wrong", newPassword: "a new password" });
    expect(result).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(await verifyPassword((await repos.admins.findById(adminId))?.passwordHash, "one-time password")).toBe(true);
  });

  test("a new password under 8 characters is refused with the spec's message", async () => {
    const result = await changePassword(database.db, {
      adminId,
      sessionId: "s",
      currentPassword: "one-time password",
      newPassword: "1234567",
    });
    expect(result).toEqual({ ok: false, reason: "invalid-new-password", message: "New password must be at least 8 characters" });
  });

  test("wrong current passwords count towards the account's lock-out", async () => {
    for (let i = 0; i < 5; i++)
      await changePassword(database.db, { adminId, sessionId: "s", currentPassword: `wrong ${i}`, newPassword: "a new password" });
    const result = await changePassword(database.db, {
      adminId,
      sessionId: "s",
      currentPassword: "one-time password",
      newPassword: "a new password",
    });
    expect(result).toMatchObject({ ok: false, reason: "rate-limited" });
  });

  test("10 wrong current passwords at once run 5 password checks: each is counted before its hash", async () => {
    const change = (i: number) =>
      changePassword(database.db, { adminId, sessionId: "s", currentPassword: `wrong ${i}`, newPassword: "a new password" });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => change(i)));
    expect(results.filter((result) => !result.ok && result.reason === "invalid-credentials")).toHaveLength(5);
    expect(results.filter((result) => !result.ok && result.reason === "rate-limited")).toHaveLength(5);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(5);
  });

  test("the right current password starts the account's count again", async () => {
    for (let i = 0; i < 4; i++)
      await changePassword(database.db, { adminId, sessionId: "s", currentPassword: `wrong ${i}`, newPassword: "a new password" });
    const result = await changePassword(database.db, {
      adminId,
      sessionId: "s",
      currentPassword: "one-time password",
      newPassword: "a new password",
    });
    expect(result.ok).toBe(true);
    expect(await repos.rateLimits.peek(loginAccountKey("admin@example.org"))).toBeUndefined();
  });

  test("while too many hashes wait in the process, the change is refused as busy and changes nothing", async () => {
    let release = () => {};
    const held = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    vi.mocked(verify).mockImplementation(() => held);
    const filling = Array.from({ length: PASSWORD_HASHING_CONCURRENCY + PASSWORD_HASHING_MAX_WAITING }, () =>
      verifyPassword(DUMMY_PASSWORD_HASH, "anything"),
    );
    try {
      const result = await changePassword(database.db, {
        adminId,
        sessionId: "s",
        currentPassword: "one-time password",
        newPassword: "a new password",
      });
      expect(result).toEqual({ ok: false, reason: "busy", retryAfterSeconds: 5 });
    } finally {
      release();
      await Promise.all(filling);
    }
    vi.mocked(verify).mockReset();
    expect(await verifyPassword((await repos.admins.findById(adminId))?.passwordHash, "one-time password")).toBe(true);
  });
});
