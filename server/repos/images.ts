import { type Kysely, sql } from "kysely";
import type { Database, ImageRow, ImageVariant, NewImage } from "#server/db/schema.ts";

export type StoredImage = Omit<ImageRow, "variants"> & { variants: ImageVariant[] };

/** The columns of the site's details that hold an image. */
type SiteImageColumn = "logoImageId" | "presidentImageId" | "narrowScreenshotImageId" | "wideScreenshotImageId";
const SCREENSHOT_COLUMNS = ["narrowScreenshotImageId", "wideScreenshotImageId"] as const;

/** The site's details whose `columns` hold the image the outer query reads (`images.id`): a subquery for `exists`. */
const siteDetailsPointingAt = (db: Kysely<Database>, columns: readonly SiteImageColumn[]) =>
  db
    .selectFrom("siteDetails")
    .select("id")
    .where((site) => site.or(columns.map((column) => site(`siteDetails.${column}`, "=", sql.ref<string>("images.id")))));

export function toStoredImage(row: ImageRow): StoredImage {
  return { ...row, variants: parseVariants(row.variants) };
}

/** How a preview variant reads in the stored JSON list (JSON.stringify writes no spaces). */
const PREVIEW_MARK = '"preview":true';

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

    async findMany(ids: readonly string[]): Promise<StoredImage[]> {
      if (ids.length === 0) return [];
      return (await db.selectFrom("images").selectAll().where("id", "in", ids).execute()).map(toStoredImage);
    },

    async findBySourceHash(sourceHash: string): Promise<StoredImage | undefined> {
      const row = await db.selectFrom("images").selectAll().where("sourceHash", "=", sourceHash).executeTakeFirst();
      return row && toStoredImage(row);
    },

    /** Images stored without a link-preview variant, oldest first; not the site's screenshots, which are never shared. */
    async listWithoutPreview(limit: number): Promise<StoredImage[]> {
      const rows = await db
        .selectFrom("images")
        .selectAll()
        .where("variants", "not like", `%${PREVIEW_MARK}%`)
        .where(({ not, exists }) => not(exists(siteDetailsPointingAt(db, SCREENSHOT_COLUMNS))))
        .orderBy("createdAt")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map(toStoredImage);
    },

    /** Adds the preview variant unless the image has one already or is gone; returns whether it was added. */
    async addPreview(image: StoredImage, preview: ImageVariant): Promise<boolean> {
      const result = await db
        .updateTable("images")
        .set({ variants: JSON.stringify([...image.variants, preview]) })
        .where("id", "=", image.id)
        .where("variants", "not like", `%${PREVIEW_MARK}%`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the row; returns whether one was there. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("images").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Images nothing points at (left behind by an interrupted delete, upload or import); only among `ids` when given. */
    async listUnreferenced(ids?: readonly string[]): Promise<StoredImage[]> {
      if (ids?.length === 0) return [];
      const rows = await db
        .selectFrom("images")
        .selectAll("images")
        .$if(ids !== undefined, (query) => query.where("images.id", "in", ids!))
        .where(({ and, not, exists, selectFrom }) =>
          and([
            not(exists(selectFrom("announcements").select("id").whereRef("announcements.imageId", "=", "images.id"))),
            not(exists(siteDetailsPointingAt(db, ["logoImageId", "presidentImageId", ...SCREENSHOT_COLUMNS]))),
            not(exists(selectFrom("teamMembers").select("id").whereRef("teamMembers.imageId", "=", "images.id"))),
            not(exists(selectFrom("collaborators").select("id").whereRef("collaborators.imageId", "=", "images.id"))),
            not(exists(selectFrom("resources").select("id").whereRef("resources.imageId", "=", "images.id"))),
            not(exists(selectFrom("galleryPhotos").select("id").whereRef("galleryPhotos.imageId", "=", "images.id"))),
          ]),
        )
        .execute();
      return rows.map(toStoredImage);
    },
  };
}
