import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { rateLimitsRepo } from "#server/repos/rate-limits.ts";
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_IP_LIMIT, loginAccountKey, loginIpKey, loginRateLimiter } from "./rate-limit.server";

const START = Date.parse("2026-11-22T10:00:00.000Z");
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe.each(testEngines())("login rate limits on %s", (engine) => {
  let database: TestDatabase;
  let now: number;
  const limiter = () => loginRateLimiter(rateLimitsRepo(database.db), { now: () => new Date(now) });

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    now = START;
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("the policy: 10 attempts a minute per address, 5 password checks per 15 minutes per account", () => {
    expect(LOGIN_IP_LIMIT).toEqual({ limit: 10, windowMs: MINUTE });
    expect(LOGIN_ACCOUNT_FAILURE_LIMIT).toEqual({ limit: 5, windowMs: 15 * MINUTE });
  });

  test("an IP gets 10 attempts a minute, on any accounts, then waits for the minute to pass", async () => {
    for (let i = 0; i < 9; i++) {
      expect(await limiter().checkLoginAllowed("203.0.113.7", `user${i}@example.org`)).toEqual({ allowed: true });
    }
    // The tenth is allowed, and says it was the last (the server logs that the limit is reached).
    expect(await limiter().checkLoginAllowed("203.0.113.7", "user9@example.org")).toEqual({ allowed: true, ipLimitReached: true });
    now = START + 20 * SECOND;
    expect(await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).toEqual({ allowed: false, retryAfterSeconds: 40 });
    expect(await limiter().checkLoginAllowed("198.51.100.1", "admin@example.org")).toEqual({ allowed: true });
    now = START + MINUTE;
    expect(await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).toEqual({ allowed: true });
  });

  test("every attempt counts against the account before its password is checked: the sixth in 15 minutes is refused, from any IP", async () => {
    for (let i = 0; i < 4; i++) expect(await limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org")).toEqual({ allowed: true });
    now = START + 5 * MINUTE;
    // The fifth says it was the last: if its password is wrong, the account is locked (the server logs it).
    expect(await limiter().checkLoginAllowed("192.0.2.4", "Admin@Example.org")).toEqual({ allowed: true, accountLimitReached: true });
    expect(await limiter().checkLoginAllowed("198.51.100.1", "admin@example.org")).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
    expect(await limiter().accountLockedFor("ADMIN@example.org")).toBe(10 * 60);
    expect(await limiter().checkLoginAllowed("198.51.100.1", "other@example.org")).toEqual({ allowed: true });
    now = START + 15 * MINUTE - SECOND;
    expect((await limiter().checkLoginAllowed("192.0.2.9", "admin@example.org")).allowed).toBe(false);
    // Refused attempts went on counting, but the window did not move: it ends 15 minutes after the first attempt.
    now = START + 15 * MINUTE;
    expect(await limiter().checkLoginAllowed("192.0.2.9", "admin@example.org")).toEqual({ allowed: true });
    expect(await limiter().accountLockedFor("admin@example.org")).toBe(0);
  });

  test("50 attempts on one account at once, from 50 addresses: exactly 5 are let through to a password check", async () => {
    const checks = await Promise.all(
      Array.from({ length: 50 }, (_, i) => limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org")),
    );
    const allowed = checks.filter((check) => check.allowed);
    expect(allowed).toHaveLength(LOGIN_ACCOUNT_FAILURE_LIMIT.limit);
    // One of them, and only one, was the account's last.
    expect(allowed.filter((check) => check.accountLimitReached)).toHaveLength(1);
    expect(checks.filter((check) => !check.allowed)).toEqual(
      Array.from({ length: 45 }, () => ({ allowed: false, retryAfterSeconds: 900 })),
    );
  });

  test("an attempt refused for its address does not count against the account", async () => {
    for (let i = 0; i < 10; i++) await limiter().checkLoginAllowed("203.0.113.7", `user${i}@example.org`);
    for (let i = 0; i < 10; i++) expect((await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).allowed).toBe(false);
    expect(await limiter().checkLoginAllowed("198.51.100.1", "admin@example.org")).toEqual({ allowed: true });
  });

  test("a password change's check counts against the same account limit", async () => {
    for (let i = 0; i < 3; i++) await limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org");
    expect(await limiter().checkAccountAllowed("admin@example.org")).toEqual({ allowed: true });
    expect(await limiter().checkAccountAllowed("admin@example.org")).toEqual({ allowed: true, accountLimitReached: true });
    expect(await limiter().checkAccountAllowed("admin@example.org")).toEqual({ allowed: false, retryAfterSeconds: 900 });
    expect((await limiter().checkLoginAllowed("192.0.2.9", "admin@example.org")).allowed).toBe(false);
  });

  test("a right password starts the account's count again", async () => {
    for (let i = 0; i < 4; i++) await limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org");
    await limiter().recordLoginSuccess("ADMIN@example.org");
    for (let i = 0; i < 4; i++) await limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org");
    expect(await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).toEqual({ allowed: true, accountLimitReached: true });
  });

  test("the counters store neither emails nor addresses", async () => {
    await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org");
    const keys = (await database.db.selectFrom("rateLimits").select("key").execute()).map((r) => r.key).sort();
    expect(keys).toEqual([loginAccountKey("admin@example.org"), loginIpKey("203.0.113.7")].sort());
    expect(keys.join(" ")).not.toMatch(/admin|example|203\.0/);
  });
});
