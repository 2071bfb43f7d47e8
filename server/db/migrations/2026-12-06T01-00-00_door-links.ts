import type { Kysely } from "kysely";

/**
 * Door links: a link an admin makes for a volunteer with no account, that opens one announcement's check-in screen
 * until `expires_at` (the event's end and 6 hours) unless revoked first. Only the SHA-256 of its token is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("door_links")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("announcement_id", "text", (column) => column.notNull().references("announcements.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (column) => column.notNull().unique())
    .addColumn("label", "text", (column) => column.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("expires_at", "text", (column) => column.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("door_links_announcement").on("door_links").column("announcement_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("door_links").execute();
}
