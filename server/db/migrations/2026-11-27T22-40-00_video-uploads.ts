import type { Kysely } from "kysely";

/**
 * A video on its way in, part by part (docs/decisions/021): its parts are stored files until the last one arrives;
 * the row says how many there are, so an upload never finished can be cleared away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("video_uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("started_at", "text", (c) => c.notNull())
    // Parts 0 to parts - 1 may be stored.
    .addColumn("parts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("video_uploads").execute();
}
