import type { Kysely } from "kysely";

// The society's content, edited from the admin area and imported from content/ on the first start
// (docs/decisions/018-content-in-the-database.md). Lists keep their order in `position`; `version` is raised by each
// save, so a save made from an older copy can be refused.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Raised by every change to the content, so the page cache sees it on every instance.
  await db.schema
    .alterTable("settings")
    .addColumn("content_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The SHA-256 of the original file an image was made from: importing the same photo again reuses its image.
  await db.schema.alterTable("images").addColumn("source_hash", "text").execute();
  await db.schema.createIndex("images_source_hash").unique().on("images").column("source_hash").execute();

  await db.schema
    .createTable("site_details")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("short_name", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull())
    .addColumn("hero_text", "text", (c) => c.notNull())
    .addColumn("logo_image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("logo_alt", "text", (c) => c.notNull())
    .addColumn("mission", "text", (c) => c.notNull())
    .addColumn("president_name", "text", (c) => c.notNull())
    .addColumn("president_title", "text", (c) => c.notNull())
    .addColumn("president_message", "text", (c) => c.notNull())
    .addColumn("president_image_id", "text", (c) => c.notNull().references("images.id"))
    .addColumn("video_channel_url", "text", (c) => c.notNull())
    .addColumn("whatsapp_contact_url", "text", (c) => c.notNull())
    .addColumn("whatsapp_community_url", "text", (c) => c.notNull())
    // A file under content/video/, or null.
    .addColumn("documentary_video", "text")
    .addColumn("local_address_label", "text")
    // JSON lists of text.
    .addColumn("join_questions", "text", (c) => c.notNull())
    .addColumn("mega_events", "text", (c) => c.notNull())
    .addColumn("activities", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  const list = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("position", "integer", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(1));

  await list("content_goals")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .execute();
  await list("team_members")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("image_id", "text", (c) => c.references("images.id"))
    .execute();
  await list("collaborators")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .execute();
  await list("resources")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("menu_label", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    .execute();
  await list("social_links")
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .execute();
  // kind: "event", "activity", or "explore" (the photos of /explore-smc).
  await list("galleries")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("date", "text")
    .addColumn("description", "text")
    .execute();
  await db.schema
    .createTable("gallery_photos")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("gallery_id", "text", (c) => c.notNull().references("galleries.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("image_id", "text", (c) => c.notNull().references("images.id"))
    // null: the gallery's name and the photo's position ("Med Doc 3").
    .addColumn("alt", "text")
    .execute();
  await db.schema.createIndex("gallery_photos_gallery").on("gallery_photos").columns(["gallery_id", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "gallery_photos",
    "galleries",
    "social_links",
    "resources",
    "collaborators",
    "team_members",
    "content_goals",
    "site_details",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("images_source_hash").execute();
  await db.schema.alterTable("images").dropColumn("source_hash").execute();
  await db.schema.alterTable("settings").dropColumn("content_version").execute();
}
