import type { Kysely } from "kysely";
import type { Readable } from "node:stream";
import { VIDEO_FORMATS_MESSAGE, VIDEO_TOO_LARGE_MESSAGE, type VideoInput } from "#core/schemas/content-forms";
import { VIDEO_MAX_BYTES } from "#core/schemas/limits";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { createRepos } from "../repos";
import { type FileStorage, StorageError } from "../storage/storage";
import type { EditResult, RunEdit } from "./content-edits";
import { receiveVideo, VideoRefusedError } from "./video-store";

/** What an upload came to: stored under `key` (not shown yet), or refused with a message for the video field. */
export type ReceivedVideo = { ok: true; key: string } | { ok: false; reason: "video" | "storage-unavailable"; message: string };

const VIDEO_STORAGE_UNAVAILABLE_MESSAGE = "The video could not be stored: the file store cannot be reached. Try again in a few minutes.";

interface VideoEditorTools {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  edit: RunEdit;
}

/**
 * The documentary video of the home page's "How it's started": received into storage as it is uploaded, then shown by
 * a save at the home details' version; a video replaced or removed is deleted from storage once nothing shows it.
 */
export function videoEditor({ db, storage, logger, edit }: VideoEditorTools) {
  const repos = createRepos(db);
  const currentKey = async () => (await repos.siteContent.details())?.documentary_video ?? null;

  /** Deletes a stored video unless the site shows it (the same video uploaded again has the same key). */
  const discard = async (key: string) => {
    if ((await currentKey()) === key) return;
    await storage.delete(key).catch((error: unknown) => logger.warn({ err: String(error), key }, "unused video could not be deleted"));
  };

  /** Points the details at `key` (or at no video) if they are still at `version`, then lets the old video go. */
  const show = async (version: number, key: string | null, action: string, actorId: string): Promise<EditResult> => {
    const previous = await currentKey();
    const saved = await edit(actorId, action, async (trx) => {
      const outcome = await createRepos(trx).siteContent.updateDetails(version, { documentary_video: key });
      return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
    });
    if (saved.ok && previous && previous !== key) await discard(previous);
    if (!saved.ok && key) await discard(key);
    return saved;
  };

  return {
    async receive(upload: Readable): Promise<ReceivedVideo> {
      try {
        return { ok: true, key: await receiveVideo(storage, upload, VIDEO_MAX_BYTES) };
      } catch (error) {
        if (error instanceof VideoRefusedError) {
          return { ok: false, reason: "video", message: error.reason === "format" ? VIDEO_FORMATS_MESSAGE : VIDEO_TOO_LARGE_MESSAGE };
        }
        if (error instanceof StorageError) {
          logger.error({ err: error.message }, "video could not be stored; nothing saved");
          return { ok: false, reason: "storage-unavailable", message: VIDEO_STORAGE_UNAVAILABLE_MESSAGE };
        }
        throw error;
      }
    },
    /** A received video that will not be shown after all (its form was refused). */
    discard,
    save: (input: VideoInput, key: string, actorId: string) => show(input.version, key, "content.video.edit", actorId),
    remove: (input: VideoInput, actorId: string) => show(input.version, null, "content.video.remove", actorId),
  };
}
