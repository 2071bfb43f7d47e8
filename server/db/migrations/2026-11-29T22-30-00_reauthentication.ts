import type { Kysely } from "kysely";

// When the session's admin last entered their password (or a code): changes to accounts, factors and personal data
// ask for it again once it is 10 minutes old. Null: when the session started.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").addColumn("authenticated_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("sessions").dropColumn("authenticated_at").execute();
}
