import { beforeAll, describe, expect, test } from "vitest";
import { LOGIN_ACCOUNT_FAILURE_LIMIT, loginAccountKey } from "#server/auth/rate-limit.server.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { ADMIN, auditedTimes, postLoginWhenLetIn } from "./helpers/admin";
import { freshIp } from "./helpers/forms";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const GUESSES = 50;
const LOCKED = "Too many login attempts. Please try again in 15 minutes.";

/**
 * Hole 1 of issue 20: a failed login was counted only after its password hash, so a burst of parallel guesses all ran
 * their hashes before the lock counted any of them. Now every attempt is counted against the account (one atomic
 * statement on the database) before its hash runs, and refused unhashed beyond the limit.
 *
 * The guesses come from as many addresses, so only the account's limit stands in their way. A guess the login's door
 * turns away while others are being checked (429 "right now", before anything counts it) is sent again, so every one of
 * the 50 reaches the count. Each password hash a login runs ends in an audited `login.failure` (counted, one entry per
 * network and 10 minutes) or `login.success`: the audit log counts the hashes.
 *
 * Fails when: more guesses than the limit are checked (more 401s, more audited failures), a refused guess is hashed,
 * or the right password gets in while the lock lasts.
 */
describe.each(testEngines())("guessing the admin's password on %s", (engine) => {
  const setup = useTestServer(engine, { env: { TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  const hashesRun = () => auditedTimes(server, "login.");

  test("50 wrong guesses at once run at most 5 hashes, and then the right password is refused for the lockout period", async () => {
    const before = await hashesRun();
    const guessesStarted = Date.now();

    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        postLoginWhenLetIn(server, { email: ADMIN.email, password: `wrong guess ${i}` }, freshIp()),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array<number>(LOGIN_ACCOUNT_FAILURE_LIMIT.limit).fill(401), ...Array<number>(GUESSES - 5).fill(429)]);
    for (const refused of answers.filter((answer) => answer.status === 429)) expect(refused.body.error).toBe(LOCKED);
    expect((await hashesRun()) - before).toBe(LOGIN_ACCOUNT_FAILURE_LIMIT.limit);

    // The right password, from an address never seen: refused, unhashed, until 15 minutes after the first failure
    // (however long the guesses took to get through the door), and told how long that is.
    const { resetAt: resetAt } = await server.database.db
      .selectFrom("rateLimits")
      .select("resetAt")
      .where("key", "=", loginAccountKey(ADMIN.email))
      .executeTakeFirstOrThrow();
    expect(Date.parse(resetAt)).toBeGreaterThanOrEqual(guessesStarted + LOGIN_ACCOUNT_FAILURE_LIMIT.windowMs);
    expect(Date.parse(resetAt)).toBeLessThanOrEqual(Date.now() + LOGIN_ACCOUNT_FAILURE_LIMIT.windowMs);
    const askedAt = Date.now();
    const right = await postLoginWhenLetIn(server, ADMIN, freshIp());
    expect(right.status).toBe(429);
    expect(right.body.error).toBe(LOCKED);
    const retryAfter = Number(right.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((Date.parse(resetAt) - Date.now()) / 1000));
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((Date.parse(resetAt) - askedAt) / 1000));
    expect(right.headers.get("set-cookie")).toBeNull();
    expect((await hashesRun()) - before).toBe(LOGIN_ACCOUNT_FAILURE_LIMIT.limit);

    // Once the window has passed (moved to its end here, not waited for), the right password gets in.
    await server.database.db
      .updateTable("rateLimits")
      .set({ resetAt: new Date(Date.now() - 1000).toISOString() })
      .where("key", "=", loginAccountKey(ADMIN.email))
      .execute();
    const after = await postLoginWhenLetIn(server, ADMIN, freshIp());
    expect(after.status).toBe(302);
    expect((await hashesRun()) - before).toBe(LOGIN_ACCOUNT_FAILURE_LIMIT.limit + 1);
    // The door lets one login in at a time, paced: 50 take a few seconds, far more on a busy machine.
  }, 120_000);
});
