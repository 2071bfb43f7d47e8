import { type Kysely, sql } from "kysely";

/**
 * The committee reads contact messages in the admin area: `read_at` is when an admin first opened one (null: unread).
 * The partial index holds only the unread ones, so the count every admin page shows stays cheap however many are read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("contact_messages").addColumn("read_at", "text").execute();
  await db.schema
    .createIndex("contact_messages_unread")
    .on("contact_messages")
    .column("created_at")
    .where(sql.ref("read_at"), "is", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("contact_messages_unread").execute();
  await db.schema.alterTable("contact_messages").dropColumn("read_at").execute();
}
