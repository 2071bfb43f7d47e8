import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, type Seed, type SeedApplication, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { holdIntent } from "./chunks";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * The committee's work on join requests at /admin, as an admin does it: the list with its filters in the address, pages
 * of 25 and the export of what the filters show; a request's dialog with its status, notes and history; the selected
 * requests' status and delete. The rules behind them (search columns, the society's days, CSV quoting, history and
 * audit) are server/services/applications.test.ts's.
 */

/** An instant given as the society's wall clock: the e2e server keeps the default SITE_TIMEZONE, Asia/Karachi (UTC+5). */
const karachi = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const badge = (scope: Locator) => scope.getByTestId("status-badge");
const filters = (page: Page) => page.getByRole("search", { name: "Filter requests" });
const summary = (page: Page) => page.getByRole("main").getByRole("status");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const history = (dialog: Locator) => dialog.getByRole("region", { name: "History" });

/** The names of the cards shown, top to bottom (once the expected number is shown). */
async function cardNames(page: Page, count: number): Promise<(string | null)[]> {
  await expect(cards(page)).toHaveCount(count);
  return cards(page).evaluateAll((articles) => articles.map((article) => article.getAttribute("aria-label")));
}

/** Seeds the requests in order, each a minute after the one before (so the last is the newest). */
async function seedInOrder(seed: Seed, requests: SeedApplication[], start = karachi("2026-03-01", "10:00")): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, request] of requests.entries()) {
    ids.push(await seed.application({ createdAt: new Date(start.getTime() + index * 60_000), ...request }));
  }
  return ids;
}

