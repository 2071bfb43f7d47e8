import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import { hashOrBusy, newPasswordProblem, personalWords } from "./password.server";
import type { AuthClockOptions } from "./login.server";
import { checkOwnPassword, type OwnPasswordCheck } from "./own-password.server";

export interface PasswordChange {
  adminId: string;
  /** The session making the change: it stays signed in, every other session of the admin is revoked. */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}

export type ChangePasswordResult =
  | { ok: true; revokedSessions: number }
  | { ok: false; reason: "invalid-new-password"; message: string }
  /** checkOwnPassword's refusals, busy hashing included ("invalid-credentials": 'Old password is incorrect'). */
  | Exclude<OwnPasswordCheck, { ok: true }>;

/**
 * The signed-in admin's own password change; the current password is checked as `checkOwnPassword` does. The admin's
 * other sessions and open reset links end.
 */
export async function changePassword(
  db: Kysely<Database>,
  change: PasswordChange,
  options: AuthClockOptions = {},
): Promise<ChangePasswordResult> {
  const repos = createRepos(db);
  const admin = await repos.admins.findById(change.adminId);
  if (!admin) return { ok: false, reason: "invalid-credentials" };
  const problem = await newPasswordProblem(change.newPassword, personalWords(admin));
  if (problem) return { ok: false, reason: "invalid-new-password", message: problem };
  const current = await checkOwnPassword(
    db,
    { adminId: admin.id, password: change.currentPassword, refusedAction: "password.change-refused" },
    options,
  );
  if (!current.ok) return current;
  const hashed = await hashOrBusy(change.newPassword);
  if (!hashed.ok) return hashed;
  const revokedSessions = await inTransaction(db, async (trx) => {
    await trx.admins.updatePassword(admin.id, hashed.hash, { mustChangePassword: false });
    const revoked = await trx.sessions.deleteAllForAdmin(admin.id, change.sessionId);
    const links = await trx.adminLinks.revokeOpen("password-reset", admin.email, (options.now?.() ?? new Date()).toISOString());
    await trx.auditLog.record(admin.id, "password.change", `sessions_revoked=${revoked} reset_links_revoked=${links}`);
    return revoked;
  });
  return { ok: true, revokedSessions };
}
