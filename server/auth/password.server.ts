import crypto from "node:crypto";
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
/** An upper bound keeps hashing cheap for hostile input; longer passwords are refused, never cut. */
export const PASSWORD_MAX_LENGTH = 256;

/** A new password, as every form, action and CLI checks it. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** OWASP's argon2id configuration: 19 MiB, 2 passes, 1 lane. `Algorithm` is a const enum; 2 is Argon2id. */
const ARGON2ID = 2 as Algorithm;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The same characters typed on different systems hash alike. */
const normalize = (password: string): string => password.normalize("NFC");

export async function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches the stored hash. Never throws: a malformed hash or an over-long
 * password is simply false. Pass `undefined` when no account was found: a dummy hash is checked
 * instead, so the answer takes as long as for a real account and does not reveal which emails exist.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  const target = passwordHash ?? (await (dummyHash ??= hashPassword(crypto.randomBytes(32).toString("hex"))));
  if (password.length > PASSWORD_MAX_LENGTH) return false;
  try {
    const ok = await verify(target, normalize(password));
    return ok && passwordHash !== undefined;
  } catch {
    return false;
  }
}

// No 0/O, 1/l/I: easy to read aloud and to type from a terminal.
const READABLE = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A random password for a first login: 24 readable characters in groups of 6 (about 137 bits). */
export function generateOneTimePassword(): string {
  const chars = Array.from({ length: 24 }, () => READABLE[crypto.randomInt(READABLE.length)]);
  return [0, 6, 12, 18].map((i) => chars.slice(i, i + 6).join("")).join("-");
}
