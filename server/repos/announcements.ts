import type { Kysely } from "kysely";
import type { Database, NewAnnouncement } from "../db/schema";
import { type StoredImage, toStoredImage } from "./images";

export interface Announcement {
  id: string;
  description: string;
  googleFormUrl: string;
  createdAt: string;
  image: StoredImage;
}

export function announcementsRepo(db: Kysely<Database>) {
  const withImage = () =>
    db
      .selectFrom("announcements")
      .innerJoin("images", "images.id", "announcements.image_id")
      .select([
        "announcements.id as id",
        "announcements.description as description",
        "announcements.google_form_url as google_form_url",
        "announcements.created_at as created_at",
        "images.id as image_id",
        "images.storage_key as storage_key",
        "images.width as width",
        "images.height as height",
        "images.variants as variants",
        "images.source_hash as source_hash",
        "images.created_at as image_created_at",
      ]);

  type Joined = Awaited<ReturnType<ReturnType<typeof withImage>["executeTakeFirstOrThrow"]>>;
  const toAnnouncement = (row: Joined): Announcement => ({
    id: row.id,
    description: row.description,
    googleFormUrl: row.google_form_url,
    createdAt: row.created_at,
    image: toStoredImage({
      id: row.image_id,
      storage_key: row.storage_key,
      width: row.width,
      height: row.height,
      variants: row.variants,
      source_hash: row.source_hash,
      created_at: row.image_created_at,
    }),
  });

  return {
    async create(announcement: NewAnnouncement): Promise<void> {
      await db.insertInto("announcements").values(announcement).execute();
    },

    /** Newest first; ids are UUIDv7, so they break ties between equal timestamps in creation order. */
    async listNewestFirst(): Promise<Announcement[]> {
      const rows = await withImage().orderBy("announcements.created_at", "desc").orderBy("announcements.id", "desc").execute();
      return rows.map(toAnnouncement);
    },

    async findById(id: string): Promise<Announcement | undefined> {
      const row = await withImage().where("announcements.id", "=", id).executeTakeFirst();
      return row && toAnnouncement(row);
    },

    /** Deletes the row; returns whether one was there. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("announcements").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
