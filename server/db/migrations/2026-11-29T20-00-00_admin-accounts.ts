import type { Kysely } from "kysely";

// Named admins with roles, handed over by invitation, and passwords recovered by mail.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("admins").addColumn("name", "text").execute();
  // 'owner' or 'editor'. Every admin that existed before roles ran the whole site: an Owner.
  await db.schema
    .alterTable("admins")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("owner"))
    .execute();
  await db.schema.alterTable("admins").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("admins").addColumn("last_sign_in_at", "text").execute();
  // Set only for a printed one-time password: after it, the password no longer signs in.
  await db.schema.alterTable("admins").addColumn("password_expires_at", "text").execute();

  // Single-use links sent by mail: an invitation (email and role, no account yet) or a password reset (an account).
  await db.schema
    .createTable("admin_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    // SHA-256 hex of the link's random token; the token itself is only in the mail.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text")
    .addColumn("admin_id", "text", (c) => c.references("admins.id").onDelete("cascade"))
    .addColumn("created_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("admin_links_expires_at").on("admin_links").column("expires_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_links").execute();
  for (const column of ["password_expires_at", "last_sign_in_at", "disabled_at", "role", "name"]) {
    await db.schema.alterTable("admins").dropColumn(column).execute();
  }
}
