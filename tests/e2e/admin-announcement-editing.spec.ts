import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Announcements as editable posts, walked through as an admin would: one made with a poster, an event and a registration
 * question, edited and deleted; a draft scheduled, going live and expiring as the server's clock reaches its times; a
 * pin. The rules (what is stored, each state, the form's messages) are server/services/announcements.test.ts.
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

  test("one created with a poster, an event and a registration question is listed with them; Edit changes it, Delete removes it", async ({
    page,
  }) => {
    test.slow();
    await page.goto("/admin-announcement");
    await expect(page.getByRole("heading", { name: "Your Announcements", level: 1 })).toBeVisible();
    await expect(page.getByText("No announcement created yet.", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Create Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Announcement" });
    const box = await dialog.boundingBox();
    expect(Math.abs(box!.height - page.viewportSize()!.height * 0.7)).toBeLessThan(2);
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expect(dialog.getByText("Description must be at least 10 characters", { exact: true })).toBeVisible();

    await dialog.getByLabel("Title", { exact: true }).fill("Blood donation camp");
    await dialog.getByLabel("Image", { exact: true }).setInputFiles(PHOTO);
    await expect(dialog.getByRole("img", { name: "Preview of the chosen image" })).toBeVisible();
    await dialog.getByLabel("Description", { exact: true }).fill("Saturday at 10 am in the main hall.");
    const event = dialog.getByRole("group", { name: "Event (optional)" });
    await event.getByLabel("Starts at").fill("2099-12-01T10:00");
    await event.getByLabel("Ends at").fill("2099-12-01T13:30");
    await event.getByLabel("Place").fill("Hall 2, main campus");
    await dialog.getByLabel("Registration", { exact: true }).selectOption({ label: "Collect registrations here" });
    await expect(dialog.getByLabel("Google Form URL")).toHaveCount(0);
    const registrations = dialog.getByRole("group", { name: "Registrations" });
    await registrations.getByLabel("Places", { exact: true }).fill("40");
    await registrations.getByText("Extra questions (up to 5)").click();
    const question = registrations.getByRole("group", { name: "Question 1", exact: true });
    await question.getByLabel("Question 1", { exact: true }).fill("Your blood group, if you know it");
    await question.getByLabel("Answer to question 1").selectOption({ label: "One choice of several" });
    await question.getByLabel("Choices for question 1").fill("A\nB\nAB\nO");
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expectSaved(page, dialog, "Announcement created!");

    const camp = card(page, "Blood donation camp");
    await expect(camp.getByText("Live", { exact: true })).toBeVisible();
    await expect(camp).toContainText("Saturday at 10 am in the main hall.");
    await expect(camp).toContainText("1 December 2099 at 10:00 to 13:30");
    await expect(camp).toContainText("Hall 2, main campus");
    await expect(camp.getByRole("link", { name: /^Registrations \(0 registered, 0 waiting\)/ })).toBeVisible();
    const image = camp.locator("img");
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    const edit = await openEditDialog(page, "Blood donation camp");
    await expect(edit.getByLabel("Description", { exact: true })).toHaveValue("Saturday at 10 am in the main hall.");
    await expect(edit.getByRole("img", { name: "Current image" })).toBeVisible();
    await expect(edit.getByRole("group", { name: "Event (optional)" }).getByLabel("Starts at")).toHaveValue("2099-12-01T10:00");
    await expect(edit.getByLabel("Question 1", { exact: true })).toHaveValue("Your blood group, if you know it");
    await edit.getByLabel("Description", { exact: true }).fill("Saturday at 11 am in the main hall, after the lecture.");
    await edit.getByLabel("Remove the image (the card shows text only)").check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, edit, "Announcement saved!");
    await expect(camp).toContainText("Saturday at 11 am in the main hall, after the lecture.");
    await expect(camp.locator("img")).toHaveCount(0);

    await camp.getByRole("button", { name: "Delete Announcement" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to delete this announcement?" });
    await expect(confirm).toContainText(
      "This action is irreversible. Once deleted, the announcement cannot be recovered and will be permanently removed for all users. Please confirm if you wish to proceed.",
    );
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Announcement deleted successfully!", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("No announcement created yet.", { exact: true })).toBeVisible();
  });

  test.describe("its times", () => {
    // The server's refusal of an expiry already past is a 400, which Chromium logs.
    test.use({
      allowedConsoleErrors: [
        /^Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/admin\/announcements\.data\)$/,
      ],
    });

    test("an expiry already past is refused at Expires at; a draft, then scheduled, goes live and expires as the server's clock passes its times", async ({
      page,
      serverClock,
    }) => {
      const start = Date.now();
      await page.goto("/admin-announcement");
      const dialog = await openCreateDialog(page);
      await dialog.getByLabel("Title", { exact: true }).fill("Welcome week");
      await dialog.getByLabel("Description", { exact: true }).fill("Welcome week starts with a campus tour.");
      // Published now with an expiry already past: the form finds nothing wrong, the server does, at the field.
      const expiresAt = dialog.getByLabel("Expires at", { exact: true });
      await expiresAt.fill(wallTime(start - HOUR));
      await dialog.getByRole("button", { name: "Create Announcement" }).click();
      await expect(dialog.getByText("The expiry must be after the publish time", { exact: true })).toBeVisible();
      // The spec's toast, whatever the server's reason.
      await expect(page.getByText("Failed to create announcement", { exact: true })).toBeVisible();
      await expect(expiresAt).toHaveAttribute("aria-invalid", "true");
      await expect(expiresAt).toHaveAccessibleDescription(/The expiry must be after the publish time/);

      await expiresAt.fill("");
      await dialog.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.draft });
      await dialog.getByRole("button", { name: "Create Announcement" }).click();
      await expectSaved(page, dialog, "Announcement created!");
      const welcome = card(page, "Welcome week");
      await expect(welcome.getByText("Draft", { exact: true })).toBeVisible();
      await expect(filters(page).getByRole("link", { name: "Draft (1)" })).toBeVisible();
      await expect(filters(page).getByRole("link", { name: "Live (0)" })).toBeVisible();

      const goesLive = wallTime(start + HOUR);
      const expires = wallTime(start + 2 * HOUR);
      // The instants those wall times name, as the admin list writes them.
      const goesLiveText = siteTime(Date.parse(`${goesLive}:00+05:00`));
      const expiresText = siteTime(Date.parse(`${expires}:00+05:00`));
      const edit = await openEditDialog(page, "Welcome week");
      await expect(edit.getByLabel("Publish", { exact: true })).toHaveValue("draft");
      await expect(edit.getByLabel("Goes live at", { exact: true })).toHaveCount(0);
      await edit.getByLabel("Publish", { exact: true }).selectOption({ label: PUBLISH.scheduled });
      await edit.getByLabel("Goes live at", { exact: true }).fill(goesLive);
      await edit.getByLabel("Expires at", { exact: true }).fill(expires);
      await edit.getByRole("button", { name: "Save" }).click();
      await expectSaved(page, edit, "Announcement saved!");
      await expect(welcome.getByText("Scheduled", { exact: true })).toBeVisible();
      await expect(welcome.getByText(`Goes live ${goesLiveText} · Expires ${expiresText}`, { exact: true })).toBeVisible();
      await expect(filters(page).getByRole("link", { name: "Scheduled (1)" })).toBeVisible();

      await serverClock.advanceBy(61 * MINUTE);
      await page.reload();
      await expect(welcome.getByText(`Published ${goesLiveText} · Expires ${expiresText}`, { exact: true })).toBeVisible();
      await expect(filters(page).getByRole("link", { name: "Live (1)" })).toBeVisible();

      await serverClock.advanceBy(60 * MINUTE);
      await page.reload();
      await expect(welcome.getByText(`Published ${goesLiveText} · Expired ${expiresText}`, { exact: true })).toBeVisible();
      await filters(page).getByRole("link", { name: "Expired (1)" }).click();
      await expect(page).toHaveURL(/\?state=expired$/);
      await expect(filters(page).getByRole("link", { name: "Expired (1)" })).toHaveAttribute("aria-current", "page");
      await expect(cards(page)).toHaveCount(1);
      await filters(page).getByRole("link", { name: "Live (0)" }).click();
      await expect(page).toHaveURL(/\?state=live$/);
      await expect(page.getByText("No live announcements.", { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
    });
  });

  test("pinning the oldest of three live ones puts it first on /announcement; the Pinned filter shows only it", async ({ page, seed }) => {
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

    await page.goto("/admin-announcement");
    await expect(cards(page)).toHaveCount(3);
    const dialog = await openEditDialog(page, "Oldest notice");
    await expect(dialog.getByLabel("Pin it to the top of the announcements page")).not.toBeChecked();
    await dialog.getByLabel("Pin it to the top of the announcements page").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectSaved(page, dialog, "Announcement saved!");
    await expect(card(page, "Oldest notice").getByText("Pinned", { exact: true })).toBeVisible();
    await expect(card(page, "Oldest notice").getByText("Live", { exact: true })).toBeVisible();
    await filters(page).getByRole("link", { name: "Pinned (1)" }).click();
    await expect(page).toHaveURL(/\?state=pinned$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(card(page, "Oldest notice")).toBeVisible();

    // The pin is stored (the list above says so): the public page, asked after it, puts it first.
    await page.goto("/announcement");
    await expect(headings()).toHaveText(["Pinned: Oldest notice", "Newest notice", "Middle notice"]);
  });
});
