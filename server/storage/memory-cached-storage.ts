import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import type { FileStorage, StoredFile } from "./storage";

export interface MemoryCacheLimits {
  /** All kept files together stay under this many bytes; the least recently read go first. */
  maxBytes: number;
  /** A larger file is read from storage every time. */
  maxFileBytes: number;
  /** A kept file is read again after this long, so a file another instance deleted stops being served. */
  keepMs: number;
}

/**
 * Uploaded images are read many times and never change: each key is written once, under a fresh id
 * (image-store.ts). So the most-read files are kept in memory with a strong ETag computed once, and a visit
 * costs neither a storage round trip (four file-system calls, or a bucket's GET) nor hashing the bytes again.
 *
 * This instance forgets a file when it writes or deletes it; another instance's delete is seen after
 * `keepMs` at most. That is no worse than what the files' year-long immutable caching already promises.
 */
export function memoryCachedStorage(storage: FileStorage, limits: MemoryCacheLimits): FileStorage {
  const kept = new LRUCache<string, StoredFile>({
    maxSize: limits.maxBytes,
    maxEntrySize: limits.maxFileBytes,
    sizeCalculation: (file) => Math.max(1, file.body.length),
    ttl: limits.keepMs,
    // Visitors asking for the same file at once share one read.
    fetchMethod: async (key) => {
      const file = await storage.get(key);
      return file && { ...file, etag: file.etag ?? strongEtag(file.body) };
    },
  });

  return {
    async put(key, body, contentType) {
      kept.delete(key);
      await storage.put(key, body, contentType);
    },
    async putFile(key, sourcePath, contentType) {
      kept.delete(key);
      await storage.putFile(key, sourcePath, contentType);
    },
    get: (key) => kept.fetch(key),
    // Files read by range are the large ones (videos): never kept in memory.
    stat: (key) => storage.stat(key),
    readRange: (key, range) => storage.readRange(key, range),
    async delete(key) {
      kept.delete(key);
      await storage.delete(key);
    },
    checkWritable: () => storage.checkWritable(),
  };
}

function strongEtag(body: Buffer): string {
  return `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
}
