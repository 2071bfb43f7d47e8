import crypto from "node:crypto";
import os from "node:os";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { newPasswordField } from "#core/schemas/password.ts";
import { inTurnQueue } from "#server/in-turn.ts";
import { passwordWeakness } from "./password-strength.server";

/**
 * The longest password `verifyPassword` hashes. New passwords stop at PASSWORD_MAX_LENGTH (128); this bound stays at
 * the old limit so an admin who chose a longer password before can still sign in and change it.
 */
const VERIFIED_MAX_LENGTH = 256;

/**
 * Why a new password is refused (its length, the list of breached passwords, how easy it is to guess), or undefined.
 * `personal` is what an attacker would try first for the account: its email and name.
 */
export async function newPasswordProblem(password: string, personal: string[] = []): Promise<string | undefined> {
  const length = newPasswordField.safeParse(password);
  if (!length.success) return length.error.issues[0]?.message ?? "Invalid password";
  return passwordWeakness(password, personal);
}

/** The words of an account an attacker tries first: its email (and the parts of it) and its name. */
export const personalWords = (account: { email: string; name?: string | null }): string[] =>
  [account.email, account.name ?? ""].filter((word) => word !== "");

/**
 * A new password as the operator's settings and CLI check it (no account to compare it with yet). Its check is
 * asynchronous (the judging thread): parse it with `safeParseAsync`.
 */
export const passwordSchema = newPasswordField.superRefine(async (password, context) => {
  const problem = await passwordWeakness(password);
  if (problem) context.addIssue({ code: "custom", message: problem });
});

/** OWASP's argon2id configuration: 19 MiB, 2 passes, 1 lane. `Algorithm` is a const enum; 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The same characters typed on different systems hash alike. */
const normalize = (password: string): string => password.normalize("NFC");

/**
 * argon2 runs on libuv's thread pool (4 threads), which also reads files and compresses pages. Unbounded, a burst of
 * logins fills every thread with 19 MiB hashes, and every page waits behind them. So at most this many hashes run at
 * once in a process (half the cores, 1 or 2); the rest wait their turn. Logins never wait: one is let in only when a
 * slot is free for it (server/http/request-guards.ts, `limitConcurrentLogins`).
 */
export const PASSWORD_HASHING_CONCURRENCY = Math.min(2, Math.max(1, Math.floor(os.availableParallelism() / 2)));

/**
 * At most this many hashes wait for a slot in a process (a fraction of a second of work: a hash takes some 40 ms);
 * beyond it, hashing is refused with `PasswordHashingBusyError`, whoever asks (a login, a password change), and the
 * request answers 429. Memory and the wait stay bounded however many requests come in.
 */
export const PASSWORD_HASHING_MAX_WAITING = 8;

/** What a request refused because hashing is busy tells the client: try again in a moment. */
const PASSWORD_HASHING_BUSY_RETRY_AFTER_SECONDS = 5;

/** Thrown by `hashPassword` and `verifyPassword` when `PASSWORD_HASHING_MAX_WAITING` hashes are already waiting. */
export class PasswordHashingBusyError extends Error {
  override name = "PasswordHashingBusyError";
  constructor() {
    super(`More than ${PASSWORD_HASHING_MAX_WAITING} password hashes waiting for a slot`);
  }
}

const inTurn = inTurnQueue(PASSWORD_HASHING_CONCURRENCY, {
  maxWaiting: PASSWORD_HASHING_MAX_WAITING,
  whenFull: () => new PasswordHashingBusyError(),
});

/** Throws `PasswordHashingBusyError` when too many hashes are waiting. */
export async function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(normalize(password), ARGON2_OPTIONS));
}

/** How a request refused because hashing is busy answers (429, `Retry-After`): nothing was hashed or checked. */
export interface PasswordHashingBusy {
  ok: false;
  reason: "busy";
  retryAfterSeconds: number;
}

/** `hashing`'s result, or the busy answer in place of `PasswordHashingBusyError`; any other error is thrown on. */
async function unlessBusy<T>(hashing: Promise<T>): Promise<T | PasswordHashingBusy> {
  try {
    return await hashing;
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    return { ok: false, reason: "busy", retryAfterSeconds: PASSWORD_HASHING_BUSY_RETRY_AFTER_SECONDS };
  }
}

/** A new password's hash (`hashPassword`), or the busy answer when too many hashes are waiting. */
export const hashOrBusy = (password: string): Promise<{ ok: true; hash: string } | PasswordHashingBusy> =>
  unlessBusy(hashPassword(password).then((hash) => ({ ok: true as const, hash })));

/**
 * Checked when no account has the email: the hash of a random password nobody knows (thrown away), with the same
 * parameters as every stored hash, so the answer takes as long as for a real account from the very first attempt.
 */
export const DUMMY_PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$w3IwiEpOimMypBsJg2G/Zw$ay6SoWolnK7jNE31s1DEMDch08H7jegmOSKiyeJVrlw";

/**
 * True when `password` matches the stored hash. A malformed hash or an over-long password is simply false; the only
 * exception is `PasswordHashingBusyError` (too many hashes waiting), and then nothing was checked. Pass `undefined`
 * when no account was found: a dummy hash is checked instead, so the answer takes as long as for a real account and
 * does not reveal which emails exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (password.length > VERIFIED_MAX_LENGTH) return false;
  return inTurn(async () => {
    try {
      const ok = await verify(passwordHash ?? DUMMY_PASSWORD_HASH, normalize(password));
      return ok && passwordHash !== undefined;
    } catch {
      return false;
    }
  });
}

/** Whether the password matches (`verifyPassword`), or the busy answer when too many hashes are waiting. */
export const verifyOrBusy = (
  passwordHash: string | undefined,
  password: string,
): Promise<{ ok: true; matches: boolean } | PasswordHashingBusy> =>
  unlessBusy(verifyPassword(passwordHash, password).then((matches) => ({ ok: true as const, matches })));

// No 0/O, 1/l/I: easy to read aloud and to type from a terminal.
const READABLE = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random password for a first login: 24 readable characters in groups of 6 (about 137 bits). */
export function generateOneTimePassword(): string {
  const chars = Array.from({ length: 24 }, () => READABLE[crypto.randomInt(READABLE.length)]);
  return [0, 6, 12, 18].map((i) => chars.slice(i, i + 6).join("")).join("-");
}
