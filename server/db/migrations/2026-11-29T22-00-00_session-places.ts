import type { Kysely } from "kysely";

// Where each session signed in from, roughly: the /24 (IPv4) or /48 (IPv6) of its address, never the address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("address_prefix", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("address_prefix").execute();
}
