/**
 * Where uploaded files live. Local files under DATA_DIR now; an S3-compatible bucket can implement the
 * same interface. Keys are relative paths such as "announcements/<id>/800.webp".
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
}

export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; removing a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Throws when files cannot be written (used by /readyz). */
  checkWritable(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

/** Keys come from the server, never from a client; this guards against a bug turning into path traversal. */
export function assertSafeKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.split("/").some((part) => part === "..")) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
