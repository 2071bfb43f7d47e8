import { type Kysely, sql } from "kysely";

// Network codes keyed with the secrets key, which lives outside the database (server/secrets-at-rest.ts), instead of a
// key kept in `settings` beside the codes. The old key goes, so the codes made with it can no longer be reversed; they
// stay, marked "old:" (they still tell one network from another among themselves, not from the new codes). Sessions
// keep a keyed code of their network instead of its /24 or /48: the prefixes already stored go. `settings` keeps the
// key's fingerprint, so a start with another key stops rather than making codes and secrets nothing can read.
// PostgreSQL's DROP COLUMN leaves the values in the rows' bytes, so they are emptied first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update settings set audit_address_key = null`.execute(db);
  await db.schema.alterTable("settings").dropColumn("audit_address_key").execute();
  await db.schema.alterTable("settings").addColumn("secrets_key_fingerprint", "text").execute();
  await sql`update audit_log set address_hash = 'old:' || address_hash where address_hash is not null`.execute(db);
  await sql`update sessions set address_prefix = null`.execute(db);
  await db.schema.alterTable("sessions").dropColumn("address_prefix").execute();
  await db.schema.alterTable("sessions").addColumn("network_code", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("network_code").execute();
  await db.schema.alterTable("sessions").addColumn("address_prefix", "text").execute();
  await db.schema.alterTable("settings").dropColumn("secrets_key_fingerprint").execute();
  await db.schema.alterTable("settings").addColumn("audit_address_key", "text").execute();
}
