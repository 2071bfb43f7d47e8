import type { Kysely } from "kysely";

import { CONTENT_IMAGE_FOLDER } from "#server/content/import-content.ts";
import type { Database } from "#server/db/schema.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";
import type { Logger } from "#server/logger.ts";
import type { StoredImage } from "#server/repos/images.ts";
import { createRepos } from "#server/repos/index.ts";
import type { EditResult, MoveToResult, PhotoEditResult, RunEdit, RunMoveEdit, WithPhoto } from "#server/services/content-edits.ts";
import { deleteImageIfUnused, storeImage } from "#server/services/image-store.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";

import { PHOTO_FORMATS_MESSAGE, PHOTO_STORAGE_UNAVAILABLE_MESSAGE } from "#core/messages/content.ts";
export interface ContentEditorDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
}
export type DbDeps = Pick<ContentEditorDeps, "db">;

/** Records an edit made in `trx` and raises the content version, in the same transaction. */
async function record(db: Kysely<Database>, trx: Kysely<Database>, actorId: string, action: string, detail?: string) {
  const trxRepos = createRepos(trx, db);
  await trxRepos.siteContent.raiseVersion();
  await trxRepos.auditLog.record(actorId, action, detail);
}

export const runEdit = ({ db }: DbDeps, ...[actorId, action, work]: Parameters<RunEdit>) =>
  db.transaction().execute(async (trx): Promise<EditResult> => {
    const { detail, ...result } = await work(trx);
    if (!result.ok) return result;
    await record(db, trx, actorId, action, detail);
    return result;
  });

// A move to where the item is already changes nothing, so nothing is recorded.
export const runMoveEdit = ({ db }: DbDeps, ...[actorId, action, detail, move]: Parameters<RunMoveEdit>) =>
  db.transaction().execute(async (trx): Promise<MoveToResult> => {
    const moved = await move(trx);
    switch (moved.outcome) {
      case "moved":
        await record(db, trx, actorId, action, detail);
        return { ok: true };
      case "unchanged":
        return { ok: true };
      case "missing":
        return { ok: false, reason: "missing" };
      case "out-of-range":
        return { ok: false, reason: "out-of-range", size: moved.size };
    }
  });

export async function deleteImagesIfUnused(deps: ContentEditorDeps, imageIds: readonly string[]) {
  for (const id of new Set(imageIds)) await deleteImageIfUnused(deps, id).catch(() => undefined);
}

/**
 * Stores an uploaded content photo (refusing anything but a JPEG, PNG, WebP or AVIF photo), then runs `save` with its
 * image id. A save that does not go through takes the new photo away again; the photo it replaced goes once nothing
 * shows it any more.
 */
export async function withPhoto(
  deps: ContentEditorDeps,
  ...[photo, previousImageId, save, encodeOptions]: Parameters<WithPhoto>
): Promise<PhotoEditResult> {
  let stored: StoredImage | undefined;
  if (photo) {
    try {
      stored = await storeImage(deps, photo, CONTENT_IMAGE_FOLDER, { ...encodeOptions, photosOnly: { message: PHOTO_FORMATS_MESSAGE } });
    } catch (error) {
      if (error instanceof UnsupportedImageError) return { ok: false, reason: "photo", message: error.message };
      if (error instanceof StorageError) {
        deps.logger.error({ err: error.message }, "content photo could not be stored; nothing saved");
        return { ok: false, reason: "storage-unavailable", message: PHOTO_STORAGE_UNAVAILABLE_MESSAGE };
      }
      throw error;
    }
  }
  const { imageId, ...result } = await save(stored?.id).catch(async (error: unknown) => {
    if (stored) await deleteImageIfUnused(deps, stored.id);
    throw error;
  });
  if (!result.ok) {
    if (stored) await deleteImageIfUnused(deps, stored.id);
    return result;
  }
  if (previousImageId && previousImageId !== imageId) await deleteImagesIfUnused(deps, [previousImageId]);
  return result;
}
