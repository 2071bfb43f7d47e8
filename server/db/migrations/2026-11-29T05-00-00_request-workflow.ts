import type { Kysely } from "kysely";

/**
 * The committee works through join requests: each has a status, and every status change and internal note is kept
 * as an activity entry (who, when). Activity goes with its request (ON DELETE CASCADE). The index serves the
 * panel's newest-first list of one status.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("applications")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
    .execute();
  await db.schema.createIndex("applications_status_created_at").on("applications").columns(["status", "created_at", "id"]).execute();
  await db.schema
    .createTable("application_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("application_id", "text", (c) => c.notNull().references("applications.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("admin_email", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text")
    .addColumn("note", "text")
    .execute();
  await db.schema.createIndex("application_activity_application").on("application_activity").columns(["application_id", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("application_activity").execute();
  await db.schema.dropIndex("applications_status_created_at").execute();
  await db.schema.alterTable("applications").dropColumn("status").execute();
}
