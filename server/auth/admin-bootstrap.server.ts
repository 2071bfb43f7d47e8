import { z } from "zod";
import type { Repos } from "../repos";
import { AUDIT_ACTOR } from "../repos/audit-log";
import { generateOneTimePassword, hashPassword, passwordSchema } from "./password.server";

/**
 * The address of an admin created with a one-time password when ADMIN_EMAIL is not set. example.org is
 * reserved (RFC 2606), so it can never be somebody's real mailbox, and unlike `admin@localhost` it passes
 * every email validator, including the login form's.
 */
export const DEFAULT_ADMIN_EMAIL = "admin@example.org";

export interface EnsureAdminOptions {
  repos: Pick<Repos, "admins" | "auditLog">;
  /** ADMIN_EMAIL and ADMIN_PASSWORD: both or neither. */
  email?: string;
  password?: string;
  logger: { info(details: object, message: string): void };
  /** Where the one-time password goes, once (the console; never the structured log). */
  print: (line: string) => void;
}

export type EnsureAdminResult = { created: false } | { created: true; adminId: string; oneTimePassword: boolean };

export class AdminBootstrapError extends Error {
  override name = "AdminBootstrapError";
}

/**
 * Run at start. When no admin exists it creates one: from ADMIN_EMAIL + ADMIN_PASSWORD when both are
 * set, else as DEFAULT_ADMIN_EMAIL with a printed one-time password that must be changed at first login.
 * When an admin exists it changes nothing (the variables never reset a password; use the admin CLI).
 * Throws when only one of the two variables is set, or when they are invalid.
 */
export async function ensureAdmin(options: EnsureAdminOptions): Promise<EnsureAdminResult> {
  const { repos, logger, print } = options;
  const { admins } = repos;
  const email = options.email || undefined;
  const password = options.password || undefined;
  if ((email === undefined) !== (password === undefined)) {
    throw new AdminBootstrapError("ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or neither, to get a one-time password)");
  }
  if (email !== undefined && !z.email().safeParse(email.trim()).success) {
    throw new AdminBootstrapError("Invalid environment variable ADMIN_EMAIL: expected an email address");
  }
  if (password !== undefined && !passwordSchema.safeParse(password).success) {
    throw new AdminBootstrapError("Invalid environment variable ADMIN_PASSWORD: expected 8 to 256 characters");
  }
  if ((await admins.count()) > 0) return { created: false };

  const oneTime = password === undefined;
  const initialPassword = password ?? generateOneTimePassword();
  let adminId: string;
  try {
    const admin = await admins.create({
      email: email ?? DEFAULT_ADMIN_EMAIL,
      passwordHash: await hashPassword(initialPassword),
      mustChangePassword: oneTime,
    });
    adminId = admin.id;
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if ((await admins.count()) > 0) return { created: false };
    throw error;
  }

  await repos.auditLog.record(AUDIT_ACTOR.system, "admin.bootstrap", `admin=${adminId}`);
  if (oneTime) {
    logger.info({ adminId }, "admin created with a one-time password (printed to the console)");
    print(`An admin account was created: ${DEFAULT_ADMIN_EMAIL}`);
    print(`One-time password: ${initialPassword}`);
    print("It is shown only once and must be changed at first login.");
  } else {
    logger.info({ adminId }, "admin created from ADMIN_EMAIL and ADMIN_PASSWORD");
  }
  return { created: true, adminId, oneTimePassword: oneTime };
}
