import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../db/schema";
import { type AdminRecord, adminsRepo } from "../repos/admins";
import { auditLogRepo } from "../repos/audit-log";
import { rateLimitsRepo } from "../repos/rate-limits";
import { sessionsRepo } from "../repos/sessions";
import { hashPassword, passwordSchema } from "./password.server";
import { loginAccountKey } from "./rate-limit.server";

/** A refusal worth one line to the operator (bad input, unknown or duplicate account). */
export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

function validPassword(password: string): string {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw new AdminAccountError(parsed.error.issues[0]?.message ?? "Invalid password");
  return parsed.data;
}

/** Operator action: a new admin with a password the operator chose (so no change is forced). */
export async function createAdminAccount(
  db: Kysely<Database>,
  input: { email: string; password: string; actor: string },
): Promise<AdminRecord> {
  if (!z.email().safeParse(input.email.trim()).success) throw new AdminAccountError(`Not an email address: ${input.email}`);
  const password = validPassword(input.password);
  if (await adminsRepo(db).findByEmail(input.email)) throw new AdminAccountError(`An admin with the email ${input.email} already exists`);
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const admin = await adminsRepo(trx).create({ email: input.email, passwordHash, mustChangePassword: false });
    await auditLogRepo(trx).record(input.actor, "admin.create", `admin=${admin.id}`);
    return admin;
  });
}

/**
 * Operator action: replaces the admin's password, clears must_change_password, signs the admin out
 * everywhere and lifts a login lock-out. Returns how many sessions were revoked.
 */
export async function setAdminPassword(
  db: Kysely<Database>,
  input: { email: string; password: string; actor: string },
): Promise<{ admin: AdminRecord; revokedSessions: number }> {
  const password = validPassword(input.password);
  const admin = await adminsRepo(db).findByEmail(input.email);
  if (!admin) throw new AdminAccountError(`No admin has the email ${input.email}`);
  const passwordHash = await hashPassword(password);
  const revokedSessions = await db.transaction().execute(async (trx) => {
    await adminsRepo(trx).updatePassword(admin.id, passwordHash, { mustChangePassword: false }, trx);
    const revoked = await sessionsRepo(trx).deleteAllForAdmin(admin.id);
    await auditLogRepo(trx).record(input.actor, "admin.set-password", `admin=${admin.id} sessions_revoked=${revoked}`);
    return revoked;
  });
  await rateLimitsRepo(db).reset(loginAccountKey(admin.email));
  return { admin, revokedSessions };
}
