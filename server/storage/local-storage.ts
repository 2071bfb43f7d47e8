import fs from "node:fs/promises";
import path from "node:path";
import { assertSafeKey, type FileStorage } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  ".avif": "image/avif",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

/** Files under a directory (DATA_DIR/uploads). Writes go to a temporary name first, so a reader never sees half a file. */
export function localStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split("/"));
  };

  return {
    async put(key, body) {
      const file = fileFor(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      const handle = await fs.open(temporary, "w");
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, file);
    },

    async get(key) {
      try {
        const body = await fs.readFile(fileFor(key));
        return { body, contentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream" };
      } catch (error) {
        // No such file, or a folder where a file was asked for (`/uploads/announcements`): not there.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return undefined;
        throw error;
      }
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
