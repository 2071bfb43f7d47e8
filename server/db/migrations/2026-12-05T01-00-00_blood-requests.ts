import type { Kysely } from "kysely";

/**
 * Coordinators' emergency requests for blood (`blood_requests`), and which donors were asked for each
 * (`blood_request_asks`: how, by whom, when, and their answer; a donor asked by mail answers from a link whose token
 * is kept only as its SHA-256, `answer_token_hash`). An ask goes with its donor or its request. A request's
 * `status` is `open` until a coordinator closes it (`fulfilled`, `not-needed`); an open one past `needed_by` reads as
 * expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("blood_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("patient_group", "text", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("hospital", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("city_key", "text", (c) => c.notNull())
    .addColumn("needed_by", "text", (c) => c.notNull())
    .addColumn("contact", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("blood_requests_by_status").on("blood_requests").columns(["status", "needed_by"]).execute();
  await db.schema
    .createTable("blood_request_asks")
    .addColumn("request_id", "text", (c) => c.notNull().references("blood_requests.id").onDelete("cascade"))
    .addColumn("donor_id", "text", (c) => c.notNull().references("blood_donors.id").onDelete("cascade"))
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("asked_by", "text", (c) => c.notNull())
    .addColumn("asked_at", "text", (c) => c.notNull())
    .addColumn("answer", "text")
    .addColumn("answered_at", "text")
    .addColumn("donated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("answer_token_hash", "text", (c) => c.unique())
    .addPrimaryKeyConstraint("blood_request_asks_pk", ["request_id", "donor_id"])
    .execute();
  await db.schema.createIndex("blood_request_asks_donor").on("blood_request_asks").column("donor_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("blood_request_asks").execute();
  await db.schema.dropTable("blood_requests").execute();
}
