import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { adminsRepo } from "#server/repos/admins.ts";
import { sessionsRepo } from "#server/repos/sessions.ts";
import {
  hashSessionToken,
  SESSION_ABSOLUTE_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TOUCH_INTERVAL_MS,
  sessionStore,
} from "./sessions.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const START = Date.parse("2026-11-22T10:00:00.000Z");

describe.each(testEngines())("admin sessions on %s", (engine) => {
  let database: TestDatabase;
  let adminId: string;
  let now: number;
  const store = () => sessionStore(sessionsRepo(database.db), { now: () => new Date(now) });

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    adminId = (await adminsRepo(database.db).create({ email: "admin@example.org", passwordHash: "h" })).id;
    now = START;
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the timeouts are 2 hours idle, 7 days absolute, and last-seen is written at most once a minute", () => {
    expect(SESSION_IDLE_TIMEOUT_MS).toBe(2 * HOUR);
    expect(SESSION_ABSOLUTE_TIMEOUT_MS).toBe(7 * 24 * HOUR);
    expect(SESSION_TOUCH_INTERVAL_MS).toBe(MINUTE);
  });

  test("a new session gives a random 256-bit token and stores only its SHA-256", async () => {
    const { token, session } = await store().create(adminId, { userAgent: "Firefox" });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session).toMatchObject({
      adminId,
      userAgent: "Firefox",
      createdAt: "2026-11-22T10:00:00.000Z",
      lastSeenAt: "2026-11-22T10:00:00.000Z",
      expiresAt: "2026-11-29T10:00:00.000Z",
    });
    const stored = await database.db.selectFrom("sessions").selectAll().executeTakeFirstOrThrow();
    expect(stored.tokenHash).toBe(hashSessionToken(token));
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((await store().create(adminId)).token).not.toBe(token);
  });

  test("the token finds its session and admin; an unknown token finds nothing", async () => {
    const { token, session } = await store().create(adminId);
    expect(await store().findByToken(token)).toEqual({
      session,
      admin: {
        id: adminId,
        email: "admin@example.org",
        name: null,
        role: "owner",
        mustChangePassword: false,
        mustSetUpTwoFactor: false,
        bloodCoordinator: false,
      },
    });
    expect(await store().findByToken("x".repeat(43))).toBeUndefined();
  });

  test("lastSeenAt is written at most once a minute", async () => {
    const { token, session } = await store().create(adminId);
    now = START + 59_000;
    expect((await store().findByToken(token))?.session.lastSeenAt).toBe(session.lastSeenAt);
    expect((await sessionsRepo(database.db).findByTokenHash(hashSessionToken(token)))?.session.lastSeenAt).toBe(session.lastSeenAt);
    now = START + MINUTE;
    expect((await store().findByToken(token))?.session.lastSeenAt).toBe("2026-11-22T10:01:00.000Z");
    expect((await sessionsRepo(database.db).findByTokenHash(hashSessionToken(token)))?.session.lastSeenAt).toBe("2026-11-22T10:01:00.000Z");
  });

  test("a session idle for 2 hours is gone", async () => {
    const { token } = await store().create(adminId);
    now = START + 2 * HOUR - 1;
    expect(await store().findByToken(token)).toBeDefined();
    now += 2 * HOUR - 1;
    expect(await store().findByToken(token)).toBeDefined();
    now += 2 * HOUR;
    expect(await store().findByToken(token)).toBeUndefined();
    expect(await sessionsRepo(database.db).listForAdmin(adminId)).toEqual([]);
  });

  test("a session in steady use still ends 7 days after it started", async () => {
    const { token } = await store().create(adminId);
    while (now < START + SESSION_ABSOLUTE_TIMEOUT_MS - 2 * HOUR) {
      now += 1.5 * HOUR;
      expect(await store().findByToken(token)).toBeDefined();
    }
    now = START + SESSION_ABSOLUTE_TIMEOUT_MS - 1;
    expect(await store().findByToken(token)).toBeDefined();
    now = START + SESSION_ABSOLUTE_TIMEOUT_MS;
    expect(await store().findByToken(token)).toBeUndefined();
    expect(await sessionsRepo(database.db).listForAdmin(adminId)).toEqual([]);
  });

  test("a revoked session no longer signs in", async () => {
    const { token, session } = await store().create(adminId);
    expect(await store().revoke(session.id)).toBe(true);
    expect(await store().findByToken(token)).toBeUndefined();
    expect(await store().revoke(session.id)).toBe(false);
  });

  test("revoking all of an admin's sessions can keep the current one", async () => {
    const current = await store().create(adminId);
    const other = await store().create(adminId);
    expect(await store().revokeAllForAdmin(adminId, current.session.id)).toBe(1);
    expect(await store().findByToken(other.token)).toBeUndefined();
    expect(await store().findByToken(current.token)).toBeDefined();
    expect(await store().revokeAllForAdmin(adminId)).toBe(1);
    expect(await store().findByToken(current.token)).toBeUndefined();
  });

  test("housekeeping deletes idle and over-age sessions and keeps live ones", async () => {
    const old = await store().create(adminId);
    now = START + 3 * HOUR;
    const recent = await store().create(adminId);
    expect(await store().deleteExpired()).toBe(1);
    expect((await sessionsRepo(database.db).listForAdmin(adminId)).map((s) => s.id)).toEqual([recent.session.id]);
    expect(old.session.id).not.toBe(recent.session.id);
  });

  test("a very long user agent is cut to 512 characters", async () => {
    const { session } = await store().create(adminId, { userAgent: "A".repeat(2000) });
    expect(session.userAgent).toHaveLength(512);
  });
});
