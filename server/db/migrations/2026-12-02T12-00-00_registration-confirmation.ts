import { type Kysely, sql } from "kysely";

/**
 * A registration takes a place only once the registrant confirms it from the link mailed to them. Until then its status
 * is "unconfirmed" and it keeps the SHA-256 of the link's token (never the token) and when the link stops working;
 * confirming clears both. Registrations already stored hold their places as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("confirm_token_hash", "text").execute();
  await db.schema.alterTable("registrations").addColumn("confirm_expires_at", "text").execute();
  await db.schema.createIndex("registrations_confirm_token").unique().on("registrations").column("confirm_token_hash").execute();
  await db.schema.createIndex("registrations_confirm_expiry").on("registrations").columns(["status", "confirm_expires_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Before confirmation, an unconfirmed registration would hold a place.
  await sql`delete from registrations where status = 'unconfirmed'`.execute(db);
  await db.schema.dropIndex("registrations_confirm_expiry").execute();
  await db.schema.dropIndex("registrations_confirm_token").execute();
  await db.schema.alterTable("registrations").dropColumn("confirm_expires_at").execute();
  await db.schema.alterTable("registrations").dropColumn("confirm_token_hash").execute();
}
