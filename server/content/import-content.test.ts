import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  SMALL_SITE_PHOTOS as COLOURS,
  SMALL_SITE_VIDEO,
  smallSite,
  writeSmallSitePhoto,
  writeSmallSiteVideo,
} from "#tests/shared/small-content.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { encodeCache } from "#server/images/encode-cache.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { recordEraser } from "#server/services/personal-data.ts";
import { createRepos } from "#server/repos/index.ts";
import { announcementService, ORPHAN_IMAGE_GRACE_MS } from "#server/services/announcements.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { importContent, importStartingContent } from "./import-content";
import { CONTENT_DIR } from "./load-site";

describe.each(testEngines())("importing content on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  const contentDir = () => path.join(dir, "content");
  const storageDir = () => path.join(dir, "uploads");
  const deps = () => ({
    db: database.db,
    storage: localStorage(storageDir()),
    logger: createLogger("silent"),
    encoder: encodeCache(path.join(dir, "encoded")),
  });
  const storedFiles = () =>
    fs
      .readdirSync(storageDir(), { recursive: true, encoding: "utf8" })
      .filter((f) => /\.\w+$/.test(f))
      .sort();
  const imageRows = async () => (await database.db.selectFrom("images").select("id").execute()).length;

  const writePhoto = (photo: string, colour: string) => writeSmallSitePhoto(contentDir(), photo, colour);

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-import-"));
    for (const [photo, colour] of Object.entries(COLOURS)) await writePhoto(photo, colour);
    writeSmallSiteVideo(contentDir());
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("the first import stores the content in order, each photo once, with the logo's icons", async () => {
    expect(await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false })).toBe(true);
    const stored = (await createRepos(database.db).siteContent.read())!;
    expect(stored.name).toBe("Test Society");
    expect(stored.goals.map((g) => g.title)).toEqual(["First", "Second"]);
    expect(stored.team.map((m) => [m.name, m.description, m.image !== null])).toEqual([
      ["Sara Malik", "Line one\nLine two", true],
      ["Bilal Ahmed", null, false],
    ]);
    expect(stored.galleries.map((g) => [g.kind, g.name, g.slug, g.photos.length])).toEqual([
      ["event", "Med Doc", "med-doc", 2],
      ["activity", "Sports", "sports", 1],
      ["activity", "Study Circle", "study-circle", 0],
      ["explore", "Explore SMC", "explore-smc", 1],
    ]);
    // A photo used in several places is one image: the president's photo is the secretary's, "2.jpg" is in two galleries.
    expect(stored.president.photo.id).toBe(stored.team[0]!.image!.id);
    expect(await imageRows()).toBe(Object.keys(COLOURS).length);
    expect(stored.logo.variants.filter((v) => v.format === "png" && !v.preview).map((v) => v.width)).toEqual([32, 180, 192, 512]);
    // Its link-preview card; a photo's preview is a JPEG.
    expect(stored.logo.variants.filter((v) => v.preview).map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual(["png 1200x630"]);
    expect(stored.president.photo.variants.filter((v) => v.preview).map((v) => v.format)).toEqual(["jpeg"]);
    expect(stored.logo.variants.some((v) => v.format === "avif" && v.width === 96)).toBe(true);
    for (const variant of stored.logo.variants) expect(storedFiles()).toContain(variant.key);
    expect(await createRepos(database.db).siteContent.version()).toBe(1);
  });

  test("importing again on a later start changes nothing", async () => {
    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false });
    const files = storedFiles();
    const site = { ...smallSite(), name: "Changed" };
    expect(await importContent(deps(), site, { contentDir: contentDir(), replace: false })).toBe(false);
    expect((await createRepos(database.db).siteContent.read())!.name).toBe("Test Society");
    expect(storedFiles()).toEqual(files);
    expect(await createRepos(database.db).siteContent.version()).toBe(1);
  });

  test("two first starts at once import the content once, each photo stored once", async () => {
    const results = await Promise.all([1, 2].map(() => importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false })));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await imageRows()).toBe(Object.keys(COLOURS).length);
    expect((await createRepos(database.db).siteContent.read())!.goals).toHaveLength(2);
  });

  test("a replacing import keeps the images of unchanged photos and removes those no longer used", async () => {
    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false });
    const before = (await createRepos(database.db).siteContent.read())!;
    await writePhoto("explore/1.jpg", "#123");
    const site = { ...smallSite(), goals: [{ title: "Only", description: "One goal now" }] };
    expect(await importContent(deps(), site, { contentDir: contentDir(), replace: true })).toBe(true);

    const after = (await createRepos(database.db).siteContent.read())!;
    expect(after.goals).toEqual([{ title: "Only", description: "One goal now", titleUr: null, descriptionUr: null }]);
    expect(after.logo.id).toBe(before.logo.id);
    const explore = (content: typeof before) => content.galleries.find((g) => g.kind === "explore")!;
    const oldExplore = explore(before).photos[0]!.image;
    expect(explore(after).photos[0]!.image.id).not.toBe(oldExplore.id);
    expect(await imageRows()).toBe(Object.keys(COLOURS).length);
    for (const variant of oldExplore.variants) expect(storedFiles()).not.toContain(variant.key);
    expect(await createRepos(database.db).siteContent.version()).toBe(2);
  });

  test("the orphan sweeper never takes an image the content uses", async () => {
    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false });
    const logger = createLogger("silent");
    const announcements = announcementService({
      db: database.db,
      storage: localStorage(storageDir()),
      logger,
      siteTimeZone: "UTC",
      erase: recordEraser({ db: database.db, mailFiles: mailFiles(storageDir()), logger }),
    });
    expect(await announcements.sweepOrphanImages(new Date(Date.now() + ORPHAN_IMAGE_GRACE_MS + 60_000))).toBe(0);
    expect(await imageRows()).toBe(Object.keys(COLOURS).length);
  });

  test("the install dialog's screenshots are stored as one file each in their size, and go with a replacing import without them", async () => {
    const write = async (photo: string, width: number, height: number) => {
      const picture = await sharp({ create: { width, height, channels: 3, background: "#fff" } })
        .png()
        .toBuffer();
      fs.mkdirSync(path.join(contentDir(), "photos", "screenshots"), { recursive: true });
      fs.writeFileSync(path.join(contentDir(), "photos", photo), picture);
    };
    await write("screenshots/phone.png", 780, 1688);
    await write("screenshots/computer.png", 1280, 800);
    const appScreenshots = {
      narrow: { img: "screenshots/phone.png", label: "On a phone" },
      wide: { img: "screenshots/computer.png", label: "On a computer" },
    };
    await importContent(deps(), { ...smallSite(), appScreenshots }, { contentDir: contentDir(), replace: false });
    const stored = (await createRepos(database.db).siteContent.read())!.appScreenshots;
    expect([stored.narrow, stored.wide].map((s) => [s!.label, s!.image.variants.map((v) => `${v.format} ${v.width}x${v.height}`)])).toEqual(
      [
        ["On a phone", ["webp 780x1688"]],
        ["On a computer", ["webp 1280x800"]],
      ],
    );

    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: true });
    expect((await createRepos(database.db).siteContent.read())!.appScreenshots).toEqual({ narrow: null, wide: null });
    expect(storedFiles().filter((file) => file.endsWith("-780.webp") || file.endsWith("-1280.webp"))).toEqual([]);

    // One Chrome would not show stops the import before any photo is encoded, naming its field, and changes nothing.
    const sideways = { ...appScreenshots, narrow: { img: "screenshots/computer.png", label: "On a phone" } };
    await expect(
      importContent(deps(), { ...smallSite(), appScreenshots: sideways }, { contentDir: contentDir(), replace: true }),
    ).rejects.toThrow("appScreenshots.narrow.img: A phone screenshot must be portrait: taller than it is wide");
    expect((await createRepos(database.db).siteContent.read())!.appScreenshots).toEqual({ narrow: null, wide: null });
  });

  test("the video is stored under a key its bytes name: once however often imported, replaced when it changes", async () => {
    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false });
    const first = (await createRepos(database.db).siteContent.read())!.documentaryVideo!;
    expect(first).toMatch(/^content\/video\/[0-9a-f]{32}\.webm$/);
    expect(fs.readFileSync(path.join(storageDir(), first)).equals(SMALL_SITE_VIDEO)).toBe(true);

    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: true });
    expect((await createRepos(database.db).siteContent.read())!.documentaryVideo).toBe(first);
    expect(storedFiles().filter((file) => file.startsWith("content/video/"))).toEqual([first]);

    writeSmallSiteVideo(contentDir(), Buffer.concat([SMALL_SITE_VIDEO, Buffer.from("another cut")]));
    await importContent(deps(), smallSite(), { contentDir: contentDir(), replace: true });
    const second = (await createRepos(database.db).siteContent.read())!.documentaryVideo!;
    expect(second).not.toBe(first);
    expect(storedFiles().filter((file) => file.startsWith("content/video/"))).toEqual([second]);
  });

  test("a file that is not an MP4 or WebM video stops the import, naming it, and changes nothing", async () => {
    writeSmallSiteVideo(contentDir(), Buffer.from("<html>not a video</html>"));
    await expect(importContent(deps(), smallSite(), { contentDir: contentDir(), replace: false })).rejects.toThrow(
      /documentaryVideo: .*film\.webm is not an MP4 or WebM video/,
    );
    expect(await createRepos(database.db).siteContent.hasContent()).toBe(false);
  });

  test("a site that names its video by a path under content/ has it stored at the next start", async () => {
    await importContent(deps(), { ...smallSite(), documentaryVideo: null }, { contentDir: contentDir(), replace: false });
    await database.db.updateTable("siteDetails").set({ documentaryVideo: "video/documentary.webm" }).execute();
    const versionBefore = await createRepos(database.db).siteContent.version();

    expect(await importStartingContent(deps(), undefined)).toBe(false);
    const key = (await createRepos(database.db).siteContent.read())!.documentaryVideo!;
    expect(key).toMatch(/^content\/video\/[0-9a-f]{32}\.webm$/);
    expect(fs.readFileSync(path.join(storageDir(), key)).equals(fs.readFileSync(path.join(CONTENT_DIR, "video", "documentary.webm")))).toBe(
      true,
    );
    expect(await createRepos(database.db).siteContent.version()).toBe(versionBefore + 1);

    // Nothing more to do at the start after.
    await importStartingContent(deps(), undefined);
    expect(await createRepos(database.db).siteContent.version()).toBe(versionBefore + 1);
  });
});
