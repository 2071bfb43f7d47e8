import type { Kysely } from "kysely";

/**
 * A join application from an email that applied in the 30 days before is still taken, and marked as a possible
 * duplicate for the committee. The index finds an email's applications (the duplicate check, later erasure by email).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("applications")
    .addColumn("possible_duplicate", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("applications_email_created_at").on("applications").columns(["email", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("applications_email_created_at").execute();
  await db.schema.alterTable("applications").dropColumn("possible_duplicate").execute();
}
