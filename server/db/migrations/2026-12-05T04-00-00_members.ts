import type { Kysely } from "kysely";

/**
 * Members: an applicant becomes one when their join request is accepted (one member per email). A member keeps their
 * own copy of name, email, phone, class and department (the request may be deleted later by retention; `application_id`
 * then becomes null), the society's session (year) they belong to, an optional committee position, and whether they are
 * a current or a past member. While a new session asks them to stay, `renewal_token_hash` (the SHA-256 of their link's
 * token), `renewal_session` and `renewal_deadline` are set. `member_activity` is their history (accepted, positions,
 * renewed, lapsed, rejoined). `settings.member_session` is the current session's name, set by an Owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("members")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("application_id", "text", (c) => c.references("applications.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("class", "text", (c) => c.notNull())
    .addColumn("department", "text", (c) => c.notNull())
    .addColumn("session", "text", (c) => c.notNull())
    .addColumn("position", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("applied_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text", (c) => c.notNull())
    .addColumn("lapsed_at", "text")
    .addColumn("renewal_token_hash", "text", (c) => c.unique())
    .addColumn("renewal_session", "text")
    .addColumn("renewal_deadline", "text")
    .execute();
  await db.schema.createIndex("members_by_status").on("members").columns(["status", "session"]).execute();
  await db.schema
    .createTable("member_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("member_id", "text", (c) => c.notNull().references("members.id").onDelete("cascade"))
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("detail", "text")
    .addColumn("admin_email", "text")
    .execute();
  await db.schema.createIndex("member_activity_by_member").on("member_activity").columns(["member_id", "at"]).execute();
  await db.schema.alterTable("settings").addColumn("member_session", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("member_session").execute();
  await db.schema.dropTable("member_activity").execute();
  await db.schema.dropTable("members").execute();
}
