import type { Kysely } from "kysely";

// Join applications (SPEC section 3). `answers` holds the JSON list of {question, answer}, as the spec's
// answersArray; `submission_key` makes a retried or double-clicked submission create one row, not two.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("applications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("fullname", "text", (c) => c.notNull())
    .addColumn("class", "text", (c) => c.notNull())
    .addColumn("department", "text", (c) => c.notNull())
    .addColumn("sargodha_address", "text", (c) => c.notNull())
    .addColumn("permanent_address", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("blood_group", "text")
    .addColumn("answers", "text", (c) => c.notNull())
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("applications_created_at").on("applications").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("applications").execute();
}
