import type { Kysely } from "kysely";
import { type VideoInput, type VideoUploadInput } from "#core/schemas/content-forms.ts";
import { errorMessage } from "#core/errors.ts";
import { VIDEO_MAX_BYTES, VIDEO_MAX_PARTS, VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { createRepos } from "#server/repos/index.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";
import type { EditResult, RunEdit } from "./content-edits";
import { assembleVideo, HEAD_BYTES, VideoRefusedError, videoFormatOf } from "./video-store";

import {
  VIDEO_FORMATS_MESSAGE,
  VIDEO_INCOMPLETE_MESSAGE,
  VIDEO_STORAGE_UNAVAILABLE_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
} from "#core/messages/content.ts";
/** A video refused (at the video field), or the store is down (for the whole form, "try again"). */
export type VideoRefusal = { ok: false; reason: "video" | "storage-unavailable"; message: string };
/** What a part of an upload comes to; "missing": there is no such upload (finished, or cleared away meanwhile). */
export type PartResult = { ok: true } | VideoRefusal | { ok: false; reason: "missing" };

/** Where the parts of an upload wait for the last one. */
const PARTS_FOLDER = "content/video-uploads";
export const videoPartKey = (uploadId: string, index: number) => `${PARTS_FOLDER}/${uploadId}-${index}`;
/** An upload not finished within a day (its page closed, its connection lost) is cleared away at the next one's start. */
export const UNFINISHED_UPLOAD_MS = 24 * 60 * 60 * 1000;

interface VideoEditorTools {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  edit: RunEdit;
}

/**
 * The documentary video of the home page's "How it's started". It is uploaded in parts (each its own short request,
 * app/lib/video-upload.ts), stored as they arrive; the last request joins them into the video and shows it by a save
 * at the home details' version. A video replaced or removed is deleted from storage once nothing shows it.
 */
export function videoEditor({ db, storage, logger, edit }: VideoEditorTools) {
  const repos = createRepos(db);
  const currentKey = async () => (await repos.siteContent.details())?.documentaryVideo ?? null;
  const logStorageError = (error: StorageError) => logger.error({ err: error.message }, "video could not be stored; nothing saved");
  const storageUnavailable: VideoRefusal = { ok: false, reason: "storage-unavailable", message: VIDEO_STORAGE_UNAVAILABLE_MESSAGE };
  const refused = (message: string): VideoRefusal => ({ ok: false, reason: "video", message });

  /** Deletes a stored video unless the site shows it (the same video uploaded again has the same key). */
  const discard = async (key: string) => {
    if ((await currentKey()) === key) return;
    await storage
      .delete(key)
      .catch((error: unknown) => logger.warn({ err: errorMessage(error), key }, "unused video could not be deleted"));
  };

  /** An upload's parts and row, gone. */
  const clearUpload = async (upload: { id: string; parts: number }) => {
    for (let index = 0; index < upload.parts; index++) await storage.delete(videoPartKey(upload.id, index));
    await repos.videoUploads.delete(upload.id);
  };

  /** Points the details at `key` (or at no video) if they are still at `version`, then lets the old video go. */
  const show = async (version: number, key: string | null, action: string, actorId: string): Promise<EditResult> => {
    const previous = await currentKey();
    const saved = await edit(actorId, action, async (trx) => {
      const outcome = await createRepos(trx).siteContent.updateDetails(version, { documentaryVideo: key });
      return outcome === "saved" ? { ok: true } : { ok: false, reason: outcome };
    });
    if (saved.ok && previous && previous !== key) await discard(previous);
    if (!saved.ok && key) await discard(key);
    return saved;
  };

  return {
    /** A new upload's id; uploads left unfinished for a day are cleared away first. */
    async startUpload(now = new Date()): Promise<string> {
      const stale = await repos.videoUploads.startedBefore(new Date(now.getTime() - UNFINISHED_UPLOAD_MS).toISOString());
      for (const upload of stale)
        await clearUpload(upload).catch((error: unknown) =>
          logger.warn({ err: errorMessage(error) }, "unfinished video upload not cleared"),
        );
      return repos.videoUploads.start();
    },

    /** Stores part `index` of an upload; the first part must begin as an MP4 or WebM video does. */
    async storePart(uploadId: string, index: number, bytes: Buffer): Promise<PartResult> {
      if (!(await repos.videoUploads.find(uploadId))) return { ok: false, reason: "missing" };
      if (!Number.isInteger(index) || index < 0 || index >= VIDEO_MAX_PARTS || bytes.length > VIDEO_PART_BYTES) {
        return refused(VIDEO_TOO_LARGE_MESSAGE);
      }
      if (index === 0 && !videoFormatOf(bytes.subarray(0, HEAD_BYTES))) return refused(VIDEO_FORMATS_MESSAGE);
      try {
        await storage.put(videoPartKey(uploadId, index), bytes, "application/octet-stream");
      } catch (error) {
        if (!(error instanceof StorageError)) throw error;
        logStorageError(error);
        return storageUnavailable;
      }
      if (await repos.videoUploads.partStored(uploadId, index)) return { ok: true };
      await storage.delete(videoPartKey(uploadId, index));
      return { ok: false, reason: "missing" };
    },

    /** Joins an upload's `parts` into the video and shows it in place of the one before; the parts go either way. */
    async finishUpload({ upload: uploadId, parts, version }: VideoUploadInput, actorId: string): Promise<EditResult | VideoRefusal> {
      const upload = await repos.videoUploads.find(uploadId);
      if (!upload) return refused(VIDEO_INCOMPLETE_MESSAGE);
      let key: string;
      try {
        if (upload.parts !== parts) return refused(VIDEO_INCOMPLETE_MESSAGE);
        const partKeys = Array.from({ length: parts }, (_, index) => videoPartKey(upload.id, index));
        key = await assembleVideo(storage, partKeys, VIDEO_MAX_BYTES);
      } catch (error) {
        if (error instanceof VideoRefusedError) return refused(error.reason === "format" ? VIDEO_FORMATS_MESSAGE : VIDEO_TOO_LARGE_MESSAGE);
        if (!(error instanceof StorageError)) throw error;
        logStorageError(error);
        return storageUnavailable;
      } finally {
        await clearUpload(upload).catch((error: unknown) => logger.warn({ err: errorMessage(error) }, "video upload's parts not cleared"));
      }
      return show(version, key, "content.video.edit", actorId);
    },

    delete: (input: VideoInput, actorId: string) => show(input.version, null, "content.video.remove", actorId),
  };
}
