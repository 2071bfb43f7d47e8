import type { Kysely } from "kysely";
import { z } from "zod";
import { forgetDeletedRows } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import type { AdminRecord } from "#server/repos/admins.ts";
import { hashPassword, passwordSchema } from "./password.server";
import { loginAccountKey } from "./rate-limit.server";

/** A refusal worth one line to the operator (bad input, unknown or duplicate account). */
export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

async function validPassword(password: string): Promise<string> {
  const parsed = await passwordSchema.safeParseAsync(password);
  if (!parsed.success) throw new AdminAccountError(parsed.error.issues[0]?.message ?? "Invalid password");
  return parsed.data;
}

/** Whether an admin has this email: the operator hears of a duplicate or a missing account before typing a password. */
export async function adminExists(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await createRepos(db).admins.findByEmail(email)) !== undefined;
}

/** Operator action: a new admin with a password the operator chose (so no change is forced). */
export async function createAdminAccount(
  db: Kysely<Database>,
  input: { email: string; password: string; actor: string },
): Promise<AdminRecord> {
  if (!z.email().safeParse(input.email.trim()).success) throw new AdminAccountError(`Not an email address: ${input.email}`);
  const password = await validPassword(input.password);
  if (await createRepos(db).admins.findByEmail(input.email))
    throw new AdminAccountError(`An admin with the email ${input.email} already exists`);
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (trx) => {
    const admin = await trx.admins.create({ email: input.email, passwordHash, mustChangePassword: false });
    await trx.auditLog.record(input.actor, "admin.create", `admin=${admin.id}`);
    return admin;
  });
}

/**
 * Operator action: replaces the admin's password, clears mustChangePassword, signs the admin out
 * everywhere, ends the account's open reset links and lifts a login lock-out. Returns how many sessions were revoked.
 */
export async function setAdminPassword(
  db: Kysely<Database>,
  input: { email: string; password: string; actor: string },
): Promise<{ admin: AdminRecord; revokedSessions: number }> {
  const password = await validPassword(input.password);
  const repos = createRepos(db);
  const admin = await repos.admins.findByEmail(input.email);
  if (!admin) throw new AdminAccountError(`No admin has the email ${input.email}`);
  const passwordHash = await hashPassword(password);
  const revokedSessions = await inTransaction(db, async (trx) => {
    await trx.admins.updatePassword(admin.id, passwordHash, { mustChangePassword: false });
    const revoked = await trx.sessions.deleteAllForAdmin(admin.id);
    const links = await trx.adminLinks.revokeOpen("password-reset", admin.email, new Date().toISOString());
    await trx.auditLog.record(
      input.actor,
      "admin.set-password",
      `admin=${admin.id} sessions_revoked=${revoked} reset_links_revoked=${links}`,
    );
    return revoked;
  });
  await repos.rateLimits.reset(loginAccountKey(admin.email));
  return { admin, revokedSessions };
}

/**
 * Operator action, for an admin who lost both the authenticator app and the recovery codes: the key and the codes go,
 * and the admin is signed out everywhere; the password alone signs in again.
 */
export async function turnOffTwoFactor(
  db: Kysely<Database>,
  input: { email: string; actor: string },
): Promise<{ admin: AdminRecord; revokedSessions: number }> {
  const admin = await createRepos(db).admins.findByEmail(input.email);
  if (!admin) throw new AdminAccountError(`No admin has the email ${input.email}`);
  const revokedSessions = await inTransaction(db, async (trx) => {
    await trx.admins.disableTotp(admin.id);
    await trx.recoveryCodes.replace(admin.id, [], new Date().toISOString());
    const revoked = await trx.sessions.deleteAllForAdmin(admin.id);
    await trx.auditLog.record(input.actor, "two-factor.disable", `admin=${admin.id} sessions_revoked=${revoked}`);
    return revoked;
  });
  // The secret leaves no copy in the write-ahead log.
  await forgetDeletedRows(db);
  return { admin, revokedSessions };
}
