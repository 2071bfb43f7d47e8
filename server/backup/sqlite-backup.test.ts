import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createDatabase, type DatabaseHandle, migrateToLatest } from "#server/db/database.ts";
import { newId } from "#server/db/ids.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { applicationsRepo, serializeAnswers } from "#server/repos/applications.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { storeImage } from "#server/services/image-store.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { BackupError, backupSqlite, restoreSqlite } from "./sqlite-backup";
import { SMALL_SITE_PHOTOS, SMALL_SITE_VIDEO, smallSite, writeSmallSite } from "#tests/shared/small-content.ts";
import { importContent } from "#server/content/import-content.ts";
import { encodeCache } from "#server/images/encode-cache.ts";
import { createLogger } from "#server/logger.ts";
import { createRepos } from "#server/repos/index.ts";

describe("backup and restore of the embedded setup", () => {
  let workDir: string;
  let siteDir: string;
  let site: DatabaseHandle;

  beforeEach(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-backup-test-"));
    siteDir = path.join(workDir, "site");
    site = createDatabase({ engine: "sqlite", file: path.join(siteDir, "site.db") });
    await migrateToLatest(site.db);
  });
  afterEach(async () => {
    await site.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  async function populate() {
    const storage = localStorage(path.join(siteDir, "uploads"));
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#115e59" } })
      .jpeg()
      .toBuffer();
    const announcementIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const image = await storeImage({ db: site.db, storage }, jpeg, "announcements");
      const id = newId();
      await announcementsRepo(site.db).create(
        id,
        publishedAnnouncement({ description: `Announcement ${i}`, linkUrl: "https://forms.example.org/x", imageId: image.id }),
        new Date().toISOString(),
      );
      announcementIds.push(id);
    }
    const applicationIds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = newId();
      await applicationsRepo(site.db).create({
        id,
        fullname: `Applicant ${i}`,
        class: "1st Year",
        department: "MBBS",
        sargodhaAddress: "College Road",
        permanentAddress: "Home",
        email: `applicant${i}@example.org`,
        phone: "03001234567",
        bloodGroup: null,
        answers: serializeAnswers([{ question: "Enlist your hobbies", answer: "reading, hiking" }]),
        submissionKey: null,
        createdAt: new Date().toISOString(),
      });
      applicationIds.push(id);
    }
    await settingsRepo(site.db).setJoinUsVisible(false);
    const contentDir = path.join(workDir, "content");
    await writeSmallSite(contentDir);
    const encoder = encodeCache(path.join(workDir, "encoded"));
    await importContent({ db: site.db, storage, logger: createLogger("silent"), encoder }, smallSite(), { contentDir, replace: false });
    return { announcementIds, applicationIds, content: (await createRepos(site.db).siteContent.read())! };
  }

  test("a populated site, backed up while its database is open, restores into an empty DATA_DIR with every row and image", async () => {
    const { announcementIds, applicationIds, content } = await populate();
    const archive = path.join(workDir, "backups", "site.tar.gz");
    const manifest = await backupSqlite(siteDir, archive);
    expect(manifest.tables).toMatchObject({ applications: 5, announcements: 2, images: 2 + Object.keys(SMALL_SITE_PHOTOS).length });

    const restoredDir = path.join(workDir, "restored");
    await restoreSqlite(archive, restoredDir);
    const restored = createDatabase({ engine: "sqlite", file: path.join(restoredDir, "site.db") });
    try {
      expect((await applicationsRepo(restored.db).listNewestFirst()).map((a) => a.id).sort()).toEqual([...applicationIds].sort());
      expect((await applicationsRepo(restored.db).findById(applicationIds[0]!))?.answers).toEqual([
        { question: "Enlist your hobbies", answer: "reading, hiking" },
      ]);
      const announcements = await announcementsRepo(restored.db).listAll();
      expect(announcements.map((a) => a.id).sort()).toEqual([...announcementIds].sort());
      for (const announcement of announcements) {
        for (const variant of announcement.image!.variants) {
          expect(fs.existsSync(path.join(restoredDir, "uploads", ...variant.key.split("/"))), variant.key).toBe(true);
        }
      }
      expect((await settingsRepo(restored.db).get()).joinUsVisible).toBe(false);
      // The site's content, with every file of its photos.
      const restoredContent = (await createRepos(restored.db).siteContent.read())!;
      expect(restoredContent).toEqual(content);
      for (const variant of restoredContent.logo.variants) {
        expect(fs.existsSync(path.join(restoredDir, "uploads", ...variant.key.split("/"))), variant.key).toBe(true);
      }
      // And its video, byte for byte.
      const video = path.join(restoredDir, "uploads", ...restoredContent.documentaryVideo!.split("/"));
      expect(fs.readFileSync(video).equals(SMALL_SITE_VIDEO)).toBe(true);
      expect(fs.readdirSync(restoredDir).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  test("restore refuses a DATA_DIR that already holds a site, and changes nothing there", async () => {
    await populate();
    const archive = path.join(workDir, "site.tar.gz");
    await backupSqlite(siteDir, archive);
    const before = fs.statSync(path.join(siteDir, "site.db")).mtimeMs;
    await expect(restoreSqlite(archive, siteDir)).rejects.toThrow(/already holds a site/);
    expect(fs.statSync(path.join(siteDir, "site.db")).mtimeMs).toBe(before);
  });

  test("a file that is not a backup is refused with a clear error and leaves the target empty", async () => {
    const bogus = path.join(workDir, "bogus.tar.gz");
    fs.writeFileSync(bogus, "this is not an archive");
    const target = path.join(workDir, "empty");
    await expect(restoreSqlite(bogus, target)).rejects.toBeInstanceOf(BackupError);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  test("backing up a DATA_DIR without a database says so", async () => {
    await expect(backupSqlite(path.join(workDir, "nothing-here"), path.join(workDir, "x.tar.gz"))).rejects.toThrow(/no database at/);
  });
});
