import type { Kysely } from "kysely";

/**
 * Personal data is kept only as long as the society needs it. A queued or sent mail names the request or message it
 * tells of (`record_id`), so deleting one deletes its mails; `retention_months` (null: never) is how long requests and
 * messages are kept before the daily sweep deletes them; `retention_swept_at` is when an instance last took the sweep
 * (the one that moves it on runs it, so several instances sweep once a day between them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("record_id", "text").execute();
  await db.schema.createIndex("mail_outbox_record_id").on("mail_outbox").column("record_id").execute();
  await db.schema
    .alterTable("settings")
    .addColumn("retention_months", "integer", (c) => c.defaultTo(24))
    .execute();
  await db.schema.alterTable("settings").addColumn("retention_swept_at", "text").execute();
  await db.schema.createIndex("contact_messages_email").on("contact_messages").columns(["email", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_email").execute();
  await db.schema.alterTable("settings").dropColumn("retention_swept_at").execute();
  await db.schema.alterTable("settings").dropColumn("retention_months").execute();
  await db.schema.dropIndex("mail_outbox_record_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("record_id").execute();
}