async function openDetails(page: Page, name: string) {
  await card(page, name).getByRole("button", { name: "View Full Details" }).click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("admin requests", () => {
  test.beforeEach(async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await keepToasts(page);
  });

  test("the list: search, status and days in the address, pages of 25 that keep the filter, and the export of what it shows", async ({
    page,
    seed,
  }) => {
    const applicants = Array.from({ length: 26 }, (_, i) => `Applicant ${String(i + 1).padStart(2, "0")}`);
    await seedInOrder(seed, [
      ...applicants.map((fullname) => ({ fullname })),
      { fullname: "Ayesha Khan", department: "Pharmacy", status: "contacted", createdAt: karachi("2026-03-10", "00:30") },
      { fullname: "Sana Khan", email: "sana.k@example.org", status: "contacted", createdAt: karachi("2026-03-11", "00:00") },
      { fullname: "Bilal Ahmed", phone: "03217654321", status: "rejected", createdAt: karachi("2026-03-09", "23:59") },
    ]);
    await page.goto("/admin");
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (29)");
    await expect(summary(page)).toHaveText("Showing 1–25 of 29 requests");
    const pager = page.getByRole("navigation", { name: "Request pages" });
    await expect(pager.getByText("Page 1 of 2", { exact: true })).toBeVisible();
    await expect(card(page, "Sana Khan").getByText("11 March 2026 at 00:00", { exact: true })).toBeVisible();

    // Search as the admin types; the address keeps it, and a bookmark of it opens it filtered.
    const search = filters(page).getByLabel("Search");
    await search.pressSequentially("KHAN");
    await expect(page).toHaveURL("/admin?q=KHAN");
    expect(await cardNames(page, 2)).toEqual(["Sana Khan", "Ayesha Khan"]);
    await expect(summary(page)).toHaveText("Showing 1–2 of 2 requests");
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (29)");
    await page.goto(page.url());
    await expect(search).toHaveValue("KHAN");
    expect(await cardNames(page, 2)).toEqual(["Sana Khan", "Ayesha Khan"]);
    await search.fill("0321765");
    expect(await cardNames(page, 1)).toEqual(["Bilal Ahmed"]);
    await search.fill("nobody here");
    await expect(summary(page)).toHaveText("No request matches these filters.");
    await filters(page).getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL("/admin");
    await expect(search).toHaveValue("");
    await expect(filters(page).getByRole("link", { name: "Clear" })).toHaveCount(0);

    // Status, then the society's days (both ends included); the heading still counts every request.
    const status = filters(page).getByLabel("Status", { exact: true });
    await expect(status.getByRole("option")).toHaveText(["All", "New", "Contacted", "Accepted", "Rejected"]);
    await status.selectOption({ label: "Contacted" });
    await expect(page).toHaveURL("/admin?status=contacted");
    expect(await cardNames(page, 2)).toEqual(["Sana Khan", "Ayesha Khan"]);
    await expect(badge(cards(page))).toHaveText(["Contacted", "Contacted"]);
    await filters(page).getByLabel("Submitted from").fill("2026-03-10");
    await filters(page).getByLabel("Submitted to").fill("2026-03-10");
    await expect(page).toHaveURL("/admin?status=contacted&from=2026-03-10&to=2026-03-10");
    expect(await cardNames(page, 1)).toEqual(["Ayesha Khan"]);
    await expect(card(page, "Ayesha Khan").getByText("10 March 2026 at 00:30", { exact: true })).toBeVisible();

    const exportLink = filters(page).getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/admin/requests.csv?status=contacted&from=2026-03-10&to=2026-03-10");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^join-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(fs.readFileSync(await download.path()), { bom: true }) as string[][];
    expect(rows.map((row) => row[2])).toEqual(["Name", "Ayesha Khan"]);

    // Pages of 25, newest first; Next and Previous keep the filter, and a new filter starts at its first page.
    await page.goto("/admin?status=new");
    await expect(status).toHaveValue("new");
    expect(await cardNames(page, 25)).toEqual(applicants.slice(1).reverse());
    await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/admin?status=new&page=2");
    expect(await cardNames(page, 1)).toEqual(["Applicant 01"]);
    await expect(summary(page)).toHaveText("Showing 26–26 of 26 requests");
    await expect(pager.getByText("Page 2 of 2", { exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL("/admin?status=new");
    await page.goto("/admin?status=new&page=2");
    await status.selectOption({ label: "Rejected" });
    await expect(page).toHaveURL("/admin?status=rejected");
    expect(await cardNames(page, 1)).toEqual(["Bilal Ahmed"]);
    await expect(pager).toHaveCount(0);
  });

  test.describe(() => {
    // The request another admin deleted answers 404, which the browser logs.
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404 \(Not Found\)/] });

    test("a request's dialog: its answers, a note (refused empty at its field), its status; History says who and when; under the New filter it leaves the list once closed", async ({
      page,
      seed,
      database,
    }) => {
      const [, goneId] = await seedInOrder(seed, [
        { fullname: "Omar Farooq" },
        { fullname: "Hina Gone" },
        {
          fullname: "Zainab Ali",
          createdAt: karachi("2026-03-10", "09:05"),
          answers: ["Why", "What", "Who", "When", "Reading, Hiking", "Bang-e-Dra"].map((answer, i) => ({ question: `Q${i + 1}`, answer })),
        },
      ]);
      await page.goto("/admin?status=new");
      const dialog = await openDetails(page, "Zainab Ali");
      await expect(badge(dialog)).toHaveText("New");
      await expect(dialog.getByText("Submitted 10 March 2026 at 09:05", { exact: true })).toBeVisible();
      await expect(dialog.getByTestId("answer-chip")).toHaveText(["Reading", "Hiking", "Bang-e-Dra"]);
      await expect(history(dialog).getByText("No status changes or notes yet.", { exact: true })).toBeVisible();

      await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("new");
      await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
      await dialog.getByRole("button", { name: "Save status" }).click();
      const entries = history(dialog).getByRole("listitem");
      await expect(entries).toHaveText([/Status set to Contacted/]);
      // "29 November 2026 at 09:08 · owner@example.org": when, in the society's time zone, and by whom.
      await expect(entries.first()).toContainText(new RegExp(`\\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2} · ${E2E_ADMIN.email}`));
      await expect(badge(dialog)).toHaveText("Contacted");
      await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("contacted");

      // Off the filtered list's page now, it still takes a note.
      const note = dialog.getByLabel("Internal note");
      await expect(note).toHaveAccessibleDescription("Only admins see notes.");
      await dialog.getByRole("button", { name: "Add note" }).click();
      await expect(note).toHaveAttribute("aria-invalid", "true");
      await expect(note).toHaveAccessibleDescription(/Write a note/);
      await note.fill("Called her on Tuesday.\nShe will come to the next meeting.");
      await expect(dialog.getByText("Write a note", { exact: true })).toBeHidden();
      await dialog.getByRole("button", { name: "Add note" }).click();
      await expect(entries).toHaveText([/Status set to Contacted/, /Called her on Tuesday\.\s+She will come to the next meeting\./]);
      await expect(note).toHaveValue("");
      await expectToastShown(page, "Saved");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      expect(await cardNames(page, 2)).toEqual(["Hina Gone", "Omar Farooq"]);

      // Another admin deletes a request while its dialog is open: saving says so, and the panel stays.
      const gone = await openDetails(page, "Hina Gone");
      await expect(history(gone).getByText("No status changes or notes yet.")).toBeVisible();
      await database.db.deleteFrom("applications").where("id", "=", goneId!).execute();
      await gone.getByLabel("Status", { exact: true }).selectOption("Accepted");
      await gone.getByRole("button", { name: "Save status" }).click();
      await expect(gone.getByText("No such join request: it was deleted. Reload to see the latest.").first()).toBeVisible();
      await page.keyboard.press("Escape");

      await page.goto("/admin");
      expect(await cardNames(page, 2)).toEqual(["Zainab Ali", "Omar Farooq"]);
      await expect(badge(card(page, "Zainab Ali"))).toHaveText("Contacted");
      await expect(history(await openDetails(page, "Zainab Ali")).getByRole("listitem")).toHaveText([
        /Status set to Contacted/,
        /Called her/,
      ]);
    });
  });

  test("selected requests: a status for all at once, then deleted at once behind a confirmation", async ({ page, seed }) => {
    await seedInOrder(seed, [{ fullname: "Bilal Ahmed" }, { fullname: "Hamza Ayub" }, { fullname: "Sara Malik" }]);
    await page.goto("/admin");
    await expect(page.getByLabel("New status for the selected requests")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Select Bilal Ahmed" }).check();
    await page.getByRole("checkbox", { name: "Select Sara Malik" }).check();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await page.getByLabel("New status for the selected requests").selectOption({ label: "Accepted" });
    const statusAnswer = await holdIntent(page, "/admin", "set-status");
    await page.getByRole("button", { name: "Set status" }).click();
    await expect(page.getByText("Updating status...", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Set status" })).toBeDisabled();
    statusAnswer.release();
    await expect(badge(cards(page))).toHaveText(["Accepted", "New", "Accepted"]);
    await expectToastShown(page, "Status updated");
    // Done with them: the selection is let go.
    await expect(page.getByText("2 selected", { exact: true })).toBeHidden();
    await expect(page.getByRole("checkbox", { name: "Select Bilal Ahmed" })).not.toBeChecked();
    await expect(history(await openDetails(page, "Sara Malik")).getByRole("listitem")).toHaveText([
      new RegExp(`${E2E_ADMIN.email}\\s*Status set to Accepted`),
    ]);
    await page.keyboard.press("Escape");

    const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
    await selectAll.check();
    await expect(page.getByText("3 selected", { exact: true })).toBeVisible();
    await page.getByRole("checkbox", { name: "Select Hamza Ayub" }).uncheck();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await expect(selectAll).not.toBeChecked();
    expect(await selectAll.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
    await page.getByRole("button", { name: "Delete selected" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to delete 2 users?" });
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();

    const deleteAnswer = await holdIntent(page, "/admin", "delete-selected");
    await page.getByRole("button", { name: "Delete selected" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleting users...", { exact: true })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeDisabled();
    deleteAnswer.release();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    expect(await cardNames(page, 1)).toEqual(["Hamza Ayub"]);
    await expectToastShown(page, "Users deleted successfully");
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (1)");
    await expect(page.getByRole("checkbox", { name: "Select Hamza Ayub" })).not.toBeChecked();
  });
});
