import { errorMessage } from "#core/errors.ts";
import { isRecordId } from "#server/db/ids.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { imagesRepo, type StoredImage } from "#server/repos/images.ts";
import { deleteImageFiles, deleteImageIfUnused } from "#server/services/image-store.ts";
import type { AnnouncementDeps, ImageDeps } from "./deps";

/**
 * An image row that no announcement points at is an orphan once it is this old. Younger ones may belong to
 * a save in progress (the image is stored before the announcement row that shows it).
 */
export const ORPHAN_IMAGE_GRACE_MS = 10 * 60 * 1000;

/** Returns false when there was no such announcement. */
export async function deleteAnnouncement(deps: ImageDeps & Pick<AnnouncementDeps, "erase">, id: string, actorId: string): Promise<boolean> {
  if (!isRecordId(id)) return false;
  const announcement = await announcementsRepo(deps.db).findById(id);
  if (!announcement) return false;
  const image = announcement.image;
  let deleted = false;
  // Its registrations go with it, with every copy of their data (their mails), in one transaction.
  await deps.erase(
    async (trx) => ({ registrations: await trx.registrations.idsFor(id) }),
    async (trx, erased) => {
      deleted = await trx.announcements.delete(id);
      if (!deleted) return;
      await trx.siteContent.raiseVersion();
      const registrations = erased.registrations.length > 0 ? ` registrations=${erased.registrations.length}` : "";
      await trx.auditLog.record(actorId, "announcement.delete", `announcement=${id}${image ? ` image=${image.id}` : ""}${registrations}`);
    },
  );
  if (!deleted || !image) return deleted;
  // The row is gone, so the public pages no longer show the image; its files may now go.
  await deleteImageIfUnused(deps, image.id).catch((error: unknown) => {
    deps.logger.warn({ imageId: image.id, err: errorMessage(error) }, "image row kept for the sweeper");
  });
  return true;
}

async function deleteOrphan({ db, storage, logger }: ImageDeps, image: StoredImage): Promise<boolean> {
  const removed = await deleteImageFiles(storage, image, logger);
  if (removed) await imagesRepo(db).delete(image.id);
  return removed;
}

/**
 * Removes images nothing points at (left by a delete whose file removal failed, or by a crash between storing an
 * image and writing the row that uses it: an announcement's or the content's). Returns how many were removed.
 */
export async function sweepOrphanImages(deps: ImageDeps, now: Date = new Date()): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_IMAGE_GRACE_MS;
  const orphans = (await imagesRepo(deps.db).listUnreferenced()).filter((image) => Date.parse(image.createdAt) <= cutoff);
  let removed = 0;
  for (const image of orphans) if (await deleteOrphan(deps, image).catch(() => false)) removed += 1;
  if (removed > 0) deps.logger.info({ removed }, "orphan images swept");
  return removed;
}
