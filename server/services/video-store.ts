import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileStorage } from "#server/storage/storage.ts";

/** Where videos are served from: byte ranges of the stored file (server/http/media-files.ts). */
export const MEDIA_URL = "/media";
/** Where videos are stored, beside the content's photos. */
export const VIDEO_FOLDER = "content/video";

const VIDEO_TYPES = { mp4: "video/mp4", webm: "video/webm" } as const;
export type VideoFormat = keyof typeof VIDEO_TYPES;

/** A stored video's key: named after its bytes, so the same video is stored once and its URL never changes meaning. */
const VIDEO_KEY = new RegExp(`^${VIDEO_FOLDER}/[0-9a-f]{32}\\.(mp4|webm)$`);
export const isVideoKey = (key: string) => VIDEO_KEY.test(key);
export const videoUrl = (key: string) => `${MEDIA_URL}/${key}`;
export const videoFormatOfKey = (key: string): VideoFormat => (key.endsWith(".mp4") ? "mp4" : "webm");

/** Bytes enough to tell the container from the file's start. */
export const HEAD_BYTES = 64;

/**
 * The container a file's first bytes announce: MP4 (an ISO media file's `ftyp` box, QuickTime's own brand excepted:
 * browsers other than Safari play few MOV files) or WebM (an EBML header whose document type is webm, not Matroska).
 */
export function videoFormatOf(head: Buffer): VideoFormat | undefined {
  if (head.length >= 12 && head.toString("latin1", 4, 8) === "ftyp") return head.toString("latin1", 8, 12) === "qt  " ? undefined : "mp4";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return head.subarray(0, HEAD_BYTES).includes("webm") ? "webm" : undefined;
  return undefined;
}

export class VideoRefusedError extends Error {
  override name = "VideoRefusedError";
  constructor(readonly reason: "format" | "too-large") {
    super(reason === "format" ? "not an MP4 or WebM video" : "the video is over its size limit");
  }
}

/** The first HEAD_BYTES and the SHA-256 of the bytes shown to it, in order: what names and judges a video. */
function fingerprint() {
  const hash = crypto.createHash("sha256");
  let head = Buffer.alloc(0);
  return {
    add(chunk: Buffer) {
      hash.update(chunk);
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
    },
    result: () => ({ head, digest: hash.digest("hex") }),
  };
}

/** Stores the local file `filePath` (whose fingerprint is given) under the key it names, unless it is stored already. */
async function storeFingerprinted(storage: FileStorage, filePath: string, { head, digest }: { head: Buffer; digest: string }) {
  const format = videoFormatOf(head);
  if (!format) throw new VideoRefusedError("format");
  const key = `${VIDEO_FOLDER}/${digest.slice(0, 32)}.${format}`;
  if (!(await storage.stat(key))) await storage.putFile(key, filePath, VIDEO_TYPES[format]);
  return key;
}

/**
 * Stores the video in the local file `filePath` under the key its bytes name; a video already stored is not sent again.
 * Throws VideoRefusedError when the file is not an MP4 or WebM video, StorageError when the store cannot take it.
 */
export async function storeVideoFile(storage: FileStorage, filePath: string): Promise<string> {
  const seen = fingerprint();
  for await (const chunk of createReadStream(filePath)) seen.add(chunk as Buffer);
  return storeFingerprinted(storage, filePath, seen.result());
}

/**
 * Stores the video whose parts are stored under `partKeys`, in order: they are joined in a temporary file (one chunk in
 * memory at a time, fingerprinted on the way) and stored as `storeVideoFile` stores a file. More than `maxBytes` in all
 * is refused with VideoRefusedError("too-large"); the temporary file is gone either way.
 */
export async function assembleVideo(storage: FileStorage, partKeys: readonly string[], maxBytes: number): Promise<string> {
  const parts = await Promise.all(partKeys.map(async (key) => ({ key, size: (await storage.stat(key))?.size })));
  const missing = parts.find((part) => part.size === undefined);
  if (missing) throw new Error(`the video part ${missing.key} is missing`);
  if (parts.reduce((sum, part) => sum + part.size!, 0) > maxBytes) throw new VideoRefusedError("too-large");
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "video-"));
  try {
    const filePath = path.join(folder, "video");
    const seen = fingerprint();
    await pipeline(async function* () {
      for (const { key, size } of parts) {
        if (size === 0) continue;
        for await (const chunk of await storage.readRange(key, { start: 0, end: size! - 1 })) {
          seen.add(chunk as Buffer);
          yield chunk as Buffer;
        }
      }
    }, createWriteStream(filePath));
    return await storeFingerprinted(storage, filePath, seen.result());
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Copies a stored video to a local file (an export). */
export async function copyVideoToFile(storage: FileStorage, key: string, filePath: string): Promise<void> {
  const info = await storage.stat(key);
  if (!info) throw new Error(`the stored video ${key} is missing`);
  await pipeline(await storage.readRange(key, { start: 0, end: info.size - 1 }), createWriteStream(filePath));
}
