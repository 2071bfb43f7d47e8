import type { Kysely } from "kysely";

/**
 * The Events & Activities menu lists the galleries with photos (docs/decisions/019): the two lists of names it showed
 * before go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("site_details").dropColumn("mega_events").execute();
  await db.schema.alterTable("site_details").dropColumn("activities").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("site_details")
    .addColumn("mega_events", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("site_details")
    .addColumn("activities", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}
