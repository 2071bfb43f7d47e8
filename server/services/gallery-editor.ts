import type { Kysely } from "kysely";
import { galleryPhotoAlt } from "#core/gallery-photo.ts";
import type { GalleryInput, GalleryPhotoInput } from "#core/schemas/content-forms.ts";
import { uniqueSlug } from "#server/content/slug.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { contentListRepo } from "#server/repos/content-lists.ts";
import {
  deletePhotosOfGallery,
  findGallery,
  findGalleryPhoto,
  gallerySlugs,
  photosOfGalleries,
  setGalleryCover,
  uncoverPhoto,
} from "#server/repos/galleries.ts";
import { imagesRepo } from "#server/repos/images.ts";
import type { PhotoEditResult, RunEdit, RunMoveEdit, WithPhoto } from "./content-edits";
import { storedImageToResponsive } from "./image-store";

/** What the gallery editor borrows from the content editor: its transaction, its photo handling, its image cleanup. */
export interface GalleryEditorTools {
  db: Kysely<Database>;
  edit: RunEdit;
  withPhoto: WithPhoto;
  deleteImages: (imageIds: readonly string[]) => Promise<void>;
  moveEdit: RunMoveEdit;
}

/**
 * The galleries of /admin/content/galleries: events and activities (made, renamed, reordered, deleted) and the photos
 * of each, the Explore SMC photos included. A photo is uploaded on its own, so each file has its own progress and its
 * own answer; it joins the end of its gallery.
 */
