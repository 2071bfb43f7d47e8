import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export interface RateLimitResult {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Hits left in the current window. */
  remaining: number;
  /** 0 when allowed; otherwise seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimitWindow {
  count: number;
  resetAt: string;
}

/** Whole seconds from `now` until `resetAt`, at least 1. */
export const secondsUntil = (resetAt: string, now: Date): number => Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 1000));

/**
 * Fixed-window counters in the database, so every process behind a load balancer shares them.
 * Times are fixed-width ISO-8601 UTC strings, which compare as text in time order on both engines.
 */
export function rateLimitsRepo(db: Kysely<Database>) {
  return {
    /**
     * Counts one hit against `key` in one atomic statement: a new or expired window starts at 1,
     * a current one goes up by 1. Hits beyond the limit are refused (and still counted).
     */
    async hit(key: string, limit: number, windowMs: number, now: Date = new Date()): Promise<RateLimitResult> {
      const nowIso = now.toISOString();
      const resetAt = new Date(now.getTime() + windowMs).toISOString();
      const row = await db
        .insertInto("rateLimits")
        .values({ key, count: 1, windowStartedAt: nowIso, resetAt: resetAt })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet((eb) => {
            const expired = eb("rateLimits.resetAt", "<=", nowIso);
            return {
              count: eb
                .case()
                .when(expired)
                .then(1)
                .else(eb("rateLimits.count", "+", 1))
                .end(),
              windowStartedAt: eb
                .case()
                .when(expired)
                .then(eb.ref("excluded.windowStartedAt"))
                .else(eb.ref("rateLimits.windowStartedAt"))
                .end(),
              resetAt: eb.case().when(expired).then(eb.ref("excluded.resetAt")).else(eb.ref("rateLimits.resetAt")).end(),
            };
          }),
        )
        .returning(["count", "resetAt"])
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      const allowed = count <= limit;
      return { allowed, count, remaining: Math.max(0, limit - count), retryAfterSeconds: allowed ? 0 : secondsUntil(row.resetAt, now) };
    },

    /** The current window of `key` without counting a hit; undefined when none is running. */
    async peek(key: string, now: Date = new Date()): Promise<RateLimitWindow | undefined> {
      const row = await db
        .selectFrom("rateLimits")
        .select(["count", "resetAt"])
        .where("key", "=", key)
        .where("resetAt", ">", now.toISOString())
        .executeTakeFirst();
      return row && { count: Number(row.count), resetAt: row.resetAt };
    },

    async reset(key: string): Promise<void> {
      await db.deleteFrom("rateLimits").where("key", "=", key).execute();
    },

    /** Removes windows that have ended; returns how many. */
    async deleteExpired(now: Date = new Date()): Promise<number> {
      const result = await db.deleteFrom("rateLimits").where("resetAt", "<=", now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitsRepo = ReturnType<typeof rateLimitsRepo>;
