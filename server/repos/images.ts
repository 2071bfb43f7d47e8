import type { Kysely } from "kysely";
import type { Database, ImageRow, ImageVariant, NewImage } from "../db/schema";

export interface StoredImage {
  id: string;
  storageKey: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  createdAt: string;
}

export function toStoredImage(row: ImageRow): StoredImage {
  return {
    id: row.id,
    storageKey: row.storage_key,
    width: row.width,
    height: row.height,
    variants: parseVariants(row.variants),
    createdAt: row.created_at,
  };
}

function parseVariants(json: string): ImageVariant[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as ImageVariant[]) : [];
  } catch {
    return [];
  }
}

export function imagesRepo(db: Kysely<Database>) {
  return {
    async create(image: Omit<NewImage, "variants"> & { variants: ImageVariant[] }): Promise<StoredImage> {
      const row = await db
        .insertInto("images")
        .values({ ...image, variants: JSON.stringify(image.variants) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toStoredImage(row);
    },

    async findById(id: string): Promise<StoredImage | undefined> {
      const row = await db.selectFrom("images").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toStoredImage(row);
    },

    /** Deletes the row; returns whether one was there. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("images").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Images that no announcement points at (left behind by an interrupted delete). */
    async listUnreferenced(): Promise<StoredImage[]> {
      const rows = await db
        .selectFrom("images")
        .selectAll("images")
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("announcements").select("announcements.id").whereRef("announcements.image_id", "=", "images.id"))),
        )
        .execute();
      return rows.map(toStoredImage);
    },
  };
}
