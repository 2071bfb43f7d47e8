import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import sharp from "sharp";
import { CONTENT_PHOTO_MAX_BYTES } from "../../core/schemas/limits";
import type { DatabaseHandle } from "../../server/db/database";
import { newId } from "../../server/db/ids";
import { CONTENT_IMAGE_FOLDER } from "../../server/content/import-content";
import { contentListRepo } from "../../server/repos/content-lists";
import { storeImage } from "../../server/services/image-store";
import { localStorage } from "../../server/storage/local-storage";
import type { E2eServer } from "./e2e-server";
import { expect, test } from "./fixtures";
import {
  adminItemNames,
  BAD_REQUEST,
  CONFLICT,
  PHOTO_FORMATS,
  PHOTO_TOO_LARGE,
  photoFile,
  tabTo,
  TRACE_READS_BROKEN_PREVIEW,
} from "./content-admin";
import { IPHONE_HEIC } from "../shared/iphone-heic";

// Each test walks a whole flow at its width with axe at every step: with two workers on two cores, some take 25-30 s.
test.describe.configure({ timeout: 60_000 });

/*
 * The admin's Galleries screens, /admin/content/galleries and /admin/content/galleries/<id>, and what they edit on
 * /events-and-activities: one slider per gallery with photos, headed by its name.
 *
 * resetData puts back the galleries and gallery_photos rows the worker's server imported from content/ (with their
 * photos) and drops every image a test stored (source_hash null). The galleries a test edits, reorders or deletes are
 * stored by the test itself (seedGallery), each photo stored as an admin's upload is, so a delete taking its photos
 * along never touches an imported one.
 */

const GALLERIES = "/admin/content/galleries";
const EVENTS = "/events-and-activities";
/** Uploads encode on a loaded 2-core machine: a few seconds each. */
const UPLOADS_TIMEOUT = 20_000;

/** An item of the admin's list (a gallery, or a photo of one): the list entry with its "Edit: <name>" button. */
const adminItem = (page: Page, name: string) =>
  page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: `Edit: ${name}`, exact: true }) });

/** The "Uploads (N of M finished)" section of a gallery's screen. */
const uploadsHeading = (page: Page, finished: number, total: number) =>
  page.getByRole("heading", { name: `Uploads (${finished} of ${total} finished)`, exact: true });

/** One file in the upload list: its name, its progress bar, its outcome. */
const uploadEntry = (page: Page, fileName: string) =>
  page
    .getByRole("region", { name: /^Uploads \(/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("progressbar", { name: `Upload of ${fileName}`, exact: true }) });

/** How far a `<progress>` is: 0 (nothing) to 1 (every byte). */
const progressOf = (entry: Locator) => entry.getByRole("progressbar").evaluate((progress: HTMLProgressElement) => progress.position);

/** A gallery on /events-and-activities: the section of the open tab headed by its name (with its slider). */
const publicGallery = (page: Page, name: string) =>
  page
    .getByRole("tabpanel")
    .locator("section")
    .filter({ has: page.getByRole("heading", { level: 2, name, exact: true }) });

/** The alt texts of a public gallery's photos, in order (a phone hides the later slides, so read them, not the roles). */
async function publicAlts(page: Page, name: string): Promise<Array<string | null>> {
  const gallery = publicGallery(page, name);
  await gallery.scrollIntoViewIfNeeded();
  return gallery.locator("img").evaluateAll((images) => images.map((img) => img.getAttribute("alt")));
}

/** The gallery's first photo is a stored upload that the site serves and the browser draws. */
async function expectFirstPhotoDrawn(page: Page, name: string): Promise<void> {
  const img = publicGallery(page, name).locator("img").first();
  await expect(img).toHaveAttribute("src", /^\/uploads\/content\//);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

const raiseContentVersion = (database: DatabaseHandle) =>
  database.db
    .updateTable("settings")
    .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
    .execute();

interface SeededGallery {
  id: string;
  photos: Array<{ id: string; imageId: string }>;
}

/**
 * Adds, through the app's own list repository, an event gallery last in the list with a photo per entry of `alts`
 * (null: no alt text of its own), each stored as an admin's upload is, and has the server read the content again.
 */
async function seedGallery(
  database: DatabaseHandle,
  server: E2eServer,
  values: { name: string; slug: string },
  alts: Array<string | null>,
): Promise<SeededGallery> {
  const storage = localStorage(path.join(server.dataDir, "uploads"));
  const imageIds: string[] = [];
  // Small photos (one 400 px variant per format) keep the encoding quick.
  for (const index of alts.keys()) {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 40 * index, g: 120, b: 90 } } })
      .jpeg()
      .toBuffer();
    imageIds.push((await storeImage({ db: database.db, storage }, jpeg, CONTENT_IMAGE_FOLDER)).id);
  }
  const id = newId();
  const photos = imageIds.map((imageId) => ({ id: newId(), imageId }));
  await database.db.transaction().execute(async (trx) => {
    await contentListRepo(trx, "galleries").append(id, {
      kind: "event",
      name: values.name,
      slug: values.slug,
      date: null,
      description: null,
      cover_photo_id: null,
    });
    for (const [index, photo] of photos.entries()) {
      await contentListRepo(trx, "gallery_photos", { galleryId: id }).append(photo.id, { image_id: photo.imageId, alt: alts[index]! });
    }
    await trx
      .updateTable("settings")
      .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
      .execute();
  });
  return { id, photos };
}

