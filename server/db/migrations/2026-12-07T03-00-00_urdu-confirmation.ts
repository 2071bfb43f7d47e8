import type { Kysely } from "kysely";

/**
 * The applicant's confirmation mail in Urdu, for those who apply through the Urdu Join Us form (/ur/join): its subject
 * and text as the committee wrote them, beside the English ones. Null: none written (see the mail settings service for
 * which wording an Urdu applicant gets then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").addColumn("confirmation_subject_ur", "text").execute();
  await db.schema.alterTable("settings").addColumn("confirmation_text_ur", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("confirmation_text_ur").execute();
  await db.schema.alterTable("settings").dropColumn("confirmation_subject_ur").execute();
}
