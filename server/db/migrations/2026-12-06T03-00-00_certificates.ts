import type { Kysely } from "kysely";

/**
 * Certificates of attendance. Each keeps what it certifies as it was issued (name, event, date, role, hours, signatory),
 * so it reads the same however the event or the settings change later, and stays verifiable by its number after the
 * event's registrations are gone. `status`: valid, revoked, or replaced (reissued under a new number). The settings
 * gain the signatory an Owner sets, with an optional signature image (its storage key; never served publicly).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("number", "text", (column) => column.notNull().unique())
    .addColumn("announcement_id", "text", (column) => column.notNull())
    .addColumn("registration_id", "text")
    .addColumn("name", "text", (column) => column.notNull())
    .addColumn("email", "text", (column) => column.notNull())
    .addColumn("event_title", "text", (column) => column.notNull())
    .addColumn("event_starts_at", "text", (column) => column.notNull())
    .addColumn("role", "text")
    .addColumn("hours", "text")
    .addColumn("signatory_name", "text", (column) => column.notNull())
    .addColumn("signatory_title", "text", (column) => column.notNull())
    .addColumn("signature_key", "text")
    .addColumn("status", "text", (column) => column.notNull())
    .addColumn("issued_at", "text", (column) => column.notNull())
    .addColumn("issued_by", "text")
    .addColumn("ended_at", "text")
    .execute();
  await db.schema.createIndex("certificates_announcement").on("certificates").column("announcement_id").execute();
  await db.schema.createIndex("certificates_email").on("certificates").column("email").execute();
  await db.schema.alterTable("settings").addColumn("certificate_signatory_name", "text").execute();
  await db.schema.alterTable("settings").addColumn("certificate_signatory_title", "text").execute();
  await db.schema.alterTable("settings").addColumn("certificate_signature_key", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("certificate_signature_key").execute();
  await db.schema.alterTable("settings").dropColumn("certificate_signatory_title").execute();
  await db.schema.alterTable("settings").dropColumn("certificate_signatory_name").execute();
  await db.schema.dropTable("certificates").execute();
}
