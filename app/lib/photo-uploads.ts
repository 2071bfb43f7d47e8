import { useSyncExternalStore } from "react";
import { href } from "react-router";
import { CONTENT_PHOTO_MAX_BYTES } from "#core/schemas/limits.ts";

import { downscaledPhoto } from "./downscale-photo";
import { holdWhileUploading } from "./leave-while-uploading";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { CONTENT_FAILED, PHOTO_FORMATS_MESSAGE, PHOTO_TOO_LARGE_MESSAGE } from "#core/messages/content.ts";
import { postWithProgress } from "./post-with-progress";
import { refusalMessage } from "./answer-message";

/** One photo on its way into a gallery, as the upload list shows it. */
export interface PhotoUpload {
  key: string;
  galleryId: string;
  fileName: string;
  /** A local address of the file, for its preview. */
  previewUrl: string;
  /** Bytes sent so far, of `total`. */
  sent: number;
  total: number;
  state: "waiting" | "sending" | "encoding" | "done" | "refused";
  /** Why it was refused. */
  message?: string;
}

const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/avif"]);

let uploads: readonly PhotoUpload[] = [];
const files = new Map<string, File>();
const listeners = new Set<() => void>();
let sending = false;
let nextKey = 0;
/** Ends the question asked before the browser leaves the site while photos wait or are sent (leave-while-uploading.ts). */
let releaseLeaving: (() => void) | undefined;

function update(key: string, change: Partial<PhotoUpload>) {
  uploads = uploads.map((upload) => (upload.key === key ? { ...upload, ...change } : upload));
  for (const listener of listeners) listener();
}

/**
 * Queues photos for a gallery. They are sent one at a time (the server encodes them one at a time anyway), each with
 * its own progress and answer; the queue lives outside the page, so the admin can keep working meanwhile. A file the
 * browser can already tell is too large or not a photo is refused here and never sent.
 */
export function uploadPhotos(galleryId: string, chosen: Iterable<File>): void {
  const added: PhotoUpload[] = [];
  for (const file of chosen) {
    const key = `upload-${nextKey++}`;
    const refusal =
      file.size > CONTENT_PHOTO_MAX_BYTES ? PHOTO_TOO_LARGE_MESSAGE : !PHOTO_TYPES.has(file.type) ? PHOTO_FORMATS_MESSAGE : undefined;
    files.set(key, file);
    added.push({
      key,
      galleryId,
      fileName: file.name,
      previewUrl: refusal ? "" : URL.createObjectURL(file),
      sent: 0,
      total: file.size,
      state: refusal ? "refused" : "waiting",
      message: refusal,
    });
  }
  uploads = [...uploads, ...added];
  for (const listener of listeners) listener();
  if (!releaseLeaving && uploads.some((upload) => upload.state === "waiting")) releaseLeaving = holdWhileUploading("photos");
  void sendNext();
}

/** Takes finished and refused uploads off the list (a refused one can be chosen again). */
export function clearFinishedUploads(galleryId: string): void {
  const finished = (upload: PhotoUpload) => upload.galleryId === galleryId && (upload.state === "done" || upload.state === "refused");
  for (const upload of uploads.filter(finished)) {
    if (upload.previewUrl) URL.revokeObjectURL(upload.previewUrl);
    files.delete(upload.key);
  }
  uploads = uploads.filter((upload) => !finished(upload));
  for (const listener of listeners) listener();
}

async function sendNext(): Promise<void> {
  if (sending) return;
  const next = uploads.find((upload) => upload.state === "waiting");
  const file = next && files.get(next.key);
  if (!next || !file) {
    releaseLeaving?.();
    releaseLeaving = undefined;
    return;
  }
  sending = true;
  try {
    update(next.key, { state: "sending" });
    const outcome = await send(next, file);
    if (!outcome.ok) URL.revokeObjectURL(next.previewUrl);
    update(next.key, outcome.ok ? { state: "done", sent: next.total } : { state: "refused", message: outcome.message, previewUrl: "" });
    files.delete(next.key);
  } finally {
    sending = false;
  }
  void sendNext();
}

async function send(upload: PhotoUpload, file: File): Promise<{ ok: true } | { ok: false; message: string }> {
  const body = new FormData();
  body.append("photo", await downscaledPhoto(file), file.name);
  const url = href("/admin/content/galleries/:id/photos", { id: encodeURIComponent(upload.galleryId) });
  const { status, body: answer } = await postWithProgress(url, body, {
    // The body is the file and a little form around it: its share sent, counted in the file's bytes.
    onProgress: (sent, total) => update(upload.key, { sent: total ? Math.round((sent / total) * upload.total) : sent }),
    // Every byte is there: the server is encoding the photo into its sizes.
    onSent: () => update(upload.key, { state: "encoding", sent: upload.total }),
  });
  if (status >= 200 && status < 300) return { ok: true };
  if (status === 0) return { ok: false, message: CONTENT_FAILED.uploadNotSent };
  if (status === 401) return { ok: false, message: ADMIN_ACCESS_MESSAGES.sessionEnded };
  if (status === 413) return { ok: false, message: PHOTO_TOO_LARGE_MESSAGE };
  return { ok: false, message: refusalMessage(answer) ?? CONTENT_FAILED.photoNotSaved(status) };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const NO_UPLOADS: readonly PhotoUpload[] = [];

/** The uploads into one gallery, redrawn as they progress. */
export function usePhotoUploads(galleryId: string): readonly PhotoUpload[] {
  const all = useSyncExternalStore(
    subscribe,
    () => uploads,
    () => NO_UPLOADS,
  );
  return all.filter((upload) => upload.galleryId === galleryId);
}
