import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { VIDEO_PART_BYTES } from "../../core/schemas/limits";
import { BAD_REQUEST, CONFLICT, STALE_SAVE } from "./content-admin";

// Each test walks a whole flow at its width with axe at every step: with two workers on two cores, some take 25-30 s.
test.describe.configure({ timeout: 60_000 });

/*
 * The documentary video on /admin/content/home, and the home page's "How it's started" dialog that plays it. Every
 * test starts from the video the worker's server imported from content/ (resetData puts its row and file back).
 */

const HOME = "/admin/content/home";
const VIDEO_FORMATS = "Choose an MP4 or WebM video (MOV and other files cannot be used)";
/**
 * The starting content's film, and another cut of it: bytes after its end, which players ignore, make it two parts of
 * the upload (app/lib/video-upload.ts).
 */
const FILM = fs.readFileSync(path.join(import.meta.dirname, "../../content/video/documentary.webm"));
const OTHER_CUT = { name: "our-story.webm", mimeType: "video/webm", buffer: Buffer.concat([FILM, Buffer.alloc(VIDEO_PART_BYTES, 1)]) };

const videoSection = (page: Page) => page.getByRole("form", { name: "Documentary video" });

/**
 * Saves the video form, resolving with the status of the request that ended the upload: a part refused, or the join
 * (the page sends the video in parts, then asks for them to be joined).
 */
async function save(page: Page, form: Locator): Promise<number> {
  const answer = page.waitForResponse((response) => {
    const path = new URL(response.url()).pathname;
    if (response.request().method() !== "POST") return false;
    return path === "/admin/content/video" || (path.startsWith("/admin/content/video/uploads/") && response.status() !== 200);
  });
  await form.getByRole("button", { name: "Save" }).click();
  return (await answer).status();
}

/** Opens "How it's started" on the home page and waits until its player has read the video's start (by range). */
async function playedVideo(page: Page): Promise<string> {
  await page.goto("/");
  await page.getByRole("button", { name: "How it's started" }).click();
  const video = page.getByRole("dialog", { name: "How it's started" }).locator("video");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
  return video.evaluate((element: HTMLVideoElement) => new URL(element.currentSrc).pathname);
}

test.describe("admin site content: the documentary video", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("a new video uploads with its progress, plays in the admin's preview and in the home page's dialog", async ({
    page,
    database,
    expectNoAxeViolations,
  }) => {
    const before = await playedVideo(page);
    await page.goto(HOME);
    const form = videoSection(page);
    await expect(page.getByRole("heading", { name: "Documentary video", level: 2 })).toBeVisible();
    await expect(page.getByLabel("The current video")).toHaveAttribute("src", before);
    await expectNoAxeViolations(page);

    // The progress bar shows while the file is on its way (the answer is held until it has been seen).
    let releaseAnswer = () => {};
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route("/admin/content/video", async (route) => {
      const response = await route.fetch();
      await answerHeld;
      await route.fulfill({ response });
    });
    await form.getByLabel("New video").setInputFiles(OTHER_CUT);
    const saved = save(page, form);
    await expect(form.getByRole("progressbar", { name: "Upload of the video" })).toBeVisible();
    await expect(form.getByRole("status")).toHaveText(/Uploading: \d+%|Storing the video…/);
    await expect(form.getByRole("button", { name: "Save" })).toBeDisabled();
    releaseAnswer();
    expect(await saved).toBe(200);
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();

    const key = (await database.db.selectFrom("site_details").select("documentary_video").executeTakeFirstOrThrow()).documentary_video!;
    expect(`/media/${key}`).not.toBe(before);
    await expect(page.getByLabel("The current video")).toHaveAttribute("src", `/media/${key}`);
    await expect(form.getByRole("progressbar")).toHaveCount(0);
    await expectNoAxeViolations(page);

    expect(await playedVideo(page)).toBe(`/media/${key}`);
    await expectNoAxeViolations(page);
  });

  test.describe("refusals", () => {
    test.use({ allowedConsoleErrors: [new RegExp(`${BAD_REQUEST.source}|${STALE_SAVE.source}`)] });

    test("a file that is not a video, a photo and a stale page each say so at the form and change nothing", async ({
      page,
      database,
      expectNoAxeViolations,
    }) => {
      const storedVideo = async () =>
        (await database.db.selectFrom("site_details").select("documentary_video").executeTakeFirstOrThrow()).documentary_video;
      const before = await storedVideo();
      await page.goto(HOME);
      const form = videoSection(page);
      const field = form.getByLabel("New video");

      // Named and typed as a video, but its bytes are not one: the server reads them and refuses.
      await field.setInputFiles({ name: "film.webm", mimeType: "video/webm", buffer: Buffer.from("These are notes, not a film.\n") });
      expect(await save(page, form)).toBe(400);
      await expect(form.getByText(VIDEO_FORMATS, { exact: true })).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);

      // A photo: the browser refuses it before sending anything.
      let posted = false;
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === "/admin/content/video") posted = true;
      });
      await field.setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: Buffer.from("png") });
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByText(VIDEO_FORMATS, { exact: true })).toBeVisible();
      expect(posted).toBe(false);

      // Someone else saved the home details after this page was loaded.
      await database.db
        .updateTable("site_details")
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .execute();
      await field.setInputFiles(OTHER_CUT);
      expect(await save(page, form)).toBe(409);
      await expect(form.getByText(CONFLICT, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await storedVideo()).toBe(before);
    });
  });

  test.describe("a lost connection", () => {
    test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_FAILED/] });

    test("a part lost on the way is sent again, and the video arrives whole", async ({ page, database }) => {
      await page.goto(HOME);
      let lost = 0;
      await page.route("**/admin/content/video/uploads/*/1", async (route) => {
        if (lost++ === 0) return route.abort("failed");
        await route.continue();
      });
      const form = videoSection(page);
      await form.getByLabel("New video").setInputFiles(OTHER_CUT);
      expect(await save(page, form)).toBe(200);
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      expect(lost).toBe(2);
      const key = (await database.db.selectFrom("site_details").select("documentary_video").executeTakeFirstOrThrow()).documentary_video!;
      expect(await playedVideo(page)).toBe(`/media/${key}`);
      const served = await page.request.get(`/media/${key}`);
      expect((await served.body()).equals(OTHER_CUT.buffer)).toBe(true);
    });
  });

  test("Remove video asks first, then the dialog says the video cannot be played; a new upload brings it back", async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto(HOME);
    await page.getByRole("button", { name: "Remove video" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove the video?" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Video removed", { exact: true })).toBeVisible();
    await expect(page.getByText("No video yet: the dialog says the video cannot be played.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove video" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto("/");
    await page.getByRole("button", { name: "How it's started" }).click();
    const dialog = page.getByRole("dialog", { name: "How it's started" });
    await expect(dialog.getByText("Sorry, the video cannot be played right now.")).toBeVisible();
    await expect(dialog.locator("video")).toHaveCount(0);

    await page.goto(HOME);
    const form = videoSection(page);
    await form.getByLabel("Video", { exact: true }).setInputFiles({ name: "film.webm", mimeType: "video/webm", buffer: FILM });
    expect(await save(page, form)).toBe(200);
    await expect(page.getByLabel("The current video")).toBeVisible();
    expect(await playedVideo(page)).toMatch(/^\/media\/content\/video\/[0-9a-f]{32}\.webm$/);
  });
});