export function galleryEditor({ db, edit, moveEdit, withPhoto, deleteImages }: GalleryEditorTools) {
  const galleries = (trx: Kysely<Database>) => contentListRepo(trx, "galleries");
  /**
   * The galleries as the admin's Galleries screen lists them, and so moves them: the events and activities, without
   * the Explore SMC photos' gallery (which new galleries join the table after).
   */
  const listedGalleries = (trx: Kysely<Database>) => contentListRepo(trx, "galleries", { galleryKinds: ["event", "activity"] });
  const photosOf = (trx: Kysely<Database>, galleryId: string) => contentListRepo(trx, "galleryPhotos", { galleryId });
  /** The photos of the given galleries, in order, each with its stored image. */
  async function photosWithImages(galleryIds: readonly string[]) {
    const photos = await photosOfGalleries(db, galleryIds);
    const images = new Map((await imagesRepo(db).findMany([...new Set(photos.map((p) => p.imageId))])).map((i) => [i.id, i]));
    return photos.flatMap((photo) => {
      const image = images.get(photo.imageId);
      return image ? [{ photo, image }] : [];
    });
  }

  return {
    /** Every gallery in order, with its photo count and cover; the Explore SMC photos' gallery apart. */
    async list() {
      const rows = await galleries(db).items();
      const photos = await photosWithImages(rows.map((g) => g.id));
      const summaries = rows.map((gallery) => {
        const own = photos.filter(({ photo }) => photo.galleryId === gallery.id);
        const cover = own.find(({ photo }) => photo.id === gallery.coverPhotoId) ?? own[0];
        return {
          id: gallery.id,
          version: gallery.version,
          kind: gallery.kind,
          name: gallery.name,
          slug: gallery.slug,
          date: gallery.date ?? "",
          description: gallery.description ?? "",
          nameUr: gallery.nameUr ?? "",
          descriptionUr: gallery.descriptionUr ?? "",
          photoCount: own.length,
          cover: cover ? storedImageToResponsive(cover.image, `Cover of ${gallery.name}`) : null,
        };
      });
      return {
        galleries: summaries.flatMap((g) => (g.kind === "explore" ? [] : [{ ...g, kind: g.kind }])),
        explore: summaries.find((g) => g.kind === "explore"),
      };
    },

    /** One gallery with its photos in order, each with its alt text as the public site gives it. */
    async get(id: string) {
      const gallery = await findGallery(db, id);
      if (!gallery) return undefined;
      const photos = await photosWithImages([gallery.id]);
      const coverId = gallery.coverPhotoId ?? photos[0]?.photo.id;
      return {
        id: gallery.id,
        kind: gallery.kind,
        name: gallery.name,
        photos: photos.map(({ photo, image }, index) => ({
          id: photo.id,
          version: photo.version,
          alt: photo.alt ?? "",
          cover: photo.id === coverId,
          image: storedImageToResponsive(image, galleryPhotoAlt({ alt: photo.alt ?? undefined }, gallery.name, index)),
        })),
      };
    },

    /** "New gallery" (its address from its name, kept when renamed so shared links keep working) or an edit of one. */
    save: (input: GalleryInput, actorId: string) =>
      edit(actorId, `content.gallery.${input.id ? "edit" : "add"}`, async (trx) => {
        const values = {
          name: input.name,
          kind: input.kind,
          date: input.date ?? null,
          description: input.description || null,
          nameUr: input.nameUr || null,
          descriptionUr: input.descriptionUr || null,
        };
        if (!input.id) {
          const id = newId();
          await galleries(trx).append(id, { ...values, slug: uniqueSlug(input.name, await gallerySlugs(trx)), coverPhotoId: null });
          return { ok: true, id, detail: `gallery=${id}` };
        }
        // The Explore SMC photos' gallery has no name or kind to edit.
        const stored = await findGallery(trx, input.id);
        if (!stored || stored.kind === "explore") return { ok: false, reason: "missing" };
        const outcome = await galleries(trx).update(input.id, input.version ?? 0, values);
        return outcome === "saved" ? { ok: true, id: input.id, detail: `gallery=${input.id}` } : { ok: false, reason: outcome };
      }),

    /** One uploaded photo, at the end of its gallery. */
    addPhoto: (galleryId: string, photo: Buffer, actorId: string): Promise<PhotoEditResult> =>
      withPhoto(photo, null, async (imageId) => {
        const result = await edit(actorId, "content.gallery-photo.add", async (trx) => {
          const gallery = await findGallery(trx, galleryId);
          if (!gallery || !imageId) return { ok: false, reason: "missing" };
          const id = newId();
          await photosOf(trx, galleryId).append(id, { imageId: imageId, alt: null });
          return { ok: true, id, detail: `gallery=${galleryId} photo=${id}` };
        });
        return { ...result, imageId };
      }),

    /** A photo's alt text, and whether it is its gallery's cover. */
    savePhoto: (input: GalleryPhotoInput, actorId: string) =>
      edit(actorId, "content.gallery-photo.edit", async (trx) => {
        const photo = await findGalleryPhoto(trx, input.id);
        if (!photo) return { ok: false, reason: "missing" };
        const outcome = await photosOf(trx, photo.galleryId).update(input.id, input.version, { alt: input.alt || null });
        if (outcome !== "saved") return { ok: false, reason: outcome };
        await (input.cover ? setGalleryCover(trx, photo.galleryId, input.id) : uncoverPhoto(trx, input.id));
        return { ok: true, id: input.id, detail: `gallery=${photo.galleryId} photo=${input.id}` };
      }),

    /** Delete and move, as /admin/content/galleries/<id>/… and /admin/content/gallery-photos/<id>/… call them. */
    lists: {
      galleries: {
        move: (id: string, direction: -1 | 1, actorId: string) =>
          edit(actorId, "content.gallery.move", async (trx) =>
            isRecordId(id) && (await listedGalleries(trx).move(id, direction))
              ? { ok: true, detail: `gallery=${id}` }
              : { ok: false, reason: "missing" },
          ),
        /** `to` counts the listed galleries. */
        moveTo: (id: string, to: number, actorId: string) =>
          moveEdit(actorId, "content.gallery.move", `gallery=${id} to=${to}`, async (trx) =>
            isRecordId(id) ? listedGalleries(trx).moveTo(id, to) : { outcome: "missing" },
          ),
        // Its photos go with it; the Explore SMC photos' gallery stays (its photos are deleted one by one).
        async delete(id: string, actorId: string) {
          const gallery = await findGallery(db, id);
          if (!gallery || gallery.kind === "explore") return { ok: false, reason: "missing" } as const;
          const imageIds = (await photosWithImages([gallery.id])).map(({ image }) => image.id);
          const result = await edit(actorId, "content.gallery.delete", async (trx) => {
            await deletePhotosOfGallery(trx, gallery.id);
            return (await galleries(trx).delete(gallery.id))
              ? { ok: true, detail: `gallery=${gallery.id}` }
              : { ok: false, reason: "missing" };
          });
          if (result.ok) await deleteImages(imageIds);
          return result;
        },
      },
      "gallery-photos": {
        async move(id: string, direction: -1 | 1, actorId: string) {
          const photo = await findGalleryPhoto(db, id);
          return edit(actorId, "content.gallery-photo.move", async (trx) =>
            photo && (await photosOf(trx, photo.galleryId).move(id, direction))
              ? { ok: true, detail: `gallery=${photo.galleryId} photo=${id}` }
              : { ok: false, reason: "missing" },
          );
        },
        /** Within its own gallery: `to` counts that gallery's photos. */
        async moveTo(id: string, to: number, actorId: string) {
          const photo = await findGalleryPhoto(db, id);
          return moveEdit(actorId, "content.gallery-photo.move", `gallery=${photo?.galleryId} photo=${id} to=${to}`, async (trx) =>
            photo ? photosOf(trx, photo.galleryId).moveTo(id, to) : { outcome: "missing" },
          );
        },
        async delete(id: string, actorId: string) {
          const photo = await findGalleryPhoto(db, id);
          if (!photo) return { ok: false, reason: "missing" } as const;
          const result = await edit(actorId, "content.gallery-photo.delete", async (trx) => {
            if (!(await photosOf(trx, photo.galleryId).delete(id))) return { ok: false, reason: "missing" };
            await uncoverPhoto(trx, id);
            return { ok: true, detail: `gallery=${photo.galleryId} photo=${id}` };
          });
          if (result.ok) await deleteImages([photo.imageId]);
          return result;
        },
      },
    },
  };
}
