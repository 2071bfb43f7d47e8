import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { rateLimitsRepo } from "../repos/rate-limits";
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

  test("the policy: 10 attempts a minute per IP, 5 failures per 15 minutes per account", () => {
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

  test("5 failures lock the account for the rest of 15 minutes, from any IP", async () => {
    for (let i = 0; i < 4; i++) expect(await limiter().recordLoginFailure("admin@example.org")).toEqual({ accountLocked: false });
    expect(await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).toEqual({ allowed: true });
    now = START + 5 * MINUTE;
    expect(await limiter().recordLoginFailure("Admin@Example.org")).toEqual({ accountLocked: true });
    expect(await limiter().checkLoginAllowed("198.51.100.1", "admin@example.org")).toEqual({ allowed: false, retryAfterSeconds: 10 * 60 });
    expect(await limiter().accountLockedFor("ADMIN@example.org")).toBe(10 * 60);
    expect(await limiter().checkLoginAllowed("198.51.100.1", "other@example.org")).toEqual({ allowed: true });
    now = START + 15 * MINUTE - SECOND;
    expect((await limiter().checkLoginAllowed("192.0.2.1", "admin@example.org")).allowed).toBe(false);
    now = START + 15 * MINUTE;
    expect(await limiter().checkLoginAllowed("192.0.2.1", "admin@example.org")).toEqual({ allowed: true });
    expect(await limiter().accountLockedFor("admin@example.org")).toBe(0);
  });

  test("checking does not count as a failure", async () => {
    for (let i = 0; i < 9; i++) await limiter().checkLoginAllowed(`192.0.2.${i}`, "admin@example.org");
    expect(await limiter().accountLockedFor("admin@example.org")).toBe(0);
  });

  test("a successful login clears the account's failures", async () => {
    for (let i = 0; i < 4; i++) await limiter().recordLoginFailure("admin@example.org");
    await limiter().recordLoginSuccess("ADMIN@example.org");
    for (let i = 0; i < 4; i++) await limiter().recordLoginFailure("admin@example.org");
    expect(await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org")).toEqual({ allowed: true });
  });

  test("the counters store neither emails nor addresses", async () => {
    await limiter().checkLoginAllowed("203.0.113.7", "admin@example.org");
    await limiter().recordLoginFailure("admin@example.org");
    const keys = (await database.db.selectFrom("rate_limits").select("key").execute()).map((r) => r.key).sort();
    expect(keys).toEqual([loginAccountKey("admin@example.org"), loginIpKey("203.0.113.7")].sort());
    expect(keys.join(" ")).not.toMatch(/admin|example|203\.0/);
  });
});
