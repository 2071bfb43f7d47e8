import type { Kysely } from "kysely";

/**
 * Attendance: when a registrant was checked in at the door, and by whom (the admin's name as it was then); both null
 * until they are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").addColumn("checked_in_at", "text").execute();
  await db.schema.alterTable("registrations").addColumn("checked_in_by", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("registrations").dropColumn("checked_in_by").execute();
  await db.schema.alterTable("registrations").dropColumn("checked_in_at").execute();
}
