import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Engine } from "#server/db/database.ts";
import { newId, nowIso } from "#server/db/ids.ts";
import type { Logger } from "#server/logger.ts";
import { imagesRepo } from "#server/repos/images.ts";
import { CONTENT_TABLES, siteContentRepo } from "#server/repos/site-content.ts";
import { contentEditorService } from "#server/services/content-editor.ts";
import { siteContentService } from "#server/services/site-content.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";
import { SMALL_SITE_PHOTOS, SMALL_SITE_VIDEO, smallSite } from "./small-content";
import { openTestDatabase, type TestDatabase } from "./test-database";

/** The admin every edit of these tests is made by. */
export const ACTOR = "admin-1";
/** What an edit of an item that is gone, or from an older copy of it, is answered. */
export const MISSING = { ok: false, reason: "missing" } as const;
export const STALE = { ok: false, reason: "conflict" } as const;
/** Where the seeded site's video is stored. */
export const SEEDED_VIDEO = `content/video/${"a".repeat(32)}.webm`;

/** A real photo of `width`×`height`, with a camera's EXIF and GPS position (which storing must drop). */
export const photo = (width = 48, height = 32, background = "#c84") =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withExif({ IFD0: { Make: "LeakyCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
    .gif()
    .toBuffer();

/**
 * The content editor on a database of the file's own, which each test finds holding `smallSite()` (every list with
 * entries) and nothing else of the content's, the audit log's or the uploads', with its files in a temporary folder
 * emptied for each test. Its photos are image rows with two small files each (no encoding): what the tests upload is real.
 */
export function useContentEditor(engine: Engine) {
  let database: TestDatabase;
  let dir: string;
  let storageDown = false;
  const logLines: string[] = [];
  const photoIds = new Map<string, string>();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-content-"));
  });
  afterAll(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    for (const table of [...CONTENT_TABLES].reverse()) await database.db.deleteFrom(table).execute();
    for (const table of ["images", "auditLog", "videoUploads"] as const) await database.db.deleteFrom(table).execute();
    fs.rmSync(dir, { recursive: true, force: true });
    storageDown = false;
    logLines.length = 0;
    for (const name of Object.keys(SMALL_SITE_PHOTOS)) {
      const id = newId();
      const variants = (["avif", "webp"] as const).map((format) => ({ format, width: 64, height: 48, key: `content/${id}-64.${format}` }));
      for (const { key } of variants) await kit.storage.put(key, Buffer.from(name), "image/webp");
      const image = { id, storageKey: `content/${id}`, width: 64, height: 48, variants, sourceHash: name, createdAt: nowIso() };
      await imagesRepo(database.db).create(image);
      photoIds.set(name, id);
    }
    await kit.storage.put(SEEDED_VIDEO, SMALL_SITE_VIDEO, "video/webm");
    await siteContentRepo(database.db).replace(smallSite(), (name) => photoIds.get(name)!, SEEDED_VIDEO);
  });

  const kit = {
    get db() {
      return database.db;
    },
    /** Files under the temporary folder; `storageDown()` makes every write fail as an unreachable bucket does. */
    get storage(): FileStorage {
      const local = localStorage(dir);
      const put: FileStorage["put"] = (...args) =>
        storageDown ? Promise.reject(new StorageError("the bucket did not answer")) : local.put(...args);
      return { ...local, put };
    },
    storageDown: () => (storageDown = true),
    logLines,
    get logger(): Logger {
      return pino({ level: "info" }, { write: (line: string) => logLines.push(line) });
    },
    editor: () => contentEditorService({ db: database.db, storage: kit.storage, logger: kit.logger }),
    /** What the public pages draw, read afresh. */
    publicContent: () => siteContentService({ repo: siteContentRepo(database.db), publicUrl: "https://society.example" }),
    /** The image id of one of the small site's photos. */
    photoId: (name: keyof typeof SMALL_SITE_PHOTOS & string) => photoIds.get(name)!,
    audit: () => database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).orderBy("at").orderBy("id").execute(),
    contentVersion: async () => (await siteContentRepo(database.db).version()) as number,
    imageIds: async () => (await database.db.selectFrom("images").select("id").orderBy("id").execute()).map((row) => row.id),
    /** Whether a stored file is there. */
    hasFile: async (key: string) => (await localStorage(dir).stat(key)) !== undefined,
    /** The names of the files in a folder of the store. */
    filesIn: (folder: string) => (fs.existsSync(path.join(dir, folder)) ? fs.readdirSync(path.join(dir, folder)).sort() : []),
    /** The photo an item of a list shows. */
    imageOf: async (table: "teamMembers" | "collaborators" | "resources", id: string) =>
      (await database.db.selectFrom(table).select("imageId").where("id", "=", id).executeTakeFirstOrThrow()).imageId,
    /** The keys of an image's files. */
    filesOf: async (imageId: string) => (await imagesRepo(database.db).findById(imageId))?.variants.map((v) => v.key) ?? [],
    /** Every row of the content's tables and images, the audit log and the content version: "nothing changed" compares two. */
    snapshot: async () => ({
      version: await kit.contentVersion(),
      audit: await kit.audit(),
      images: await kit.imageIds(),
      ...Object.fromEntries(
        await Promise.all(
          CONTENT_TABLES.map(async (table) => [table, await database.db.selectFrom(table).selectAll().orderBy("id").execute()]),
        ),
      ),
    }),
  };
  return kit;
}
