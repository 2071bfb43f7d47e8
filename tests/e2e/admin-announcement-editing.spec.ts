import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Announcements as editable posts, walked through as an admin would: a title and a button label of one's own, a card
 * without an image or a link, an edit that changes the text or the image, a draft, a publish time and an expiry that
 * the server's clock reaches, a pin, and an expiry set before the publish time.
 */

/** A real photo from the society's content: the upload goes through the same checks as any admin's. */
const PHOTO = fileURLToPath(new URL("../../content/photos/explore/01.jpg", import.meta.url));

/** The e2e server keeps the default SITE_TIMEZONE: the admin's times are typed and shown on this wall clock. */
const SITE_TIME_ZONE = "Asia/Karachi";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An instant as a `datetime-local` field takes it on the site's wall clock: "2026-12-01T18:30" (seconds dropped). */
const wallTime = (at: number) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone: SITE_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  })
    .format(at)
    .replace(" ", "T");

/** An instant as the admin list writes it: "23 November 2026 at 15:04". */
const siteTime = (at: number) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: SITE_TIME_ZONE, dateStyle: "long", timeStyle: "short" }).format(at);

const PUBLISH = {
  now: "Now (a live announcement keeps its publish time)",
  scheduled: "At a set time",
  draft: "Not yet: keep it as a draft",
} as const;

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, heading: string) => page.getByRole("main").getByRole("article", { name: heading });
const filters = (page: Page) => page.getByRole("navigation", { name: "Show announcements" });
const noneLive = (page: Page) => page.getByText("No announcement available.", { exact: true });

