import type { Kysely } from "kysely";

// Two-factor sign-in: an authenticator app's secret per admin, single-use recovery codes, and sessions that wait for
// their second factor.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Base32; set while the admin sets it up, confirmed (and in force) once totp_enabled_at is set.
  await db.schema.alterTable("admins").addColumn("totp_secret", "text").execute();
  await db.schema.alterTable("admins").addColumn("totp_enabled_at", "text").execute();
  // The last 30-second step a code was accepted for: a code is accepted once.
  await db.schema.alterTable("admins").addColumn("totp_last_step", "integer").execute();

  await db.schema
    .createTable("recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("admin_id", "text", (c) => c.notNull().references("admins.id").onDelete("cascade"))
    // SHA-256 hex of the code (124 random bits): the code itself is shown once and never stored.
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("recovery_codes_admin_id").on("recovery_codes").column("admin_id").execute();

  // 1: every admin must sign in with two factors (an Owner's choice); one without is sent to set it up.
  await db.schema
    .alterTable("settings")
    .addColumn("two_factor_required", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // 1 while the session's password was right but its second factor is still to come: it may do nothing else.
  await db.schema
    .alterTable("sessions")
    .addColumn("second_factor_pending", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("second_factor_pending").execute();
  await db.schema.alterTable("settings").dropColumn("two_factor_required").execute();
  await db.schema.dropTable("recovery_codes").execute();
  for (const column of ["totp_last_step", "totp_enabled_at", "totp_secret"]) {
    await db.schema.alterTable("admins").dropColumn(column).execute();
  }
}
