import type { Kysely } from "kysely";

/**
 * The blood-donor registry: one row per donor (one per email). `city_key` is the city lower-cased, for grouping and
 * matching however it was typed. The personal link's token is kept only as its SHA-256 (`link_token_hash`); a donor is
 * listed to no one until `confirmed_at` is set from that link. `willing_at` is when the donor last said they are still
 * willing (confirming, or any change from their link): the retention sweep removes donors silent for 12 months.
 * `consent_version` names the wording of the consent the donor agreed to, `consent_at` when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blood_donors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("blood_group", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("city_key", "text", (c) => c.notNull())
    .addColumn("area", "text", (c) => c.notNull())
    .addColumn("last_donation_on", "text")
    .addColumn("donation_interval", "text", (c) => c.notNull())
    .addColumn("availability", "text", (c) => c.notNull())
    .addColumn("available_from", "text")
    .addColumn("consent_version", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("link_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("confirmed_at", "text")
    .addColumn("willing_at", "text", (c) => c.notNull())
    .addColumn("reminded_at", "text")
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blood_donors_group_city").on("blood_donors").columns(["blood_group", "city_key"]).execute();
  await db.schema.createIndex("blood_donors_willing").on("blood_donors").column("willing_at").execute();
  await db.schema.createIndex("blood_donors_unconfirmed").on("blood_donors").columns(["confirmed_at", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blood_donors").execute();
}