const storedPhotos = (database: DatabaseHandle, galleryId: string) =>
  database.db.selectFrom("gallery_photos").selectAll().where("gallery_id", "=", galleryId).orderBy("position").orderBy("id").execute();
const storedGallery = (database: DatabaseHandle, name: string) =>
  database.db.selectFrom("galleries").selectAll().where("name", "=", name).executeTakeFirst();
const storedImage = (database: DatabaseHandle, id: string) =>
  database.db.selectFrom("images").select("id").where("id", "=", id).executeTakeFirst();

/** The gallery the tests that edit, reorder and delete one store first (seedGallery). */
const HARVEST = { name: "Harvest Fair", slug: "harvest-fair" };

test.describe("admin site content: galleries", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the Galleries screen has 'New gallery', whose dialog asks Name, Kind, Date, Description and Photos; chosen photos are listed", async ({
    page,
    expectNoAxeViolations,
  }) => {
    const files = ["walk-1.jpg", "walk-2.jpg"];
    const chosen = await Promise.all(files.map((file) => photoFile(file, 800, 600)));
    await page.goto(GALLERIES);
    await expect(page.getByRole("heading", { name: "Galleries", level: 1 })).toBeVisible();
    const explore = page.getByRole("region", { name: "Explore SMC photos" });
    await expect(explore.getByRole("link", { name: "Photos of Explore SMC", exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "New gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "New gallery" });
    await expect(dialog).toBeVisible();
    for (const label of ["Name", "Date", "Description"]) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue("");
    const kind = dialog.getByLabel("Kind", { exact: true });
    await expect(kind).toHaveValue("event");
    await expect(kind.getByRole("option")).toHaveText(["Event", "Activity"]);
    await expect(dialog.getByLabel("Date", { exact: true })).toHaveAttribute("type", "date");
    const picker = dialog.getByLabel("Choose photos", { exact: true });
    await expect(picker).toHaveAttribute("type", "file");
    await expect(picker).toHaveAttribute("multiple", "");
    await picker.setInputFiles(chosen);
    await expect(dialog.getByText(`2 photos chosen: ${files.join(", ")}. They upload once the gallery is saved.`)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("'New gallery' with three photos: 'Saved', its screen uploads them one by one, and /events-and-activities shows them", async ({
    page,
    database,
    expectNoAxeViolations,
  }) => {
    const name = "Thalassaemia Awareness Walk";
    const files = ["walk-1.jpg", "walk-2.jpg", "walk-3.jpg"];
    const chosen = await Promise.all(files.map((file) => photoFile(file, 800, 600)));
    await page.goto(GALLERIES);
    await page.getByRole("button", { name: "New gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "New gallery" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Date", { exact: true }).fill("2026-03-14");
    await dialog.getByLabel("Description", { exact: true }).fill("Students walked from the college to the city's blood bank.");
    await dialog.getByLabel("Choose photos", { exact: true }).setInputFiles(chosen);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    const stored = (await storedGallery(database, name))!;
    expect(stored).toMatchObject({
      kind: "event",
      date: "2026-03-14",
      description: "Students walked from the college to the city's blood bank.",
    });
    await expect(page).toHaveURL(new RegExp(`/admin/content/galleries/${stored.id}$`));

    await expect(uploadsHeading(page, 3, 3)).toBeVisible({ timeout: UPLOADS_TIMEOUT });
    for (const file of files) {
      const entry = uploadEntry(page, file);
      await expect(entry).toContainText("Added");
      expect(await progressOf(entry)).toBe(1);
    }
    await expectNoAxeViolations(page);
    expect(await storedPhotos(database, stored.id)).toHaveLength(3);
    // Uploads that landed before the screen drew are read in too: the list catches up without a reload.
    await expect.poll(() => adminItemNames(page)).toEqual(["Photo 1", "Photo 2", "Photo 3"]);
    await expect(adminItem(page, "Photo 1")).toContainText("Cover");

    await page.goto(EVENTS);
    await expect(publicGallery(page, name)).toHaveCount(1);
    expect(await publicAlts(page, name)).toEqual([`${name} 1`, `${name} 2`, `${name} 3`]);
    await expectFirstPhotoDrawn(page, name);
  });

  // The server refuses a file that is not a photo with 400 Bad Request, which the browser logs; its preview is broken.
  test.describe("files that cannot be added", () => {
    // One pattern: Playwright would take a second entry of the array for the fixture's options.
    test.use({ allowedConsoleErrors: [new RegExp(`${BAD_REQUEST.source}|${TRACE_READS_BROKEN_PREVIEW.source}`)] });

    test("'Add photos' with an iPhone's HEIC, a text file named .jpg and a file over 15 MB: each says why it was not added, nothing is stored", async ({
      page,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const gallery = await seedGallery(database, server, HARVEST, [null]);
      const before = await storedPhotos(database, gallery.id);
      const imagesBefore = await database.db.selectFrom("images").select("id").orderBy("id").execute();
      const uploads: Request[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/photos")) uploads.push(request);
      });
      await page.goto(`${GALLERIES}/${gallery.id}`);
      await expect(page.getByRole("heading", { name: HARVEST.name, level: 1 })).toBeVisible();
      await page.getByLabel("Add photos", { exact: true }).setInputFiles([
        { name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: IPHONE_HEIC },
        { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my notes, not a photo.\n") },
        { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(CONTENT_PHOTO_MAX_BYTES + 1) },
      ]);
      await expect(uploadsHeading(page, 3, 3)).toBeVisible({ timeout: UPLOADS_TIMEOUT });
      const heic = uploadEntry(page, "IMG_0001.HEIC");
      const notes = uploadEntry(page, "notes.jpg");
      const big = uploadEntry(page, "big.jpg");
      await expect(heic).toContainText(`Not added: ${PHOTO_FORMATS}`);
      await expect(notes).toContainText(`Not added: ${PHOTO_FORMATS}`);
      await expect(big).toContainText(`Not added: ${PHOTO_TOO_LARGE}`);
      expect(await progressOf(heic)).toBe(0);
      expect(await progressOf(notes)).toBe(0);
      expect(await progressOf(big)).toBe(0);
      await expect(page.getByRole("status").filter({ hasText: "uploads finished" })).toHaveText("3 of 3 uploads finished, 3 not added");
      await expectNoAxeViolations(page);

      // The HEIC (by its type) and the large one never left the browser; the text file was sent and refused by its bytes.
      expect(uploads).toHaveLength(1);
      expect(await adminItemNames(page)).toEqual(["Photo 1"]);
      expect(await storedPhotos(database, gallery.id)).toEqual(before);
      expect(await database.db.selectFrom("images").select("id").orderBy("id").execute()).toEqual(imagesBefore);
    });
  });

  test("a photo's Edit: a new alt text and 'Cover of the gallery' say 'Saved', the list marks it Cover, the site uses the alt", async ({
    page,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const gallery = await seedGallery(database, server, HARVEST, [null, null]);
    const alt = "Stalls of home-grown produce along the college lawn";
    await page.goto(GALLERIES);
    await page.getByRole("link", { name: `Photos of ${HARVEST.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/content/galleries/${gallery.id}$`));
    await expect(page.getByRole("heading", { name: HARVEST.name, level: 1 })).toBeVisible();
    await expect(adminItem(page, "Photo 1")).toContainText("Cover");
    await expect(adminItem(page, "Photo 2")).toContainText(`Alt text: ${HARVEST.name} 2 (from the gallery's name)`);

    await page.getByRole("button", { name: "Edit: Photo 2", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Photo 2" });
    const altText = dialog.getByLabel("Alt text", { exact: true });
    await expect(altText).toHaveValue("");
    await expect(altText).toHaveAttribute("placeholder", `${HARVEST.name} 2`);
    await expect(dialog.getByLabel("Cover of the gallery")).not.toBeChecked();
    await altText.fill(alt);
    await dialog.getByLabel("Cover of the gallery").check();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => adminItemNames(page)).toEqual(["Photo 1", alt]);
    const edited = adminItem(page, alt);
    await expect(edited.getByText("Cover", { exact: true })).toBeVisible();
    await expect(edited).toContainText(`Alt text: ${alt}`);
    await expect(adminItem(page, "Photo 1").getByText("Cover", { exact: true })).toHaveCount(0);

    const photos = await storedPhotos(database, gallery.id);
    expect(photos.map((photo) => photo.alt)).toEqual([null, alt]);
    expect((await storedGallery(database, HARVEST.name))!.cover_photo_id).toBe(gallery.photos[1]!.id);

    await page.goto(EVENTS);
    expect(await publicAlts(page, HARVEST.name)).toEqual([`${HARVEST.name} 1`, alt]);
  });

  test("by keyboard only: Tab to a photo's 'Move up', Enter moves it with the focus kept; Delete after its confirmation", async ({
    page,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const [gate, hall, lawn] = ["The college gate", "The exhibition hall", "The prize giving on the lawn"];
    const gallery = await seedGallery(database, server, HARVEST, [gate, hall, lawn]);
    await page.goto(`${GALLERIES}/${gallery.id}`);
    await expect.poll(() => adminItemNames(page)).toEqual([gate, hall, lawn]);
    const moveUp = page.getByRole("button", { name: `Move up: ${lawn}`, exact: true });
    await tabTo(page, moveUp, 120);
    await page.keyboard.press("Enter");
    await expect.poll(() => adminItemNames(page)).toEqual([gate, lawn, hall]);
    await expect(moveUp).toBeFocused();
    expect((await storedPhotos(database, gallery.id)).map((photo) => photo.alt)).toEqual([gate, lawn, hall]);

    await page.getByRole("button", { name: `Delete: ${hall}`, exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the photo “${hall}”?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect.poll(() => adminItemNames(page)).toEqual([gate, lawn]);

    const stored = await storedPhotos(database, gallery.id);
    expect(stored.map((photo) => photo.alt)).toEqual([gate, lawn]);
    expect(stored.map((photo) => photo.id)).toEqual([gallery.photos[0]!.id, gallery.photos[2]!.id]);
    // Its photo went with it.
    await expect.poll(() => storedImage(database, gallery.photos[1]!.imageId)).toBeUndefined();
  });

  test("a gallery saved without photos is not on /events-and-activities; once a photo is uploaded into it, it is", async ({
    page,
    database,
  }) => {
    const name = "Orientation Week";
    await page.goto(GALLERIES);
    await page.getByRole("button", { name: "New gallery" }).click();
    const dialog = page.getByRole("dialog", { name: "New gallery" });
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("No photos yet: add some above. The gallery shows on the site once it has one.")).toBeVisible();
    const stored = (await storedGallery(database, name))!;
    expect(stored.kind).toBe("event");

    await page.goto(EVENTS);
    await expect(page.getByRole("tab", { name: "Events", exact: true })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel").locator("section").first()).toBeVisible();
    await expect(page.getByRole("tabpanel")).not.toContainText(name);

    await page.goto(`${GALLERIES}/${stored.id}`);
    await page.getByLabel("Add photos", { exact: true }).setInputFiles(await photoFile("orientation.jpg", 800, 600));
    await expect(uploadsHeading(page, 1, 1)).toBeVisible({ timeout: UPLOADS_TIMEOUT });
    await expect(uploadEntry(page, "orientation.jpg")).toContainText("Added");
    await expect.poll(() => adminItemNames(page)).toEqual(["Photo 1"]);

    await page.goto(EVENTS);
    await expect(publicGallery(page, name)).toHaveCount(1);
    expect(await publicAlts(page, name)).toEqual([`${name} 1`]);
    await expectFirstPhotoDrawn(page, name);
  });

  test("a phone's photo (2400x1800, EXIF orientation 6) travels upright and cut to 1200 px wide, the widest size kept", async ({
    page,
    database,
    server,
  }) => {
    const gallery = await seedGallery(database, server, HARVEST, [null]);
    const file = test.info().outputPath("IMG_2041.jpg");
    const camera = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toFile(file);
    await page.goto(`${GALLERIES}/${gallery.id}`);
    const sent = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`/${gallery.id}/photos`));
    await page.getByLabel("Add photos", { exact: true }).setInputFiles(file);
    const request = await sent;
    await expect(uploadEntry(page, "IMG_2041.jpg")).toContainText("Added", { timeout: UPLOADS_TIMEOUT });

    // What travelled: the whole form, photo included.
    expect(Number(await request.headerValue("content-length"))).toBeLessThan(camera.size / 2);
    const newest = await database.db
      .selectFrom("gallery_photos")
      .innerJoin("images", "images.id", "gallery_photos.image_id")
      .select(["images.width", "images.height"])
      .where("gallery_photos.gallery_id", "=", gallery.id)
      .orderBy("gallery_photos.position", "desc")
      .executeTakeFirstOrThrow();
    expect(newest).toEqual({ width: 1200, height: 1600 });
  });

  // The action answers a conflict with 409 Conflict, which the browser logs.
  test.describe("a save from an older copy", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409 \(Conflict\)/] });

    test("a photo changed by someone else after its Edit opened: Save says the conflict message and changes nothing", async ({
      page,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const gallery = await seedGallery(database, server, HARVEST, [null, null]);
      const photo = gallery.photos[1]!;
      await page.goto(`${GALLERIES}/${gallery.id}`);
      await page.getByRole("button", { name: "Edit: Photo 2", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Photo 2" });
      await expect(dialog.getByLabel("Alt text", { exact: true })).toHaveValue("");

      // Someone else saves the photo meanwhile (their save raises its version).
      await database.db
        .updateTable("gallery_photos")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("id", "=", photo.id)
        .execute();
      await raiseContentVersion(database);
      const before = await storedPhotos(database, gallery.id);

      await dialog.getByLabel("Alt text", { exact: true }).fill("Saved from an older copy");
      await dialog.getByLabel("Cover of the gallery").check();
      const answer = page.waitForResponse(
        (response) =>
          response.request().method() === "POST" &&
          /^\/admin\/content\/gallery-photos\/save(\.data)?$/.test(new URL(response.url()).pathname),
      );
      await dialog.getByRole("button", { name: "Save" }).click();
      expect((await answer).status()).toBe(409);
      await expect(dialog.getByText(CONFLICT, { exact: true })).toBeVisible();
      await expect(dialog).toBeVisible();
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      expect(await storedPhotos(database, gallery.id)).toEqual(before);
      expect((await storedGallery(database, HARVEST.name))!.cover_photo_id).toBeNull();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      expect(await adminItemNames(page)).toEqual(["Photo 1", "Photo 2"]);
    });
  });

  test("Delete on a gallery asks 'Delete the gallery “<name>”?', then says 'Deleted'; it is gone from the list and the site", async ({
    page,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const gallery = await seedGallery(database, server, HARVEST, [null]);
    await page.goto(GALLERIES);
    const names = await adminItemNames(page);
    expect(names.at(-1)).toBe(HARVEST.name);
    await expect(adminItem(page, HARVEST.name)).toContainText("Event · 1 photo");
    await page.getByRole("button", { name: `Delete: ${HARVEST.name}`, exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the gallery “${HARVEST.name}”?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect.poll(() => adminItemNames(page)).toEqual(names.slice(0, -1));
    await expect(page.getByRole("link", { name: `Photos of ${HARVEST.name}` })).toHaveCount(0);

    expect(await storedGallery(database, HARVEST.name)).toBeUndefined();
    expect(await storedPhotos(database, gallery.id)).toEqual([]);
    // Its photos went with it.
    await expect.poll(() => storedImage(database, gallery.photos[0]!.imageId)).toBeUndefined();

    await page.goto(EVENTS);
    await expect(page.getByRole("tabpanel").locator("section").first()).toBeVisible();
    await expect(publicGallery(page, HARVEST.name)).toHaveCount(0);
    await expect(page.getByRole("tabpanel")).not.toContainText(HARVEST.name);
  });
});
