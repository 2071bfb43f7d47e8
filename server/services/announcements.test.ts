import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { createLogger } from "../logger";
import { localStorage } from "../storage/local-storage";
import { type FileStorage, StorageError } from "../storage/storage";
import { announcementService, ORPHAN_IMAGE_GRACE_MS, STORAGE_UNAVAILABLE_MESSAGE } from "./announcements";

const jpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a7" } })
    .jpeg()
    .toBuffer();

describe.each(testEngines())("the announcement service on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  let storage: FileStorage;
  let failDeletes: boolean;
  /** Puts after this many succeed fail as an unreachable bucket would. */
  let putsBeforeOutage: number;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-svc-"));
    const real = localStorage(dir);
    failDeletes = false;
    putsBeforeOutage = Infinity;
    storage = {
      ...real,
      put: async (key, body, contentType) => {
        if (putsBeforeOutage <= 0) throw new StorageError(`S3 put ${key} failed on bucket "b" at 127.0.0.1:1: unreachable (ECONNREFUSED)`);
        putsBeforeOutage -= 1;
        await real.put(key, body, contentType);
      },
      delete: async (key) => {
        if (failDeletes) throw new Error("disk says no");
        await real.delete(key);
      },
    };
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const service = () => announcementService({ db: database.db, storage, logger: createLogger("silent") });
  const files = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  const imageRows = async () => (await database.db.selectFrom("images").select("id").execute()).length;

  test("a file that cannot be removed leaves the announcement gone and the image for the sweeper", async () => {
    const created = await service().create(
      { description: "Camp on Saturday", googleFormUrl: "https://forms.gle/x", image: await jpeg() },
      "admin-1",
    );
    expect(created.ok).toBe(true);
    const id = created.ok ? created.id : "";
    failDeletes = true;
    expect(await service().delete(id, "admin-1")).toBe(true);
    expect(await database.db.selectFrom("announcements").select("id").execute()).toEqual([]);
    expect(await imageRows()).toBe(1);
    expect(files().length).toBeGreaterThan(0);

    // Too young to be an orphan yet: a create might still be writing its row.
    expect(await service().sweepOrphanImages()).toBe(0);
    failDeletes = false;
    expect(await service().sweepOrphanImages(new Date(Date.now() + ORPHAN_IMAGE_GRACE_MS + 1000))).toBe(1);
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });

  test("an image still used by an announcement is never swept", async () => {
    await service().create({ description: "Camp on Saturday", googleFormUrl: "https://forms.gle/x", image: await jpeg() }, "admin-1");
    expect(await service().sweepOrphanImages(new Date(Date.now() + 24 * 3600_000))).toBe(0);
    expect(await imageRows()).toBe(1);
  });

  test("a file that is not an image is refused and nothing is stored", async () => {
    const result = await service().create(
      { description: "Camp on Saturday", googleFormUrl: "https://forms.gle/x", image: Buffer.from("<svg/>") },
      "admin-1",
    );
    expect(result).toMatchObject({ ok: false, reason: "unsupported-image" });
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });

  test.each([
    ["before the first file", 0],
    ["after the first file", 1],
  ])("an image store that fails %s: a clear refusal, no rows and no files left", async (_when, puts) => {
    putsBeforeOutage = puts;
    const result = await service().create(
      { description: "Camp on Saturday", googleFormUrl: "https://forms.gle/x", image: await jpeg() },
      "admin-1",
    );
    expect(result).toEqual({ ok: false, reason: "storage-unavailable", message: STORAGE_UNAVAILABLE_MESSAGE });
    expect(await database.db.selectFrom("announcements").select("id").execute()).toEqual([]);
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });
});
