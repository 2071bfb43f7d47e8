import type { Kysely } from "kysely";
import { createAnnouncementSchema } from "#core/schemas/announcement";
import { isRecordId, newId, nowIso } from "../db/ids";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { createRepos, inTransaction } from "../repos";
import type { StoredImage } from "../repos/images";
import { type FileStorage, StorageError } from "../storage/storage";
import { UnsupportedImageError } from "../images/encode-image";
import { deleteImageFiles, storeImage, storedImageToResponsive } from "./image-store";
import { errorMessage } from "#core/errors";

export const ANNOUNCEMENT_IMAGE_FOLDER = "announcements";
/**
 * An image row that no announcement points at is an orphan once it is this old. Younger ones may belong to
 * a create in progress (the image is stored before its announcement row).
 */
export const ORPHAN_IMAGE_GRACE_MS = 10 * 60 * 1000;

export interface NewAnnouncementInput {
  description: string;
  googleFormUrl: string;
  /** The uploaded file's bytes; checked by content and re-encoded (never stored as sent). */
  image: Buffer;
}

/** What the admin is told when the image cannot be stored (the reason, naming the bucket, goes to the log). */
export const STORAGE_UNAVAILABLE_MESSAGE = "Failed to create announcement: the image store cannot be reached. Try again in a few minutes.";

export type CreateAnnouncementResult =
  | { ok: true; id: string }
  | { ok: false; reason: "unsupported-image"; message: string }
  | { ok: false; reason: "storage-unavailable"; message: string };

interface Deps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
}

/**
 * The admin's announcement rules. Create: re-encode and store the image, then write the row (on failure the
 * files go again). Delete: the row first, then its files; a file that cannot be removed is logged and left to
 * `sweepOrphanImages`, so nothing ever points at a missing file.
 */
export function announcementService(deps: Deps) {
  const { db, storage, logger } = deps;
  const repos = createRepos(db);

  async function removeImage(image: StoredImage): Promise<boolean> {
    const removed = await deleteImageFiles(storage, image, logger);
    if (removed) await repos.images.delete(image.id);
    return removed;
  }

  return {
    /** Newest first, ready to draw: description as plain text, image as responsive variants. */
    async listPublic() {
      const announcements = await repos.announcements.listNewestFirst();
      return announcements.map((a, index) => ({
        id: a.id,
        description: a.description,
        googleFormUrl: registrationLink(a.googleFormUrl),
        createdAt: a.createdAt,
        image: storedImageToResponsive(a.image, `Announcement ${index + 1} image`),
      }));
    },

    /**
     * Refuses (without storing anything) a file that is not a supported, complete image, and reports a storage
     * that cannot take the files (no row is written then).
     */
    async create(input: NewAnnouncementInput, actorId: string): Promise<CreateAnnouncementResult> {
      let image: StoredImage;
      try {
        image = await storeImage({ db, storage }, input.image, ANNOUNCEMENT_IMAGE_FOLDER);
      } catch (error) {
        if (error instanceof UnsupportedImageError) return { ok: false, reason: "unsupported-image", message: error.message };
        if (error instanceof StorageError) {
          logger.error({ err: error.message }, "image could not be stored; announcement not created");
          return { ok: false, reason: "storage-unavailable", message: STORAGE_UNAVAILABLE_MESSAGE };
        }
        throw error;
      }
      const id = newId();
      try {
        await inTransaction(db, async (trx) => {
          await trx.announcements.create({
            id,
            description: input.description,
            google_form_url: input.googleFormUrl,
            image_id: image.id,
            created_at: nowIso(),
          });
          await trx.auditLog.record(actorId, "announcement.create", `announcement=${id} image=${image.id}`);
        });
      } catch (error) {
        await removeImage(image).catch(() => false);
        throw error;
      }
      return { ok: true, id };
    },

    /** Returns false when there was no such announcement. */
    async delete(id: string, actorId: string): Promise<boolean> {
      if (!isRecordId(id)) return false;
      const announcement = await repos.announcements.findById(id);
      if (!announcement) return false;
      const deleted = await inTransaction(db, async (trx) => {
        const gone = await trx.announcements.delete(id);
        if (gone) await trx.auditLog.record(actorId, "announcement.delete", `announcement=${id} image=${announcement.image.id}`);
        return gone;
      });
      if (!deleted) return false;
      // The row is gone, so the public pages no longer show the image; its files may now go.
      await removeImage(announcement.image).catch((error: unknown) => {
        logger.warn({ imageId: announcement.image.id, err: errorMessage(error) }, "image row kept for the sweeper");
      });
      return true;
    },

    /**
     * Removes images nothing points at (left by a delete whose file removal failed, or by a crash between storing an
     * image and writing the row that uses it: an announcement's or the content's). Returns how many were removed.
     */
    async sweepOrphanImages(now: Date = new Date()): Promise<number> {
      const cutoff = now.getTime() - ORPHAN_IMAGE_GRACE_MS;
      const orphans = (await repos.images.listUnreferenced()).filter((image) => Date.parse(image.createdAt) <= cutoff);
      let removed = 0;
      for (const image of orphans) if (await removeImage(image).catch(() => false)) removed += 1;
      if (removed > 0) logger.info({ removed }, "orphan images swept");
      return removed;
    },
  };
}

type AnnouncementService = ReturnType<typeof announcementService>;
export type PublicAnnouncement = Awaited<ReturnType<AnnouncementService["listPublic"]>>[number];

/**
 * The registration link, if it is one the form would accept today (http or https); otherwise none. New links are
 * checked when the announcement is created, but a row from before that check, a restored backup or a hand edit may
 * hold anything, `javascript:` included, and that must never become a link on the page.
 */
const registrationLink = (url: string): string | null => (createAnnouncementSchema.shape.url.safeParse(url).success ? url : null);
