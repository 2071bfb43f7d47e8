import fs from "node:fs";
import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import sharp from "sharp";
import { CONTENT_PHOTO_MAX_BYTES, VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import { IPHONE_HEIC } from "#tests/shared/iphone-heic.ts";
import { adminItemNames, BAD_REQUEST, PHOTO_FORMATS, PHOTO_TOO_LARGE, photoFile, TRACE_READS_BROKEN_PREVIEW } from "./content-admin";
import { expect, test } from "./fixtures";
import { goToAdminSection } from "./menus";

// One admin's whole round of the content screens on a loaded two-core machine, uploads included.
test.describe.configure({ timeout: 120_000 });

const VIDEO_FORMATS = "Choose an MP4 or WebM video (MOV and other files cannot be used)";
/** The starting content's film, and another cut of it in two parts (bytes after its end, which players ignore). */
const FILM = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
const OTHER_CUT = { name: "our-story.webm", mimeType: "video/webm", buffer: Buffer.concat([FILM, Buffer.alloc(VIDEO_PART_BYTES, 1)]) };

/** One file in a gallery's upload list: its progress bar (0 to 1) and its outcome. */
const uploadEntry = (page: Page, fileName: string) =>
  page
    .getByRole("region", { name: /^Uploads \(/ })
    .getByRole("listitem")
    .filter({ has: page.getByRole("progressbar", { name: `Upload of ${fileName}`, exact: true }) });
const progressOf = (entry: Locator) => entry.getByRole("progressbar").evaluate((progress: HTMLProgressElement) => progress.position);

/** Saves the video form, resolving with the status of the request that ended the upload (a part refused, or the join). */
async function saveVideo(page: Page, form: Locator): Promise<number> {
  const answer = page.waitForResponse((response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().method() !== "POST") return false;
    return path === "/admin/content/video" || (path.startsWith("/admin/content/video/uploads/") && response.status() !== 200);
  });
  await form.getByRole("button", { name: "Save" }).click();
  return (await answer).status();
}

/**
 * The content screens that are not a list, as an admin goes through them: the panel's way in and the screens'
 * navigation, the home screen's forms (which share one stored version), the documentary's upload in parts with its
 * progress, and a new gallery whose photos upload one by one. The list screens are admin-content.spec.ts; the rules
 * are the content services' tests.
 */
test.describe("the content screens", () => {
  // A server refusal at the video field (400); the text file chosen as a photo leaves its preview broken.
  test.use({ allowedConsoleErrors: [new RegExp(`${BAD_REQUEST.source}|${TRACE_READS_BROKEN_PREVIEW.source}`)] });

  test("from the panel: the home screen's texts and president, the documentary video, and a new gallery with its photos", async ({
    page,
    site,
    database,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin");
    await goToAdminSection(page, "Site content");
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Site content" });
    await expect(nav.getByRole("link")).toHaveText(["Site content", "Home", "Goals", "Team", "Collaborators", "Resources", "Galleries"]);
    await expect(nav.getByRole("link", { name: "Site content" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByRole("list").last().getByRole("link").first()).toHaveAttribute("href", "/admin/content/home");

    // Home: four forms of one stored item. What is typed in one stays while another's save raises the shared version.
    await nav.getByRole("link", { name: "Home" }).click();
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    const home = page.getByRole("form", { name: "Home" });
    await expect(home.getByLabel("Name", { exact: true })).toHaveValue(site.name);
    await expect(home.getByLabel("WhatsApp community link")).toHaveValue(site.whatsapp.communityUrl);
    await home.getByLabel("Tagline", { exact: true }).fill("Learning together, caring together");

    const president = page.getByRole("form", { name: "President" });
    await expect(president.getByLabel("Name", { exact: true })).toHaveValue(site.president.name);
    await expect(president.getByRole("img", { name: `Current photo of ${site.president.name}` })).toBeVisible();
    await president.getByLabel("Name", { exact: true }).fill("Zara Malik");
    await president.getByLabel("Photo", { exact: true }).setInputFiles(await photoFile("president.jpg", 400, 400));
    await expect(president.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute("src", /^blob:/);
    await president.getByRole("button", { name: "Save" }).click();
    // The server encodes the photo's AVIF/WebP variants first: several seconds on a loaded 2-core runner.
    await expect(page.getByText("Saved", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(president.getByRole("img", { name: "Current photo of Zara Malik" })).toHaveAttribute("src", /^\/uploads\/content\//);
    await expect(home.getByLabel("Tagline", { exact: true })).toHaveValue("Learning together, caring together");
    await home.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => database.db.selectFrom("siteDetails").select(["tagline", "presidentName"]).executeTakeFirstOrThrow())
      .toEqual({ tagline: "Learning together, caring together", presidentName: "Zara Malik" });

    // The documentary: a file that is not a video is refused at the field. Removed, the home page's dialog says it cannot
    // be played; a new one goes in parts with its progress, and plays in the screen's preview.
    const video = page.getByRole("form", { name: "Documentary video" });
    await video
      .getByLabel("New video")
      .setInputFiles({ name: "film.webm", mimeType: "video/webm", buffer: Buffer.from("Notes, not a film.\n") });
    expect(await saveVideo(page, video)).toBe(400);
    await expect(video.getByText(VIDEO_FORMATS, { exact: true })).toBeVisible();
    await expect(video.getByLabel("New video")).toHaveAttribute("aria-invalid", "true");

    await page.getByRole("button", { name: "Remove video" }).click();
    await page.getByRole("alertdialog", { name: "Remove the video?" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Video removed", { exact: true })).toBeVisible();
    await expect(page.getByText("No video yet: the dialog says the video cannot be played.")).toBeVisible();
    // The one look at the public site.
    await page.goto("/");
    await page.getByRole("button", { name: "How it's started" }).click();
    const dialog = page.getByRole("dialog", { name: "How it's started" });
    await expect(dialog.getByText("Sorry, the video cannot be played right now.")).toBeVisible();
    await expect(dialog.locator("video")).toHaveCount(0);

    await page.goto("/admin/content/home");
    // The join's answer is held until the progress has been seen.
    let releaseJoin = () => {};
    const joinHeld = new Promise<void>((resolve) => (releaseJoin = resolve));
    await page.route("/admin/content/video", async (route) => {
      const response = await route.fetch();
      await joinHeld;
      await route.fulfill({ response });
    });
    await video.getByLabel("Video", { exact: true }).setInputFiles(OTHER_CUT);
    const saved = saveVideo(page, video);
    await expect(video.getByRole("progressbar", { name: "Upload of the video" })).toBeVisible();
    await expect(video.getByRole("status")).toHaveText(/Uploading: \d+%|Storing the video…/);
    await expect(video.getByRole("button", { name: "Save" })).toBeDisabled();
    releaseJoin();
    expect(await saved).toBe(200);
    const key = (await database.db.selectFrom("siteDetails").select("documentaryVideo").executeTakeFirstOrThrow()).documentaryVideo!;
    const preview = page.getByLabel("The current video");
    await expect(preview).toHaveAttribute("src", `/media/${key}`);
    await expect(video.getByRole("progressbar")).toHaveCount(0);
    // The browser reads its start (by ranges) and can play it.
    await expect.poll(() => preview.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);

    // A new gallery: the photos chosen upload one by one once it is saved. The browser refuses what it can tell is not a
    // photo or too large; a phone's photo travels upright and cut to 1200 px wide.
    const camera = test.info().outputPath("IMG_2041.jpg");
    const cameraFile = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: "#000", noise: { type: "gaussian", mean: 128, sigma: 30 } },
    })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toFile(camera);
    const uploads: Request[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/photos")) uploads.push(request);
    });
    await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Galleries" }).click();
    await page.getByRole("button", { name: "New gallery" }).click();
    const newGallery = page.getByRole("dialog", { name: "New gallery" });
    await expect(newGallery.getByLabel("Kind", { exact: true }).getByRole("option")).toHaveText(["Event", "Activity"]);
    await newGallery.getByLabel("Name", { exact: true }).fill("Thalassaemia Awareness Walk");
    await newGallery.getByLabel("Date", { exact: true }).fill("2026-03-14");
    const files = [
      { name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(camera) },
      { name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my notes, not a photo.\n") },
      { name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: IPHONE_HEIC },
      { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(CONTENT_PHOTO_MAX_BYTES + 1) },
    ];
    await newGallery.getByLabel("Choose photos", { exact: true }).setInputFiles(files);
    await expect(
      newGallery.getByText("4 photos chosen: IMG_2041.jpg, notes.jpg, IMG_0001.HEIC, big.jpg. They upload once the gallery is saved."),
    ).toBeVisible();
    await newGallery.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Thalassaemia Awareness Walk", level: 1 })).toBeVisible();
    const gallery = await database.db
      .selectFrom("galleries")
      .selectAll()
      .where("name", "=", "Thalassaemia Awareness Walk")
      .executeTakeFirstOrThrow();
    await expect(page).toHaveURL(new RegExp(`/admin/content/galleries/${gallery.id}$`));

    await expect(page.getByRole("heading", { name: "Uploads (4 of 4 finished)", exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(uploadEntry(page, "IMG_2041.jpg")).toContainText("Added");
    expect(await progressOf(uploadEntry(page, "IMG_2041.jpg"))).toBe(1);
    for (const [file, message] of [
      ["notes.jpg", PHOTO_FORMATS],
      ["IMG_0001.HEIC", PHOTO_FORMATS],
      ["big.jpg", PHOTO_TOO_LARGE],
    ]) {
      await expect(uploadEntry(page, file!)).toContainText(`Not added: ${message!}`);
      expect(await progressOf(uploadEntry(page, file!))).toBe(0);
    }
    await expect(page.getByRole("status").filter({ hasText: "uploads finished" })).toHaveText("4 of 4 uploads finished, 3 not added");
    // The list catches up without a reload.
    await expect.poll(() => adminItemNames(page)).toEqual(["Photo 1"]);
    // Only the photo and the text file left the browser; the photo travelled at under half its size.
    expect(uploads).toHaveLength(2);
    expect(Number(await uploads[0]!.headerValue("content-length"))).toBeLessThan(cameraFile.size / 2);
    const storedPhoto = await database.db
      .selectFrom("galleryPhotos")
      .innerJoin("images", "images.id", "galleryPhotos.imageId")
      .select(["images.width", "images.height"])
      .where("galleryPhotos.galleryId", "=", gallery.id)
      .execute();
    expect(storedPhoto).toEqual([{ width: 1200, height: 1600 }]);
  });
});

test("photos still on their way: leaving the site asks first, another admin page does not, and the photos arrive", async ({
  page,
  database,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  const gallery = await database.db
    .selectFrom("galleries")
    .select(["id", "name"])
    .where("kind", "=", "event")
    .orderBy("position")
    .executeTakeFirstOrThrow();
  // The upload is held at the network until the test lets it through: it is "still uploading" for as long as needed.
  let letThrough: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const arrived = new Promise<void>((resolve) =>
    page.route("**/admin/content/galleries/*/photos", async (route) => {
      resolve();
      await held;
      await route.continue();
    }),
  );
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });

  await page.goto(`/admin/content/galleries/${gallery.id}`);
  await page.getByLabel("Add photos", { exact: true }).setInputFiles([await photoFile("walk-2.jpg", 320, 240)]);
  await arrived;
  // A browser asks before leaving only a page the person has used (a click), as they have by now.
  await page.getByRole("heading", { name: gallery.name, level: 1 }).click();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual(["beforeunload"]);
  expect(page.isClosed()).toBe(false);

  // Within the admin area nothing is lost, so nothing asks: the queue keeps going while the admin is elsewhere.
  await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/admin\/content\/home$/);
  letThrough();
  await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Galleries" }).click();
  await page.getByRole("link", { name: `Photos of ${gallery.name}`, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "uploads finished" })).toHaveText("1 of 1 uploads finished", { timeout: 20_000 });
  // Once they are in, leaving asks nothing.
  await page.reload();
  expect(dialogs).toEqual(["beforeunload"]);
});
