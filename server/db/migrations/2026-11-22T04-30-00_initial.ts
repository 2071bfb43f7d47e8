import type { Kysely } from "kysely";

// Migrations use only types both engines share: text, integer (docs/decisions/003-portable-column-types.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("join_us_visible", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The single settings row: Join Us is shown until the admin hides it.
  await (db as Kysely<{ settings: { id: string; join_us_visible: number; updated_at: string } }>)
    .insertInto("settings")
    .values({ id: "site", join_us_visible: 1, updated_at: new Date().toISOString() })
    .execute();

  await db.schema
    .createTable("images")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("storage_key", "text", (c) => c.notNull().unique())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("variants", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("announcements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("google_form_url", "text", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("announcements_created_at").on("announcements").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("announcements").execute();
  await db.schema.dropTable("images").execute();
  await db.schema.dropTable("settings").execute();
}
