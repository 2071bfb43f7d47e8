import { type Kysely, sql } from "kysely";

/**
 * Announcements become editable posts: an optional title, image and link (with its button's label), a publish time
 * (null: a draft), an expiry time, pinned, and a version for edits made from an older copy. SQLite cannot make
 * `image_id` nullable in place, so the table is built anew and the rows copied (every one published at its creation,
 * its Google Form link kept as the link).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("announcements_next")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("title", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.references("images.id"))
    .addColumn("link_url", "text")
    .addColumn("link_label", "text")
    .addColumn("publish_at", "text")
    .addColumn("expires_at", "text")
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await sql`
    insert into announcements_next (id, description, image_id, link_url, publish_at, created_at, updated_at)
    select id, description, image_id, nullif(google_form_url, ''), created_at, created_at, created_at from announcements
  `.execute(db);
  await db.schema.dropTable("announcements").execute();
  await db.schema.alterTable("announcements_next").renameTo("announcements").execute();
  await db.schema.createIndex("announcements_publish_at").on("announcements").column("publish_at").execute();
}

/** Back to image-and-link announcements: those without an image cannot be kept, and drafts and expiry are lost. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("announcements_previous")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("google_form_url", "text", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await sql`
    insert into announcements_previous (id, description, google_form_url, image_id, created_at)
    select id, description, coalesce(link_url, ''), image_id, created_at from announcements where image_id is not null
  `.execute(db);
  await db.schema.dropTable("announcements").execute();
  await db.schema.alterTable("announcements_previous").renameTo("announcements").execute();
  await db.schema.createIndex("announcements_created_at").on("announcements").column("created_at").execute();
}
