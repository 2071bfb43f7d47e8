import type { Kysely } from "kysely";

// When an unconfirmed two-factor secret was made: it is shown again and confirmed for 10 minutes only. And failed
// sign-ins kept as one audit entry per account (or unknown email) and network per 10 minutes, with a count: the entry's
// aggregate_key names that account, network and 10 minutes, so every instance adds to the same row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("totp_setup_started_at", "text").execute();
  await db.schema
    .alterTable("audit_log")
    .addColumn("occurrences", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("audit_log").addColumn("aggregate_key", "text").execute();
  await db.schema.createIndex("audit_log_aggregate_key").on("audit_log").column("aggregate_key").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("audit_log_aggregate_key").execute();
  await db.schema.alterTable("audit_log").dropColumn("aggregate_key").execute();
  await db.schema.alterTable("audit_log").dropColumn("occurrences").execute();
  await db.schema.alterTable("admins").dropColumn("totp_setup_started_at").execute();
}
