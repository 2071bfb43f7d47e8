import type { Kysely } from "kysely";

// Where each audit entry came from, as a keyed hash of the client's network (never the address), and the key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("address_hash", "text").execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor", "at"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "at"]).execute();
  // Made at the first entry that needs it; the same for every instance sharing the database.
  await db.schema.alterTable("settings").addColumn("audit_address_key", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("audit_address_key").execute();
  await db.schema.dropIndex("audit_log_action").execute();
  await db.schema.dropIndex("audit_log_actor").execute();
  await db.schema.alterTable("audit_log").dropColumn("address_hash").execute();
}