async function openCreateDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Create Announcement" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Announcement" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openEditDialog(page: Page, heading: string): Promise<Locator> {
  await card(page, heading)
    .getByRole("button", { name: `Edit ${heading}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit announcement" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Waits for the toast and the dialog to close. A save with an image waits for the server to encode six AVIF/WebP
 * variants: under a second on a quiet machine, several on a loaded 2-core runner.
 */
async function expectSaved(page: Page, dialog: Locator, toast: "Announcement created!" | "Announcement saved!") {
  await expect(page.getByText(toast, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
}

test.describe("editing announcements", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("a titled one without image or link is a text card with no button; one with image and link shows the button's own label", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/admin-announcement");
    let dialog = await openCreateDialog(page);
    await dialog.getByLabel("Title", { exact: true }).fill("Library hours change");
    await dialog.getByLabel("Description", { exact: true }).fill("The library closes at 8 pm during exam week.");
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expectSaved(page, dialog, "Announcement created!");
    await expect(card(page, "Library hours change")).toBeVisible();

    // A fresh page: the first toast must not pass for the second's.
    await page.goto("/admin-announcement");
    dialog = await openCreateDialog(page);
    await dialog.getByLabel("Title", { exact: true }).fill("Blood donation camp");
    await dialog.getByLabel("Image", { exact: true }).setInputFiles(PHOTO);
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await dialog.getByLabel("Description", { exact: true }).fill("Saturday at 10 am in the main hall.\nMap: https://example.org/camp-map");
    await dialog.getByLabel("Google Form URL", { exact: true }).fill("https://forms.gle/blood-camp");
    await dialog.getByLabel("Button label", { exact: true }).fill("Sign up for the camp");
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expectSaved(page, dialog, "Announcement created!");
    await expect(cards(page)).toHaveCount(2);

    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(2);
    const text = card(page, "Library hours change");
    await expect(text.getByRole("heading", { name: "Library hours change", exact: true })).toBeVisible();
    await expect(text).toContainText("The library closes at 8 pm during exam week.");
    await expect(text.locator("img")).toHaveCount(0);
    // No button: no link out of the site (its heading may still lead to its own page).
    await expect(text.getByRole("link", { name: /\(opens in a new tab\)$/ })).toHaveCount(0);
    await expect(text.locator('a[target="_blank"]')).toHaveCount(0);

    const camp = card(page, "Blood donation camp");
    await expect(camp.getByRole("heading", { name: "Blood donation camp", exact: true })).toBeVisible();
    const button = camp.getByRole("link", { name: /^Sign up for the camp/ });
    await expect(button).toHaveAttribute("href", "https://forms.gle/blood-camp");
    await expect(button).toHaveAttribute("target", "_blank");
    await expect(camp.getByRole("link", { name: /Register via Google Form/ })).toHaveCount(0);
    // A web address in the description is a link of its own.
    await expect(camp.getByRole("link", { name: "https://example.org/camp-map", exact: true })).toHaveAttribute(
      "href",
      "https://example.org/camp-map",
    );
    const image = camp.locator("img");
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("Edit changes the text, then replaces the image (the old one's address answers 404), then removes it", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    test.slow();
    await seed.announcement({
      title: "Study circle",
      description: "Study circle registrations open on Monday.",
      googleFormUrl: "https://forms.gle/study-circle",
    });
    await page.goto("/admin-announcement");
    let dialog = await openEditDialog(page, "Study circle");
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue("Study circle registrations open on Monday.");
    await expect(dialog.getByRole("img", { name: "Current image" })).toBeVisible();
    await expect(dialog.getByLabel("Remove the image (the card shows text only)")).not.toBeChecked();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Description", { exact: true }).fill("Study circle registrations open on Tuesday instead.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");

    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Study circle")).toContainText("Study circle registrations open on Tuesday instead.");
    await expect(card(page, "Study circle")).not.toContainText("on Monday");
    const oldSrc = await card(page, "Study circle").locator("img").getAttribute("src");
    expect(oldSrc).toBeTruthy();
    expect((await page.request.get(oldSrc!)).status()).toBe(200);

    await page.goto("/admin-announcement");
    dialog = await openEditDialog(page, "Study circle");
    await dialog.getByLabel("Image", { exact: true }).setInputFiles(PHOTO);
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");

    await page.goto("/announcement");
    const image = card(page, "Study circle").locator("img");
    await expect(image).toHaveCount(1);
    const newSrc = await image.getAttribute("src");
    expect(newSrc).toBeTruthy();
    expect(newSrc).not.toBe(oldSrc);
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect((await page.request.get(oldSrc!)).status()).toBe(404);
    // The text and link stay as they were.
    await expect(card(page, "Study circle")).toContainText("Study circle registrations open on Tuesday instead.");
    await expect(card(page, "Study circle").getByRole("link", { name: /^Register via Google Form/ })).toHaveAttribute(
      "href",
      "https://forms.gle/study-circle",
    );

    await page.goto("/admin-announcement");
    dialog = await openEditDialog(page, "Study circle");
    await dialog.getByLabel("Remove the image (the card shows text only)").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");

    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Study circle")).toContainText("Study circle registrations open on Tuesday instead.");
    await expect(card(page, "Study circle").locator("img")).toHaveCount(0);
    expect((await page.request.get(newSrc!)).status()).toBe(404);
  });

  test("a draft shows as Draft to the admin and not on /announcement, until Edit publishes it 'Now'", async ({ page }) => {
    await page.goto("/admin-announcement");
    let dialog = await openCreateDialog(page);
    await dialog.getByLabel("Title", { exact: true }).fill("Annual dinner");
    await dialog.getByLabel("Description", { exact: true }).fill("The annual dinner is on the last Friday of term.");
    await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.draft });
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expectSaved(page, dialog, "Announcement created!");
    await expect(card(page, "Annual dinner").getByText("Draft", { exact: true })).toBeVisible();
    await expect(filters(page).getByRole("link", { name: "Draft (1)" })).toBeVisible();
    await expect(filters(page).getByRole("link", { name: "Live (0)" })).toBeVisible();

    await page.goto("/announcement");
    await expect(noneLive(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);

    await page.goto("/admin-announcement");
    dialog = await openEditDialog(page, "Annual dinner");
    await expect(dialog.getByLabel("Publish", { exact: true })).toHaveValue("draft");
    await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.now });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");
    await expect(card(page, "Annual dinner").getByText("Live", { exact: true })).toBeVisible();
    await expect(card(page, "Annual dinner").getByText(/^Published /)).toBeVisible();

    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Annual dinner")).toContainText("The annual dinner is on the last Friday of term.");
  });

  test("scheduled an hour ahead and expiring two hours ahead: Scheduled, then Live once the server's clock passes it, then Expired", async ({
    page,
    serverClock,
    expectNoAxeViolations,
  }) => {
    const start = Date.now();
    const goesLive = wallTime(start + HOUR);
    const expires = wallTime(start + 2 * HOUR);
    // The instants those wall times name, as the admin list writes them.
    const goesLiveText = siteTime(Date.parse(`${goesLive}:00+05:00`));
    const expiresText = siteTime(Date.parse(`${expires}:00+05:00`));

    await page.goto("/admin-announcement");
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel("Title", { exact: true }).fill("Welcome week");
    await dialog.getByLabel("Description", { exact: true }).fill("Welcome week starts with a campus tour.");
    await expect(dialog.getByLabel("Goes live at", { exact: true })).toHaveCount(0);
    await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.scheduled });
    await dialog.getByLabel("Goes live at", { exact: true }).fill(goesLive);
    await dialog.getByLabel("Expires at", { exact: true }).fill(expires);
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expectSaved(page, dialog, "Announcement created!");
    const welcome = card(page, "Welcome week");
    await expect(welcome.getByText("Scheduled", { exact: true })).toBeVisible();
    await expect(welcome.getByText(`Goes live ${goesLiveText} · Expires ${expiresText}`, { exact: true })).toBeVisible();
    await expect(filters(page).getByRole("link", { name: "Scheduled (1)" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto("/announcement");
    await expect(noneLive(page)).toBeVisible();

    await serverClock.advanceBy(61 * MINUTE);
    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Welcome week")).toContainText("Welcome week starts with a campus tour.");
    await page.goto("/admin-announcement");
    await expect(welcome.getByText("Live", { exact: true })).toBeVisible();
    await expect(welcome.getByText(`Published ${goesLiveText} · Expires ${expiresText}`, { exact: true })).toBeVisible();
    await expect(filters(page).getByRole("link", { name: "Live (1)" })).toBeVisible();

    await serverClock.advanceBy(60 * MINUTE);
    await page.goto("/announcement");
    await expect(noneLive(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await page.goto("/admin-announcement");
    await expect(welcome.getByText("Expired", { exact: true })).toBeVisible();
    await expect(welcome.getByText(`Published ${goesLiveText} · Expired ${expiresText}`, { exact: true })).toBeVisible();
    await filters(page).getByRole("link", { name: "Expired (1)" }).click();
    await expect(page).toHaveURL(/\?state=expired$/);
    await expect(filters(page).getByRole("link", { name: "Expired (1)" })).toHaveAttribute("aria-current", "page");
    await expect(cards(page)).toHaveCount(1);
    await expect(welcome).toBeVisible();
    await filters(page).getByRole("link", { name: "Live (0)" }).click();
    await expect(page).toHaveURL(/\?state=live$/);
    await expect(page.getByText("No live announcements.", { exact: true })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });

  test("pinning the oldest of three live ones puts it first on /announcement; the Pinned filter shows only it", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    const now = Date.now();
    for (const [title, minutesAgo] of [
      ["Oldest notice", 30],
      ["Middle notice", 20],
      ["Newest notice", 10],
    ] as const) {
      await seed.announcement({
        title,
        description: `${title}: details for members.`,
        createdAt: new Date(now - minutesAgo * MINUTE),
        withImage: false,
      });
    }
    const headings = () => cards(page).getByRole("heading", { level: 2 });

    await page.goto("/announcement");
    await expect(headings()).toHaveText(["Newest notice", "Middle notice", "Oldest notice"]);

    await page.goto("/admin-announcement");
    const dialog = await openEditDialog(page, "Oldest notice");
    await expect(dialog.getByLabel("Pin it to the top of the announcements page")).not.toBeChecked();
    await dialog.getByLabel("Pin it to the top of the announcements page").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");
    await expect(card(page, "Oldest notice").getByText("Pinned", { exact: true })).toBeVisible();
    await expect(card(page, "Oldest notice").getByText("Live", { exact: true })).toBeVisible();

    await page.goto("/announcement");
    await expect(headings()).toHaveText(["Pinned: Oldest notice", "Newest notice", "Middle notice"]);

    await page.goto("/admin-announcement");
    await filters(page).getByRole("link", { name: "Pinned (1)" }).click();
    await expect(page).toHaveURL(/\?state=pinned$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Oldest notice")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test.describe("a refused save", () => {
    // The server's refusal is a 400, which Chromium logs.
    test.use({
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/admin\/announcements\.data\)$/,
      ],
    });

    test("an expiry before the publish time says 'The expiry must be after the publish time' at Expires at", async ({ page }) => {
      const now = Date.now();
      await page.goto("/admin-announcement");
      const dialog = await openCreateDialog(page);
      await dialog.getByLabel("Description", { exact: true }).fill("Sports day is moved to the spring.");
      await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.scheduled });
      await dialog.getByLabel("Goes live at", { exact: true }).fill(wallTime(now + 2 * HOUR));
      const expiresAt = dialog.getByLabel("Expires at", { exact: true });
      await expiresAt.fill(wallTime(now + HOUR));
      await dialog.getByRole("button", { name: "Create Announcement" }).click();
      await expect(dialog.getByText("The expiry must be after the publish time", { exact: true })).toBeVisible();
      await expect(expiresAt).toHaveAttribute("aria-invalid", "true");
      await expect(expiresAt).toHaveAccessibleDescription(/The expiry must be after the publish time/);

      // Published now with an expiry already past: the server says the same, at the same field.
      await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.now });
      await expiresAt.fill(wallTime(now - HOUR));
      // The form itself finds nothing wrong with that any more; the server does.
      await expect(dialog.getByText("The expiry must be after the publish time", { exact: true })).toHaveCount(0);
      await dialog.getByRole("button", { name: "Create Announcement" }).click();
      await expect(dialog.getByText("The expiry must be after the publish time", { exact: true })).toBeVisible();
      await expect(expiresAt).toHaveAccessibleDescription(/The expiry must be after the publish time/);
      await expect(expiresAt).toHaveAttribute("aria-invalid", "true");
      await expect(dialog).toBeVisible();
      await expect(page.getByText("Announcement created!", { exact: true })).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(page.getByText("No announcement created yet.", { exact: true })).toBeVisible();
    });
  });
});
