/** The galleries beyond what every content list does (contentListRepo): lookups, slugs, covers, a gallery's photos. */
import { isRecordId } from "#server/db/ids.ts";
import type { Db } from "./db";

export const findGallery = (db: Db, id: string) =>
  isRecordId(id) ? db.selectFrom("galleries").selectAll().where("id", "=", id).executeTakeFirst() : Promise.resolve(undefined);

export const findGalleryPhoto = (db: Db, id: string) =>
  isRecordId(id) ? db.selectFrom("galleryPhotos").selectAll().where("id", "=", id).executeTakeFirst() : Promise.resolve(undefined);

export const gallerySlugs = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom("galleries").select("slug").execute()).map((gallery) => gallery.slug));

/** The photos of the given galleries, gallery by gallery, each in its order. */
export const photosOfGalleries = (db: Db, galleryIds: readonly string[]) =>
  galleryIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("galleryPhotos")
        .selectAll()
        .where("galleryId", "in", galleryIds)
        .orderBy("galleryId")
        .orderBy("position")
        .orderBy("id")
        .execute();

export const deletePhotosOfGallery = (db: Db, galleryId: string) =>
  db.deleteFrom("galleryPhotos").where("galleryId", "=", galleryId).execute();

export const setGalleryCover = (db: Db, galleryId: string, photoId: string) =>
  db.updateTable("galleries").set({ coverPhotoId: photoId }).where("id", "=", galleryId).execute();

/** The photo is no gallery's cover any more (the gallery then shows its first photo). */
export const uncoverPhoto = (db: Db, photoId: string) =>
  db.updateTable("galleries").set({ coverPhotoId: null }).where("coverPhotoId", "=", photoId).execute();
