import type { Kysely } from "kysely";

/**
 * An announcement may collect its registrations on the site instead of linking to a form elsewhere: whether it does,
 * how many places it has (null: no limit; past it, people join a waiting list), when registering closes (null: while
 * it is live) and the admin's extra questions (JSON). Each registration is a row; one email registers once per
 * announcement, and a submission sent twice (same key) is stored once. `arrival` numbers an announcement's
 * registrations in the order they took their turn (under the announcement's lock): the waiting list's order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("announcements")
    .addColumn("registrations_here", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("announcements").addColumn("registration_capacity", "integer").execute();
  await db.schema.alterTable("announcements").addColumn("registration_closes_at", "text").execute();
  await db.schema.alterTable("announcements").addColumn("registration_questions", "text").execute();
  await db.schema
    .createTable("registrations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("announcement_id", "text", (c) => c.notNull().references("announcements.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("class", "text", (c) => c.notNull())
    .addColumn("answers", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("arrival", "integer", (c) => c.notNull())
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("registrations_one_per_email", ["announcement_id", "email"])
    .execute();
  await db.schema.createIndex("registrations_in_order").on("registrations").columns(["announcement_id", "status", "arrival"]).execute();
  await db.schema.createIndex("registrations_email").on("registrations").column("email").execute();
  await db.schema.createIndex("registrations_created_at").on("registrations").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("registrations").execute();
  for (const column of ["registration_questions", "registration_closes_at", "registration_capacity", "registrations_here"]) {
    await db.schema.alterTable("announcements").dropColumn(column).execute();
  }
}
