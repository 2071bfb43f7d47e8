import { ConfigError, invalidVariable } from "#server/config.ts";
import type { Repos } from "#server/repos/index.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import { passwordWeakness } from "./password-strength.server";
import { generateOneTimePassword, hashPassword } from "./password.server";

/**
 * The address of an admin created with a one-time password when ADMIN_EMAIL is not set. example.org is
 * reserved (RFC 2606), so it can never be somebody's real mailbox, and unlike `admin@localhost` it passes
 * every email validator, including the login form's.
 */
export const DEFAULT_ADMIN_EMAIL = "admin@example.org";

/** A printed one-time password signs in for this long; then only the admin CLI sets a new one. */
export const ONE_TIME_PASSWORD_LIFETIME_MS = 24 * 60 * 60 * 1000;

export interface EnsureAdminOptions {
  repos: Pick<Repos, "admins" | "auditLog">;
  /**
   * ADMIN_EMAIL and ADMIN_PASSWORD, checked by parseConfig: both, or undefined for neither. Whether the password is
   * easy to guess is judged here, where it is used.
   */
  admin: { email: string; password: string } | undefined;
  logger: { info(details: object, message: string): void };
  /** Where the one-time password goes, once (the console; never the structured log). */
  print: (line: string) => void;
  now?: () => Date;
}

const WEAK_ADMIN_PASSWORD = "a password that is not common or easy to guess (several uncommon words)";

export type EnsureAdminResult = { created: false } | { created: true; adminId: string; oneTimePassword: boolean };

/**
 * Run at start. When no admin exists it creates one: from ADMIN_EMAIL + ADMIN_PASSWORD when set, else as
 * DEFAULT_ADMIN_EMAIL with a printed one-time password that must be changed at first login. When an admin exists it
 * changes nothing (the variables never reset a password; use the admin CLI). An ADMIN_PASSWORD that is common or easy
 * to guess stops the start (ConfigError) before an admin is created.
 */
export async function ensureAdmin({ repos, admin, logger, print, now = () => new Date() }: EnsureAdminOptions): Promise<EnsureAdminResult> {
  const { admins } = repos;
  if ((await admins.count()) > 0) return { created: false };
  if (admin && (await passwordWeakness(admin.password)) !== undefined) {
    throw new ConfigError([invalidVariable("ADMIN_PASSWORD", WEAK_ADMIN_PASSWORD, admin.password)]);
  }

  const oneTime = admin === undefined;
  const initialPassword = admin?.password ?? generateOneTimePassword();
  let adminId: string;
  try {
    const created = await admins.create({
      email: admin?.email ?? DEFAULT_ADMIN_EMAIL,
      passwordHash: await hashPassword(initialPassword),
      mustChangePassword: oneTime,
      role: "owner",
      passwordExpiresAt: oneTime ? new Date(now().getTime() + ONE_TIME_PASSWORD_LIFETIME_MS).toISOString() : null,
    });
    adminId = created.id;
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
    print("It is shown only once, works for 24 hours, and must be changed at first login.");
  } else {
    logger.info({ adminId }, "admin created from ADMIN_EMAIL and ADMIN_PASSWORD");
  }
  return { created: true, adminId, oneTimePassword: oneTime };
}
