import type * as argon2 from "@node-rs/argon2";
import { verify } from "@node-rs/argon2";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { logIn } from "#server/auth/login.server.ts";
import { DUMMY_PASSWORD_HASH, hashPassword } from "#server/auth/password.server.ts";
import { createRepos } from "#server/repos/index.ts";
import { openTestDatabase, type TestDatabase, answerTestEngines } from "#tests/shared/test-database.ts";

// Every argon2 verification the login makes, counted (and still done for real).
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof argon2>();
  return { ...real, verify: vi.fn(real.verify) };
});

/**
 * An unknown email must cost as much as a wrong password for a real account, or the answer's timing tells which
 * emails have an account. Instead of timing the two (which a busy machine blurs either way), this checks what makes
 * them alike: each runs exactly one argon2 verification, the unknown email against a dummy hash with the same
 * parameters as every stored hash (server/auth/password.server.test.ts checks those parameters).
 *
 * Fails when: an unknown email skips the verification (no call), or checks something else than the dummy hash, or
 * either path verifies more than once.
 */
describe.each(answerTestEngines())("a login's password check on %s", (engine) => {
  let database: TestDatabase;
  let storedHash: string;
  const attempt = (email: string, ip: string) => logIn(database.db, { ip, email, password: "not the password", userAgent: "Firefox" });

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    storedHash = await hashPassword("the right password");
    await createRepos(database.db).admins.create({ email: "admin@example.org", passwordHash: storedHash });
    vi.mocked(verify).mockClear();
  });
  afterEach(async () => {
    await database.destroy();
  });

  test("an unknown email runs the same single argon2 verification as a wrong password for the real account", async () => {
    expect(await attempt("admin@example.org", "203.0.113.1")).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(vi.mocked(verify).mock.calls.map(([hash]) => hash)).toEqual([storedHash]);

    vi.mocked(verify).mockClear();
    expect(await attempt("nobody@example.org", "203.0.113.2")).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(vi.mocked(verify).mock.calls.map(([hash]) => hash)).toEqual([DUMMY_PASSWORD_HASH]);
  });
});
