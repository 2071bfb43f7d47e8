import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import type { AdminRecord } from "#server/repos/admins.ts";
import type { AuthClockOptions } from "./login.server";
import { type PasswordHashingBusy, verifyOrBusy } from "./password.server";
import { loginRateLimiter } from "./rate-limit.server";

export type OwnPasswordCheck =
  | { ok: true; admin: AdminRecord }
  | { ok: false; reason: "invalid-credentials" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  /** Too many password hashes already waiting in this process: nothing was checked. */
  | PasswordHashingBusy;

/**
 * A signed-in admin's password, typed again before a sensitive change (a new password, two factors off, new recovery
 * codes). It counts against the account's login limit before its hash runs (a right one starts the count again, as a
 * login does), so a stolen session cannot be used to guess the password faster than the login form. `refusedAction` is
 * what the audit log calls a wrong one.
 */
export async function checkOwnPassword(
  db: Kysely<Database>,
  input: { adminId: string; password: string; refusedAction: string },
  options: AuthClockOptions = {},
): Promise<OwnPasswordCheck> {
  const repos = createRepos(db);
  const admin = await repos.admins.findById(input.adminId);
  if (!admin) return { ok: false, reason: "invalid-credentials" };
  const limiter = loginRateLimiter(repos.rateLimits, options);
  const check = await limiter.checkAccountAllowed(admin.email);
  if (!check.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: check.retryAfterSeconds };
  const checked = await verifyOrBusy(admin.passwordHash, input.password);
  if (!checked.ok) return checked;
  if (!checked.matches) {
    await repos.auditLog.record(admin.id, input.refusedAction, "wrong current password");
    return { ok: false, reason: "invalid-credentials" };
  }
  await limiter.recordLoginSuccess(admin.email);
  return { ok: true, admin };
}
