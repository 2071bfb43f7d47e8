import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { announcementSchema } from "#core/schemas/announcement.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { type FileStorage, StorageError } from "#server/storage/storage.ts";

import { type AnnouncementFields, announcementService, ORPHAN_IMAGE_GRACE_MS } from "./announcements";
import { recordEraser } from "./personal-data";

import { EDIT_STORAGE_UNAVAILABLE_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE } from "#core/messages/announcement-form.ts";
/** A published announcement as the form sends it, but its image. */
const fields = (more: Partial<AnnouncementFields> = {}): AnnouncementFields => ({
  description: "Camp on Saturday",
  url: "https://forms.gle/x",
  publish: "now",
  removeImage: false,
  pinned: false,
  registration: "link",
  questions: [],
  ...more,
});

const jpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#2a7" } })
    .jpeg()
    .toBuffer();

describe("the announcement form", () => {
  const image = (type = "image/jpeg") => new Blob([Buffer.from("bytes")], { type });
  /** The form's fields as a browser posts them, with `more` changed; the first message per field. */
  const refusals = (more: Record<string, unknown>) =>
    Object.fromEntries(
      (announcementSchema.safeParse({ description: "Blood donation camp on Saturday", ...more }).error?.issues ?? [])
        .reverse()
        .map((issue) => [issue.path[0], issue.message]),
    );

  test.each([
    [{ image: [image(), image()] }, "image", "Choose one image"],
    [{ image: [image("text/plain")] }, "image", "Choose an image file"],
    [{ description: "too short" }, "description", "Description must be at least 10 characters"],
    [{ titleUr: "ع".repeat(121) }, "titleUr", "Title in Urdu must be at most 120 characters"],
    [{ url: "not a url" }, "url", "Enter a valid URL"],
    [{ url: "javascript:alert(1)" }, "url", "Enter a valid URL"],
    [{ publish: "whenever" }, "publish", "Choose when it goes live"],
    [{ publish: "scheduled" }, "publishAt", "Choose the date and time it goes live"],
    [{ publish: "scheduled", publishAt: "tomorrow" }, "publishAt", "Choose the date and time it goes live"],
    [
      { publish: "scheduled", publishAt: "2099-01-01T10:00", expiresAt: "2099-01-01T09:00" },
      "expiresAt",
      "The expiry must be after the publish time",
    ],
    [{ eventEndsAt: "2099-01-01T09:00" }, "eventEndsAt", "Choose when the event starts first"],
    [{ eventStartsAt: "2099-01-01T10:00", eventEndsAt: "2099-01-01T10:00" }, "eventEndsAt", "The end must be after the start"],
  ])("%o is refused at %s", (more, field, message) => {
    expect(refusals(more)).toEqual({ [field]: message });
  });

  test("an image, a link, an empty link and a later expiry are taken", () => {
    expect(refusals({ image: [image()], url: "https://forms.gle/camp", expiresAt: "2099-01-01T10:00" })).toEqual({});
    expect(announcementSchema.parse({ description: "Blood donation camp on Saturday", url: " " }).url).toBeUndefined();
  });
});

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

  const service = () => {
    const logger = createLogger("silent");
    const erase = recordEraser({ db: database.db, mailFiles: mailFiles(dir), logger });
    return announcementService({ db: database.db, storage, logger, siteTimeZone: "Asia/Karachi", erase });
  };
  const files = () => (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  const imageRows = async () => (await database.db.selectFrom("images").select("id").execute()).length;

  test("a file that cannot be removed leaves the announcement gone and the image for the sweeper", async () => {
    const created = await service().save(fields(), await jpeg(), "admin-1");
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

  test("a delete removes the row, then its image's rows and files, and is audited; an unknown id is not found", async () => {
    const id = savedId(await service().save(fields(), await jpeg(), "admin-1"));
    expect(files().length).toBeGreaterThan(0);
    expect(await service().delete(id, "admin-1")).toBe(true);
    expect(await database.db.selectFrom("announcements").select("id").execute()).toEqual([]);
    expect([await imageRows(), files()]).toEqual([0, []]);
    expect((await database.db.selectFrom("auditLog").select("action").execute()).map((entry) => entry.action)).toContain(
      "announcement.delete",
    );
    expect(await service().delete(id, "admin-1")).toBe(false);
    expect(await service().delete("not-an-id", "admin-1")).toBe(false);
  });

  test("an image still used by an announcement is never swept", async () => {
    await service().save(fields(), await jpeg(), "admin-1");
    expect(await service().sweepOrphanImages(new Date(Date.now() + 24 * 3600_000))).toBe(0);
    expect(await imageRows()).toBe(1);
  });

  test("a file that is not an image is refused and nothing is stored", async () => {
    const result = await service().save(fields(), Buffer.from("<svg/>"), "admin-1");
    expect(result).toMatchObject({ ok: false, reason: "image" });
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });

  test.each([
    ["before the first file", 0],
    ["after the first file", 1],
  ])("an image store that fails %s: a clear refusal, no rows and no files left", async (_when, puts) => {
    putsBeforeOutage = puts;
    const result = await service().save(fields(), await jpeg(), "admin-1");
    expect(result).toEqual({ ok: false, reason: "storage-unavailable", message: STORAGE_UNAVAILABLE_MESSAGE });
    expect(await database.db.selectFrom("announcements").select("id").execute()).toEqual([]);
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });

  test("an edit whose new image cannot be stored says the edit failed, and keeps the announcement as it was", async () => {
    const created = await service().save(fields(), undefined, "admin-1");
    if (!created.ok) throw new Error("not created");
    putsBeforeOutage = 0;
    const result = await service().save(fields({ id: created.id, version: 1, title: "New poster" }), await jpeg(), "admin-1");
    expect(result).toEqual({ ok: false, reason: "storage-unavailable", message: EDIT_STORAGE_UNAVAILABLE_MESSAGE });
    expect((await service().listForAdmin())[0]).toMatchObject({ heading: "Announcement", version: 1 });
  });

  const savedId = (result: Awaited<ReturnType<ReturnType<typeof service>["save"]>>) => {
    if (!result.ok) throw new Error(`not saved: ${result.reason}`);
    return result.id;
  };

  test("an edit replaces the image: the new one shows, the old one's files and row go once the edit is stored", async () => {
    const id = savedId(await service().save(fields(), await jpeg(), "admin-1"));
    const [before] = await service().listForAdmin();
    const oldFiles = files();
    const edited = await service().save(fields({ id, version: before!.version, title: "Camp, new poster" }), await jpeg(), "admin-1");
    expect(edited).toEqual({ ok: true, id });
    const [after] = await service().listForAdmin();
    expect(after).toMatchObject({ heading: "Camp, new poster", version: before!.version + 1 });
    expect(after!.image?.src).not.toBe(before!.image?.src);
    expect(await imageRows()).toBe(1);
    expect(files().some((file) => oldFiles.includes(file))).toBe(false);
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).orderBy("at").execute();
    expect(audit.map((entry) => entry.action)).toEqual(["announcement.create", "announcement.edit"]);
  });

  test("an edit removes the image: a text card, no image rows or files left", async () => {
    const id = savedId(await service().save(fields(), await jpeg(), "admin-1"));
    expect(await service().save(fields({ id, version: 1, removeImage: true }), undefined, "admin-1")).toEqual({ ok: true, id });
    const [card] = await service().listLive();
    expect(card).toMatchObject({ id, heading: "Announcement", image: null });
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
  });

  test("an edit from an older copy is refused and stores no image; one of a deleted announcement says so", async () => {
    const id = savedId(await service().save(fields(), undefined, "admin-1"));
    savedId(await service().save(fields({ id, version: 1, description: "Camp moved to Sunday" }), undefined, "admin-1"));
    expect(await service().save(fields({ id, version: 1, description: "Stale" }), await jpeg(), "admin-1")).toEqual({
      ok: false,
      reason: "conflict",
    });
    expect(await imageRows()).toBe(0);
    expect(files()).toEqual([]);
    await service().delete(id, "admin-1");
    expect(await service().save(fields({ id, version: 2 }), undefined, "admin-1")).toEqual({ ok: false, reason: "missing" });
  });

  test("draft, scheduled, live and expired at the times the admin chose, in the society's time zone", async () => {
    const now = new Date("2026-12-01T10:00:00.000Z"); // 15:00 in Karachi
    const draft = savedId(await service().save(fields({ description: "A draft for later", publish: "draft" }), undefined, "a", now));
    const scheduled = savedId(
      await service().save(
        fields({ description: "Goes live at six", publish: "scheduled", publishAt: "2026-12-01T18:00", expiresAt: "2026-12-02T18:00" }),
        undefined,
        "a",
        now,
      ),
    );
    const live = savedId(
      await service().save(fields({ description: "Live until five", expiresAt: "2026-12-01T17:00" }), undefined, "a", now),
    );
    const states = async (at: Date) => Object.fromEntries((await service().listForAdmin(at)).map((a) => [a.id, a.state] as const));
    expect(await states(now)).toEqual({ [draft]: "draft", [scheduled]: "scheduled", [live]: "live" });
    expect((await service().listLive("en", now)).map((a) => a.id)).toEqual([live]);

    const atFive = new Date("2026-12-01T12:00:00.000Z");
    expect(await states(atFive)).toEqual({ [draft]: "draft", [scheduled]: "scheduled", [live]: "expired" });
    expect(await service().listLive("en", atFive)).toEqual([]);

    const atSix = new Date("2026-12-01T13:00:00.000Z");
    expect((await service().listLive("en", atSix)).map((a) => a.id)).toEqual([scheduled]);
    const [admin] = (await service().listForAdmin(atSix)).filter((a) => a.id === scheduled);
    expect(admin).toMatchObject({
      publishAtText: "1 December 2026 at 18:00",
      expiresAtText: "2 December 2026 at 18:00",
      form: { publish: "now", publishAt: "", expiresAt: "2026-12-02T18:00" },
    });
  });

  test("an expiry not after the publish time is refused and nothing is stored", async () => {
    const now = new Date("2026-12-01T10:00:00.000Z");
    expect(await service().save(fields({ expiresAt: "2026-12-01T15:00" }), await jpeg(), "a", now)).toEqual({
      ok: false,
      reason: "expiresAt",
      message: "The expiry must be after the publish time",
    });
    expect(await database.db.selectFrom("announcements").select("id").execute()).toEqual([]);
    expect(await imageRows()).toBe(0);
  });

  test("publishing a live announcement again keeps its publish time; a draft published gets the time it went live", async () => {
    const first = new Date("2026-12-01T10:00:00.000Z");
    const later = new Date("2026-12-03T10:00:00.000Z");
    const live = savedId(await service().save(fields(), undefined, "a", first));
    savedId(await service().save(fields({ id: live, version: 1, pinned: true }), undefined, "a", later));
    const draft = savedId(await service().save(fields({ publish: "draft" }), undefined, "a", first));
    savedId(await service().save(fields({ id: draft, version: 1 }), undefined, "a", later));
    const published = Object.fromEntries((await service().listLive("en", later)).map((a) => [a.id, a.publishedAt] as const));
    expect(published).toEqual({ [live]: first.toISOString(), [draft]: later.toISOString() });
    // Pinned first, though published earlier.
    expect((await service().listLive("en", later)).map((a) => a.id)).toEqual([live, draft]);
  });

  test("the public card: the title or the spec's, web addresses in the text as links, the link with its label", async () => {
    await service().save(fields({ description: "Details at https://example.org/camp\nSee you", url: undefined }), undefined, "a");
    await service().save(fields({ title: "Blood drive", linkLabel: "Sign up" }), undefined, "a");
    const [drive, camp] = await service().listLive();
    expect(camp).toMatchObject({
      heading: "Announcement",
      link: null,
      description: [{ text: "Details at " }, { text: "https://example.org/camp", href: "https://example.org/camp" }, { text: "\nSee you" }],
    });
    expect(drive).toMatchObject({ heading: "Blood drive", link: { url: "https://forms.gle/x", label: "Sign up" } });
  });

  test("an Urdu page shows the title and the description written in Urdu, each where there is one; emptied, none is stored", async () => {
    const camp = fields({ title: "Blood drive", titleUr: "خون کا عطیہ", description: "Camp on Saturday\nBring your ID" });
    const id = savedId(await service().save(camp, await jpeg(), "a"));
    const [english] = await service().listLive();
    const shareAs = (title: string, line: string) => `*${title}*\n${line}`;
    // The Urdu title and the English description; the image described in Urdu, by the title shown.
    const imageAlt = "خون کا عطیہ کی تصویر";
    const urdu = {
      ...english!,
      heading: "خون کا عطیہ",
      whatsAppMessage: shareAs("خون کا عطیہ", "Camp on Saturday"),
      image: { ...english!.image!, alt: imageAlt },
      preview: { ...english!.preview!, alt: imageAlt },
      // The link's words, none written by the admin: the site's own, in Urdu.
      link: { ...english!.link!, label: "گوگل فارم کے ذریعے رجسٹر کریں" },
      // When it went live, in Urdu's words ("7 دسمبر، 2026 کو 02:26").
      publishedText: expect.stringMatching(
        /^\d{1,2} (جنوری|فروری|مارچ|اپریل|مئی|جون|جولائی|اگست|ستمبر|اکتوبر|نومبر|دسمبر)، \d{4} کو \d{2}:\d{2}$/,
      ),
    };
    expect(english!.image?.alt).toBe("Image for Blood drive");
    expect(english!.whatsAppMessage).toBe(shareAs("Blood drive", "Camp on Saturday"));
    expect(await service().listLive("ur")).toEqual([urdu]);
    expect(await service().findLive(id, "ur")).toEqual(urdu);
    expect(await service().findLive(id)).toEqual(english);

    // Now the other way round: the Urdu title emptied, a description in Urdu.
    const edit = { ...camp, id, version: 1, titleUr: "", descriptionUr: "ہفتے کو کیمپ" };
    expect(await service().save(edit, undefined, "a")).toEqual({ ok: true, id });
    expect(await service().findLive(id, "ur")).toMatchObject({
      heading: "Blood drive",
      description: [{ text: "ہفتے کو کیمپ" }],
      whatsAppMessage: shareAs("Blood drive", "ہفتے کو کیمپ"),
    });
    expect((await service().listForAdmin())[0]?.form).toMatchObject({ titleUr: "", descriptionUr: "ہفتے کو کیمپ" });
    expect(await database.db.selectFrom("announcements").select(["titleUr", "descriptionUr"]).execute()).toEqual([
      { titleUr: null, descriptionUr: "ہفتے کو کیمپ" },
    ]);
  });

  test("a stored link that is not http or https is never shown as one", async () => {
    const id = savedId(await service().save(fields(), undefined, "a"));
    await database.db.updateTable("announcements").set({ linkUrl: "javascript:alert(1)" }).where("id", "=", id).execute();
    expect((await service().listLive())[0]?.link).toBeNull();
  });

  test("an event: its times in the society's zone on the card, back in the form, and its calendar file only while live", async () => {
    const now = new Date("2026-11-25T10:00:00.000Z");
    const id = savedId(
      await service().save(
        fields({ title: "Blood drive", eventStartsAt: "2026-12-01T10:00", eventEndsAt: "2026-12-01T13:30", eventLocation: "Hall 2" }),
        undefined,
        "a",
        now,
      ),
    );
    const [card] = await service().listLive("en", now);
    expect(card?.event).toEqual({ startsAt: "2026-12-01T05:00:00.000Z", when: "1 December 2026 at 10:00 to 13:30", location: "Hall 2" });
    const [admin] = await service().listForAdmin(now);
    expect(admin?.form).toMatchObject({ eventStartsAt: "2026-12-01T10:00", eventEndsAt: "2026-12-01T13:30", eventLocation: "Hall 2" });
    const site = { siteName: "Society", publicUrl: "https://society.example" };
    expect(await service().calendarFile(id, site, now)).toContain("DTSTART:20261201T050000Z");
    savedId(await service().save(fields({ id, version: 1, publish: "draft", eventStartsAt: "2026-12-01T10:00" }), undefined, "a", now));
    expect(await service().calendarFile(id, site, now)).toBeUndefined();
    const plain = savedId(await service().save(fields(), undefined, "a", now));
    expect(await service().calendarFile(plain, site, now)).toBeUndefined();
  });
});
