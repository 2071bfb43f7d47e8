import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { galleryPhotoEntry } from "#core/schemas/site-content.ts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { comparableContent, SMALL_SITE_VIDEO, smallSite, writeSmallSite } from "#tests/shared/small-content.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { encodeCache } from "#server/images/encode-cache.ts";
import { createLogger } from "#server/logger.ts";
import { createRepos } from "#server/repos/index.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { exportContent } from "./export-content";
import { importContent } from "./import-content";
import { loadSiteFrom } from "./load-site";

describe.each(testEngines())("exporting content on %s", (engine) => {
  let databases: TestDatabase[];
  let dir: string;
  const depsFor = (database: TestDatabase, name: string) => ({
    db: database.db,
    storage: localStorage(path.join(dir, name, "uploads")),
    logger: createLogger("silent"),
    encoder: encodeCache(path.join(dir, "encoded")),
  });

  beforeEach(async () => {
    databases = [await openTestDatabase(engine), await openTestDatabase(engine)];
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-export-"));
  });
  afterEach(async () => {
    for (const database of databases) await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("an export imported into another site gives back the same site", async () => {
    const [first, second] = databases as [TestDatabase, TestDatabase];
    await writeSmallSite(path.join(dir, "start"));
    const small = smallSite();
    // Some texts written in Urdu too, some not.
    const start = {
      ...small,
      taglineUr: "طلبہ کی خدمت میں",
      goals: [{ ...small.goals[0]!, descriptionUr: "ایک" }, small.goals[1]!],
      team: [{ ...small.team[0]!, titleUr: "سیکرٹری" }, small.team[1]!],
      eventGroups: [{ ...small.eventGroups[0]!, nameUr: "میڈ ڈاک" }],
    };
    await importContent(depsFor(first, "first"), start, { contentDir: path.join(dir, "start"), replace: false });

    const exported = path.join(dir, "exported");
    expect(await exportContent(depsFor(first, "first"), exported)).toBe(5);
    const site = await loadSiteFrom(exported);
    // A picture used in several places is one file, named where it is first used.
    expect(site.team.map((m) => m.img)).toEqual(["president.webp", undefined]);
    expect(site.president.photo).toBe("president.webp");
    // Each photo is the largest picture the site keeps, without metadata.
    const meta = await sharp(path.join(exported, "photos", galleryPhotoEntry(site.eventGroups[0]!.photos[0]!).img)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 640, 480, undefined]);

    // What an admin adds beyond photo paths travels too: gallery dates, descriptions, covers and alt texts.
    const [medDoc] = site.eventGroups;
    expect(medDoc).toMatchObject({ date: "2026-03-14", description: "The yearly medical documentary night." });
    expect(medDoc!.cover).toBe(galleryPhotoEntry(medDoc!.photos[1]!).img);
    expect(site.explorePhotos[0]).toMatchObject({ alt: "The college gate" });
    // The Urdu texts written, and only those.
    expect([site.taglineUr, site.heroTextUr, site.goals[0]!.descriptionUr, site.team[0]!.titleUr, medDoc!.nameUr]).toEqual([
      "طلبہ کی خدمت میں",
      undefined,
      "ایک",
      "سیکرٹری",
      "میڈ ڈاک",
    ]);
    expect(site.goals[1]).toEqual(small.goals[1]);
    // The video, read back from storage.
    expect(site.documentaryVideo).toBe("video/documentary.webm");
    expect(fs.readFileSync(path.join(exported, "video", "documentary.webm")).equals(SMALL_SITE_VIDEO)).toBe(true);

    await importContent(depsFor(second, "second"), site, { contentDir: exported, replace: false });
    const [original, copy] = await Promise.all([createRepos(first.db).siteContent.read(), createRepos(second.db).siteContent.read()]);
    expect(comparableContent(copy!)).toEqual(comparableContent(original!));
  });

  test("a site whose admin deleted every social link exports and imports again", async () => {
    const [first, second] = databases as [TestDatabase, TestDatabase];
    await writeSmallSite(path.join(dir, "start"));
    await importContent(
      depsFor(first, "first"),
      { ...smallSite(), socialLinks: [] },
      { contentDir: path.join(dir, "start"), replace: false },
    );
    const exported = path.join(dir, "exported");
    await exportContent(depsFor(first, "first"), exported);
    const site = await loadSiteFrom(exported);
    expect(site.socialLinks).toEqual([]);
    await importContent(depsFor(second, "second"), site, { contentDir: exported, replace: false });
    expect((await createRepos(second.db).siteContent.read())!.socialLinks).toEqual([]);
  });

  test("a site with no content yet has nothing to export", async () => {
    await expect(exportContent(depsFor(databases[0]!, "first"), path.join(dir, "out"))).rejects.toThrow("no content to export");
  });
});
