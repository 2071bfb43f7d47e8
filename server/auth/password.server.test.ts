import { describe, expect, test } from "vitest";
import {
  ARGON2_OPTIONS,
  DUMMY_PASSWORD_HASH,
  generateOneTimePassword,
  hashOrBusy,
  hashPassword,
  newPasswordProblem,
  PASSWORD_HASHING_CONCURRENCY,
  PASSWORD_HASHING_MAX_WAITING,
  PasswordHashingBusyError,
  passwordSchema,
  personalWords,
  verifyOrBusy,
  verifyPassword,
} from "./password.server";

import { BREACHED_PASSWORD_MESSAGE } from "#core/messages/security.ts";
describe("passwords", () => {
  test("a new password has 8 to 128 characters", async () => {
    const hardToGuess = "kq8#Vz2!Lm";
    expect(await newPasswordProblem(hardToGuess)).toBeUndefined();
    expect(await newPasswordProblem(`${hardToGuess} ${"tiger lily gravel ".repeat(7)}`.slice(0, 128))).toBeUndefined();
    expect(await newPasswordProblem("kq8#Vz2")).toBe("New password must be at least 8 characters");
    expect(await newPasswordProblem(`${hardToGuess}${"x".repeat(119)}`)).toBe("New password must be at most 128 characters");
  });

  test("a common or breached password is refused, saying so; so is one easy to guess, saying why", async () => {
    for (const breached of ["password", "12345678", "Qwertyuiop", "iloveyou"]) {
      expect(await newPasswordProblem(breached)).toBe(BREACHED_PASSWORD_MESSAGE);
      expect((await passwordSchema.safeParseAsync(breached)).error?.issues[0]?.message).toBe(BREACHED_PASSWORD_MESSAGE);
    }
    expect(await newPasswordProblem("Password1!")).toMatch(
      /^This password is too easy to guess\. This is similar to a commonly used password\./,
    );
    expect(await newPasswordProblem("aaaaaaaaaaaa")).toMatch(/^This password is too easy to guess\. Repeated characters/);
    expect(await newPasswordProblem("correct horse battery")).toBeUndefined();
  });

  test("a password built from the account's own email or name is refused", async () => {
    const account = { email: "ayesha.khan@example.org", name: "Ayesha Khan" };
    expect(await newPasswordProblem("ayeshakhan", personalWords(account))).toContain(
      "There should not be any personal or page related data.",
    );
    expect(await newPasswordProblem("ayeshakhan")).not.toContain("personal");
  });

  test("an admin who chose a password of up to 256 characters before the 128 limit can still sign in", async () => {
    const long = "tiger lily gravel ".repeat(14).slice(0, 250);
    expect(await verifyPassword(await hashPassword(long), long)).toBe(true);
    expect(await verifyPassword(await hashPassword(long), `${long}${"x".repeat(7)}`)).toBe(false);
  });

  test("hashes are argon2id with OWASP's parameters and a salt of their own", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
  });

  test("the right password verifies, a wrong one does not", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "correct horsE")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  test("a long password is not truncated: one differing only in its last character does not verify", async () => {
    const password = `${"x".repeat(99)}a`;
    const hash = await hashPassword(password);
    expect(await verifyPassword(hash, password)).toBe(true);
    expect(await verifyPassword(hash, `${"x".repeat(99)}b`)).toBe(false);
  });

  test("the same characters verify whatever their Unicode composition", async () => {
    const hash = await hashPassword("caf\u00e9-latte");
    expect(await verifyPassword(hash, "cafe\u0301-latte")).toBe(true);
  });

  test("a malformed hash, an over-long password or no account is false, not an exception", async () => {
    expect(await verifyPassword("not a hash", "whatever1")).toBe(false);
    expect(await verifyPassword("", "whatever1")).toBe(false);
    expect(await verifyPassword(await hashPassword("a".repeat(8)), "a".repeat(100_000))).toBe(false);
    expect(await verifyPassword(undefined, "whatever1")).toBe(false);
  });

  test("the dummy hash checked for unknown emails has the same parameters as every stored hash (so the same cost)", async () => {
    const params = (await hashPassword("whatever1")).split("$").slice(0, 4).join("$");
    expect(DUMMY_PASSWORD_HASH.split("$").slice(0, 4).join("$")).toBe(params);
  });

  test("hashing is bounded for the whole process: beyond the running and the waiting hashes, hashing and checking are refused", async () => {
    const accepted = PASSWORD_HASHING_CONCURRENCY + PASSWORD_HASHING_MAX_WAITING;
    expect(PASSWORD_HASHING_MAX_WAITING).toBe(8);
    // Asked for all at once: the first ones take the slots and the waiting places, the next are refused, not queued.
    const hashes = Array.from({ length: accepted }, (_, i) => hashPassword(`password ${i}`));
    await expect(hashPassword("one too many")).rejects.toBeInstanceOf(PasswordHashingBusyError);
    await expect(verifyPassword(DUMMY_PASSWORD_HASH, "one too many")).rejects.toBeInstanceOf(PasswordHashingBusyError);
    const stored = await Promise.all(hashes);
    expect(new Set(stored).size).toBe(accepted);
    // Once they are done, hashing takes requests again.
    expect(await verifyPassword(stored[0], "password 0")).toBe(true);
  });

  test("while hashing is busy, hashOrBusy and verifyOrBusy answer 'busy' with a time to retry instead of throwing", async () => {
    const accepted = PASSWORD_HASHING_CONCURRENCY + PASSWORD_HASHING_MAX_WAITING;
    const hashes = Array.from({ length: accepted }, (_, i) => hashPassword(`password ${i}`));
    const busy = { ok: false, reason: "busy", retryAfterSeconds: 5 };
    expect(await hashOrBusy("one too many")).toEqual(busy);
    expect(await verifyOrBusy(DUMMY_PASSWORD_HASH, "one too many")).toEqual(busy);
    const stored = await Promise.all(hashes);
    const hashed = await hashOrBusy("password 0");
    expect(hashed.ok && (await verifyPassword(hashed.hash, "password 0"))).toBe(true);
    expect(await verifyOrBusy(stored[0], "password 0")).toEqual({ ok: true, matches: true });
    expect(await verifyOrBusy(stored[0], "password 1")).toEqual({ ok: true, matches: false });
  });

  test("one-time passwords are long, readable and random", async () => {
    const passwords = Array.from({ length: 50 }, generateOneTimePassword);
    for (const password of passwords) {
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(password).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{6}(-[a-km-np-zA-HJ-NP-Z2-9]{6}){3}$/);
      expect((await passwordSchema.safeParseAsync(password)).success).toBe(true);
    }
    expect(new Set(passwords).size).toBe(50);
    // zxcvbn takes some 45 ms over each 27-character password: 2–3 s in all, past vitest's 5 s on a loaded machine.
  }, 30_000);
});
