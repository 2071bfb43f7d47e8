import type { Kysely } from "kysely";

/**
 * The committee sets its mail in the admin area: `notification_email` is where join and contact notifications go (null:
 * MAIL_TO, else the first admin's email); the applicant's confirmation mail can be turned off
 * (`confirmation_enabled`), and its subject and text edited (null: the built-in wording).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").addColumn("notification_email", "text").execute();
  await db.schema
    .alterTable("settings")
    .addColumn("confirmation_enabled", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("settings").addColumn("confirmation_subject", "text").execute();
  await db.schema.alterTable("settings").addColumn("confirmation_text", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("confirmation_text").execute();
  await db.schema.alterTable("settings").dropColumn("confirmation_subject").execute();
  await db.schema.alterTable("settings").dropColumn("confirmation_enabled").execute();
  await db.schema.alterTable("settings").dropColumn("notification_email").execute();
}
