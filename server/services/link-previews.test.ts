import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { encodeImage } from "#server/images/encode-image.ts";
import { createLogger } from "#server/logger.ts";
import { imagesRepo } from "#server/repos/images.ts";
import { siteContentRepo } from "#server/repos/site-content.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { storeEncodedImage } from "./image-store";
import { addMissingPreviews, storedImagePreview } from "./link-previews";

const picture = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();

describe.each(testEngines())("link previews on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  let storage: FileStorage;
  const logger = createLogger("silent");
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-previews-"));
    storage = localStorage(dir);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An image as one stored before previews were made: its variants without the preview, whose file is not there. */
  async function storedWithoutPreview(input: Buffer, options: Parameters<typeof encodeImage>[1] = {}) {
    const encoded = await encodeImage(input, options);
    return storeEncodedImage({ db: database.db, storage }, { ...encoded, variants: encoded.variants.filter((v) => !v.preview) }, "content");
  }

  test("a new image is stored with its preview: what a page's og:image and a feed's enclosure take", async () => {
    const image = await storeEncodedImage({ db: database.db, storage }, await encodeImage(await picture(1600, 1000)), "content");
    const preview = storedImagePreview(image, "Camp poster");
    expect(preview).toEqual({
      src: `/uploads/content/${image.id}-1200.jpeg`,
      width: 1200,
      height: 630,
      type: "image/jpeg",
      alt: "Camp poster",
      photo: true,
    });
    const file = await storage.get(`content/${image.id}-1200.jpeg`);
    expect(image.variants.find((v) => v.preview)?.bytes).toBe(file?.body.length);
    expect(await addMissingPreviews({ db: database.db, storage, logger })).toBe(0);
  });

  test("images stored without one get theirs (a photo's JPEG, a logo's card), once, and the pages are told", async () => {
    const photo = await storedWithoutPreview(await picture(1600, 1000));
    const logo = await storedWithoutPreview(await picture(600, 600, 4), { smallWidths: true, icons: true });
    expect(storedImagePreview(photo, "x")).toBeNull();
    const versionBefore = await siteContentRepo(database.db).version();

    expect(await addMissingPreviews({ db: database.db, storage, logger })).toBe(2);
    const [photoNow, logoNow] = await imagesRepo(database.db)
      .findMany([photo.id, logo.id])
      .then((found) => [photo.id, logo.id].map((id) => found.find((image) => image.id === id)!));
    expect(storedImagePreview(photoNow!, "Camp")).toMatchObject({ width: 1200, height: 630, type: "image/jpeg", photo: true });
    expect(storedImagePreview(logoNow!, "Logo")).toMatchObject({ width: 1200, height: 630, type: "image/png", photo: false });
    for (const image of [photoNow!, logoNow!]) {
      const preview = image.variants.find((v) => v.preview)!;
      const meta = await sharp((await storage.get(preview.key))!.body).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([preview.format, preview.width, preview.height]);
    }
    expect(await siteContentRepo(database.db).version()).toBe(versionBefore + 1);
    expect(await addMissingPreviews({ db: database.db, storage, logger })).toBe(0);
  });

  test("an image deleted while its preview was made leaves no file behind", async () => {
    const photo = await storedWithoutPreview(await picture(800, 600));
    const racing: FileStorage = {
      ...storage,
      put: async (key, body, contentType) => {
        await imagesRepo(database.db).delete(photo.id);
        await storage.put(key, body, contentType);
      },
    };
    expect(await addMissingPreviews({ db: database.db, storage: racing, logger })).toBe(0);
    expect(fs.readdirSync(path.join(dir, "content")).filter((file) => file.endsWith(".jpeg"))).toEqual([]);
  });
});
