import { type Kysely, sql } from "kysely";

/**
 * How many times a registration's ticket was admitted at the door: 1 once checked in, more when phones that were offline
 * each admitted it (the check-in keeps the earliest time, and the screens note it was scanned twice); 0 until then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("registrations")
    .addColumn("check_in_scans", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`update registrations set check_in_scans = 1 where checked_in_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("check_in_scans").execute();
}
