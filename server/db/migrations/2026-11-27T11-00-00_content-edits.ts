import type { Kysely } from "kysely";

/**
 * What the admin's content screens edit beyond the imported content's shape: a collaborator's link (null: its card
 * links nowhere), a gallery's chosen cover (null: its first photo), and a version per gallery photo (its alt text is
 * saved with a version check, as every content item is).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("collaborators").addColumn("url", "text").execute();
  await db.schema.alterTable("galleries").addColumn("cover_photo_id", "text").execute();
  await db.schema
    .alterTable("gallery_photos")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("gallery_photos").dropColumn("version").execute();
  await db.schema.alterTable("galleries").dropColumn("cover_photo_id").execute();
  await db.schema.alterTable("collaborators").dropColumn("url").execute();
}
