import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { rateLimitsRepo } from "./rate-limits";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

describe.each(testEngines())("rate limits repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("hits up to the limit are allowed, with the remaining count going down", async () => {
    const repo = rateLimitsRepo(database.db);
    const now = at("2026-11-22T10:00:00.000Z");
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await repo.hit("k", 3, MINUTE, now));
    expect(results).toEqual([
      { allowed: true, count: 1, remaining: 2, retryAfterSeconds: 0 },
      { allowed: true, count: 2, remaining: 1, retryAfterSeconds: 0 },
      { allowed: true, count: 3, remaining: 0, retryAfterSeconds: 0 },
    ]);
  });

  test("a hit over the limit is refused until the window started by the first hit ends", async () => {
    const repo = rateLimitsRepo(database.db);
    await repo.hit("k", 2, MINUTE, at("2026-11-22T10:00:00.000Z"));
    await repo.hit("k", 2, MINUTE, at("2026-11-22T10:00:10.000Z"));
    expect(await repo.hit("k", 2, MINUTE, at("2026-11-22T10:00:20.000Z"))).toEqual({
      allowed: false,
      count: 3,
      remaining: 0,
      retryAfterSeconds: 40,
    });
    expect(await repo.hit("k", 2, MINUTE, at("2026-11-22T10:00:59.500Z"))).toEqual({
      allowed: false,
      count: 4,
      remaining: 0,
      retryAfterSeconds: 1,
    });
    // The window has passed: counting starts again.
    expect(await repo.hit("k", 2, MINUTE, at("2026-11-22T10:01:00.000Z"))).toEqual({
      allowed: true,
      count: 1,
      remaining: 1,
      retryAfterSeconds: 0,
    });
    expect(await repo.peek("k", at("2026-11-22T10:01:00.000Z"))).toEqual({ count: 1, resetAt: "2026-11-22T10:02:00.000Z" });
  });

  test("keys are counted separately", async () => {
    const repo = rateLimitsRepo(database.db);
    const now = at("2026-11-22T10:00:00.000Z");
    await repo.hit("a", 1, MINUTE, now);
    expect((await repo.hit("a", 1, MINUTE, now)).allowed).toBe(false);
    expect((await repo.hit("b", 1, MINUTE, now)).allowed).toBe(true);
  });

  test("concurrent hits are all counted (one atomic statement each)", async () => {
    const repo = rateLimitsRepo(database.db);
    const now = at("2026-11-22T10:00:00.000Z");
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.hit("k", 5, MINUTE, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(await repo.peek("k", now)).toEqual({ count: 20, resetAt: "2026-11-22T10:01:00.000Z" });
  });

  test("peeking counts nothing and sees no window once it has ended", async () => {
    const repo = rateLimitsRepo(database.db);
    expect(await repo.peek("k", at("2026-11-22T10:00:00.000Z"))).toBeUndefined();
    await repo.hit("k", 5, MINUTE, at("2026-11-22T10:00:00.000Z"));
    expect(await repo.peek("k", at("2026-11-22T10:00:30.000Z"))).toEqual({ count: 1, resetAt: "2026-11-22T10:01:00.000Z" });
    expect(await repo.peek("k", at("2026-11-22T10:00:30.000Z"))).toEqual({ count: 1, resetAt: "2026-11-22T10:01:00.000Z" });
    expect(await repo.peek("k", at("2026-11-22T10:01:00.000Z"))).toBeUndefined();
  });

  test("resetting a key starts it afresh", async () => {
    const repo = rateLimitsRepo(database.db);
    const now = at("2026-11-22T10:00:00.000Z");
    await repo.hit("k", 1, MINUTE, now);
    await repo.reset("k");
    expect(await repo.peek("k", now)).toBeUndefined();
    expect((await repo.hit("k", 1, MINUTE, now)).allowed).toBe(true);
  });

  test("ended windows are swept", async () => {
    const repo = rateLimitsRepo(database.db);
    await repo.hit("old", 5, MINUTE, at("2026-11-22T10:00:00.000Z"));
    await repo.hit("new", 5, MINUTE, at("2026-11-22T10:00:30.000Z"));
    expect(await repo.deleteExpired(at("2026-11-22T10:01:00.000Z"))).toBe(1);
    expect(await repo.peek("new", at("2026-11-22T10:01:00.000Z"))).toEqual({ count: 1, resetAt: "2026-11-22T10:01:30.000Z" });
  });
});
