import type { Readable } from "node:stream";
/**
 * Where uploaded files live: local files under DATA_DIR (`local-storage.ts`) or an S3-compatible bucket
 * (`s3-storage.ts`), chosen by STORAGE. Keys are relative paths such as "announcements/<id>-800.webp".
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  /** A strong validator of these bytes, when the storage has one at hand (see memory-cached-storage.ts). */
  etag?: string;
}

/** What is known of a stored file without reading it. */
export interface StoredFileInfo {
  size: number;
  contentType: string;
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Stores a file from the local disk without holding it in memory (a video of hundreds of megabytes). */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  stat(key: string): Promise<StoredFileInfo | undefined>;
  /** Part of a file as a stream, for files too large to read whole; the range must lie within the file. */
  readRange(key: string, range: ByteRange): Promise<Readable>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when files cannot be written (used by /readyz, so it must be cheap). */
  checkWritable(): Promise<void>;
}

/**
 * The storage could not do what was asked (unreachable, timed out, refused the credentials, no such bucket).
 * The message says which operation failed where and why, and never holds a credential.
 */
export class StorageError extends Error {
  override name = "StorageError";
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

export function isSafeKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.split("/").some((part) => part === "..");
}

/** Where files the site keeps but never serves are stored (a signatory's signature): /uploads/ refuses these keys. */
export const PRIVATE_KEY_PREFIX = "private/";

/** Whether a key may be served at /uploads/: a safe key outside PRIVATE_KEY_PREFIX. */
export const isPublicKey = (key: string): boolean => isSafeKey(key) && !key.startsWith(PRIVATE_KEY_PREFIX);

/** Keys come from the server, never from a client; this guards against a bug turning into path traversal. */
export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
