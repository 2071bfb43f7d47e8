import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertSafeKey, type FileStorage } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream";

/** What `read` finds; undefined for no such file, or a folder where a file was asked for (`/uploads/announcements`). */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (["ENOENT", "EISDIR", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return undefined;
    throw error;
  }
}

/** Files under a directory (DATA_DIR/uploads). Writes go to a temporary name first, so a reader never sees half a file. */
export function localStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };

  /** Writes the file under a temporary name, syncs it to disk, then gives it its name. */
  const writeThenRename = async (key: string, write: (temporary: string) => Promise<void>) => {
    const file = fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Its own name even when two writes of one key meet (two instances importing the same video).
    const temporary = `${file}.${process.pid}-${crypto.randomUUID()}.tmp`;
    try {
      await write(temporary);
      const handle = await fs.open(temporary, "r+");
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    put: (key, body) => writeThenRename(key, (temporary) => fs.writeFile(temporary, body)),

    // Streamed into a new file rather than copied: a copy would keep the source's permissions, not the site's private ones.
    putFile: (key, sourcePath) =>
      writeThenRename(key, (temporary) => pipeline(createReadStream(sourcePath), createWriteStream(temporary, { flags: "wx" }))),

    async get(key) {
      const body = await unlessMissing(() => fs.readFile(fileFor(key)));
      return body && { body, contentType: contentTypeOf(key) };
    },

    async stat(key) {
      const stats = await unlessMissing(() => fs.stat(fileFor(key)));
      return stats?.isFile() ? { size: stats.size, contentType: contentTypeOf(key) } : undefined;
    },

    async readRange(key, { start, end }) {
      const stream = createReadStream(fileFor(key), { start, end });
      // Opening fails here (a missing file, say) rather than mid-answer.
      await new Promise<void>((resolve, reject) => stream.once("open", () => resolve()).once("error", reject));
      return stream;
    },

    async delete(key) {
      await fs.rm(fileFor(key), { force: true });
    },

    async checkWritable() {
      await fs.mkdir(root, { recursive: true });
      const probe = path.join(root, `.ready-${process.pid}`);
      await fs.writeFile(probe, "ok");
      await fs.rm(probe, { force: true });
    },
  };
}
