import type { Kysely } from "kysely";

/**
 * The Blood coordinator permission, which an Owner gives to any admin: with it, an Editor opens the Blood section and
 * donors' contact details too (Owners always may).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("admins")
    .addColumn("blood_coordinator", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admins").dropColumn("blood_coordinator").execute();
}
