import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, type Seed, type SeedApplication, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { SEED_QUESTIONS as QUESTIONS } from "../shared/seed-questions";

/**
 * The committee's work on join requests at /admin: status and notes with their history, the selected requests'
 * status and delete, search and filters kept in the address, pages of 25 and the CSV export of what the filters show.
 */

/** An instant given as the society's wall clock: the e2e server keeps the default SITE_TIMEZONE, Asia/Karachi (UTC+5). */
const karachi = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const badge = (scope: Locator) => scope.getByTestId("status-badge");
const filters = (page: Page) => page.getByRole("search", { name: "Filter requests" });
const summary = (page: Page) => page.getByRole("main").getByRole("status");
const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Is the panel's address with exactly this query (the filters in use, in the form's order), for `toHaveURL`. */
const panel =
  (query: Record<string, string> = {}) =>
  (url: URL) =>
    url.pathname === "/admin" && url.searchParams.toString() === new URLSearchParams(query).toString();

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

const history = (dialog: Locator) => dialog.getByRole("region", { name: "History" });

/** Holds the posts to `pattern` until released, so what shows while one runs can be seen. */
async function holdPosts(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe("admin requests", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the details dialog sets the status: 'Saved', the badge follows in the dialog and on the card, History says who and when", async ({
    page,
    seed,
  }) => {
    await seedInOrder(seed, [{ fullname: "Omar Farooq" }, { fullname: "Zainab Ali", createdAt: karachi("2026-03-10", "09:05") }]);
    await page.goto("/admin");
    await expect(card(page, "Zainab Ali").getByText("10 March 2026 at 09:05", { exact: true })).toBeVisible();
    await expect(badge(card(page, "Zainab Ali"))).toHaveText("New");

    const dialog = await openDetails(page, "Zainab Ali");
    await expect(badge(dialog)).toHaveText("New");
    await expect(dialog.getByText("Submitted 10 March 2026 at 09:05", { exact: true })).toBeVisible();
    await expect(history(dialog).getByText("No status changes or notes yet.", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("new");

    await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(badge(dialog)).toHaveText("Contacted");
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("contacted");
    const entries = history(dialog).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Status set to Contacted");
    // "29 November 2026 at 09:08 · owner@example.org": when, in the society's time zone, and by whom.
    await expect(entries.first()).toContainText(new RegExp(`\\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2} · ${E2E_ADMIN.email}`));

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(badge(card(page, "Zainab Ali"))).toHaveText("Contacted");
    await expect(badge(card(page, "Omar Farooq"))).toHaveText("New");
    await page.reload();
    await expect(badge(card(page, "Zainab Ali"))).toHaveText("Contacted");
    await expect(history(await openDetails(page, "Zainab Ali")).getByRole("listitem")).toHaveText([/Status set to Contacted/]);
  });

  test("with the New filter on, a request set to Contacted stays open in its dialog; closed, it has left the list", async ({
    page,
    seed,
  }) => {
    await seedInOrder(seed, [{ fullname: "Omar Farooq" }, { fullname: "Zainab Ali" }]);
    await page.goto("/admin?status=new");
    const dialog = await openDetails(page, "Zainab Ali");
    await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(history(dialog).getByRole("listitem")).toHaveText([/Status set to Contacted/]);
    await expect(dialog).toBeVisible();
    await expect(badge(dialog)).toHaveText("Contacted");
    await expect(dialog.getByLabel("Status", { exact: true })).toHaveValue("contacted");

    // The dialog still works on it: a note is added to its history.
    await dialog.getByLabel("Internal note").fill("Will call again on Friday.");
    await dialog.getByRole("button", { name: "Add note" }).click();
    await expect(history(dialog).getByRole("listitem")).toHaveText([/Status set to Contacted/, /Will call again on Friday\./]);

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await cardNames(page, 1)).toEqual(["Omar Farooq"]);
  });

  test("an internal note: empty says 'Write a note' at the field; written, it joins History, oldest first", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    await seed.application({
      fullname: "Zainab Ali",
      answers: QUESTIONS.map((question, index) => ({ question, answer: index < 4 ? `Zainab answer ${index + 1}` : "Reading, Hiking" })),
    });
    await page.goto("/admin");
    const dialog = await openDetails(page, "Zainab Ali");
    const note = dialog.getByLabel("Internal note");
    await expect(note).toHaveAccessibleDescription("Only admins see notes.");
    await expect(history(dialog).getByText("No status changes or notes yet.", { exact: true })).toBeVisible();

    await dialog.getByRole("button", { name: "Add note" }).click();
    await expect(dialog.getByText("Write a note", { exact: true })).toBeVisible();
    await expect(note).toHaveAttribute("aria-invalid", "true");
    await expect(note).toHaveAccessibleDescription(/Write a note/);
    await expect(history(dialog).getByRole("listitem")).toHaveCount(0);
    await expectNoAxeViolations(page);

    await note.fill("Called her on Tuesday.\nShe will come to the next meeting.");
    await expect(dialog.getByText("Write a note", { exact: true })).toBeHidden();
    await dialog.getByRole("button", { name: "Add note" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    const entries = history(dialog).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Called her on Tuesday. She will come to the next meeting.");
    await expect(entries.first()).toContainText(E2E_ADMIN.email);
    await expect(note).toHaveValue("");

    await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Rejected" });
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(entries).toHaveText([/Called her on Tuesday\./, /Status set to Rejected/]);
    await expectNoAxeViolations(page);

    // Notes are kept: the dialog opened again reads them back.
    await page.keyboard.press("Escape");
    await page.reload();
    const again = await openDetails(page, "Zainab Ali");
    await expect(history(again).getByRole("listitem")).toHaveText([/Called her on Tuesday\./, /Status set to Rejected/]);
  });

  test("selected requests get a status at once: 'Updating status...', 'Status updated', the rest unchanged", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    await seedInOrder(seed, [{ fullname: "Bilal Ahmed" }, { fullname: "Hamza Ayub" }, { fullname: "Sara Malik" }]);
    await page.goto("/admin");
    await expect(page.getByLabel("New status for the selected requests")).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Select Bilal Ahmed" }).check();
    await page.getByRole("checkbox", { name: "Select Sara Malik" }).check();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await page.getByLabel("New status for the selected requests").selectOption({ label: "Accepted" });
    await expectNoAxeViolations(page);

    const release = await holdPosts(page, "**/admin/requests/status.data");
    await page.getByRole("button", { name: "Set status" }).click();
    await expect(page.getByText("Updating status...", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Set status" })).toBeDisabled();
    release();
    await expect(page.getByText("Status updated", { exact: true })).toBeVisible();
    await expect(badge(card(page, "Bilal Ahmed"))).toHaveText("Accepted");
    await expect(badge(card(page, "Sara Malik"))).toHaveText("Accepted");
    await expect(badge(card(page, "Hamza Ayub"))).toHaveText("New");
    // Done with them: the selection is let go.
    await expect(page.getByText("2 selected", { exact: true })).toBeHidden();
    await expect(page.getByRole("checkbox", { name: "Select Bilal Ahmed" })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Select Sara Malik" })).not.toBeChecked();

    await page.reload();
    await expect(badge(cards(page))).toHaveText(["Accepted", "New", "Accepted"]);
    await expect(history(await openDetails(page, "Sara Malik")).getByRole("listitem")).toHaveText([
      new RegExp(`${E2E_ADMIN.email}\\s*Status set to Accepted`),
    ]);
  });

  test("selected requests deleted at once: 'Are you absolutely sure you want to delete 2 users?', then 'Users deleted successfully'", async ({
    page,
    seed,
  }) => {
    await seedInOrder(seed, [{ fullname: "Bilal Ahmed" }, { fullname: "Hamza Ayub" }, { fullname: "Sara Malik" }]);
    await page.goto("/admin");
    const selectAll = page.getByRole("checkbox", { name: "Select all on this page" });
    await selectAll.check();
    await expect(page.getByText("3 selected", { exact: true })).toBeVisible();
    for (const name of ["Bilal Ahmed", "Hamza Ayub", "Sara Malik"])
      await expect(page.getByRole("checkbox", { name: `Select ${name}` })).toBeChecked();
    await page.getByRole("checkbox", { name: "Select Hamza Ayub" }).uncheck();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await expect(selectAll).not.toBeChecked();
    expect(await selectAll.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);

    await page.getByRole("button", { name: "Delete selected" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to delete 2 users?" });
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();

    const release = await holdPosts(page, "**/admin/requests/delete.data");
    await page.getByRole("button", { name: "Delete selected" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleting users...", { exact: true })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeDisabled();
    release();
    await expect(page.getByText("Users deleted successfully", { exact: true })).toBeVisible();
    await expect(page.getByRole("alertdialog")).toBeHidden();
    expect(await cardNames(page, 1)).toEqual(["Hamza Ayub"]);
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (1)");
    await expect(page.getByRole("checkbox", { name: "Select Hamza Ayub" })).not.toBeChecked();
    await page.reload();
    expect(await cardNames(page, 1)).toEqual(["Hamza Ayub"]);
  });

  test("search narrows the list as the admin types (?q= in the address); the address opened again keeps it; Clear shows all", async ({
    page,
    seed,
  }) => {
    await seedInOrder(seed, [
      { fullname: "Ayesha Khan", department: "Pharmacy" },
      { fullname: "Bilal Ahmed", phone: "03217654321" },
      { fullname: "Sana Khan", email: "sana.k@example.org" },
      { fullname: "Hamza Ayub", class: "Final Year" },
    ]);
    await page.goto("/admin");
    await expect(summary(page)).toHaveText("Showing 1–4 of 4 requests");
    const search = filters(page).getByLabel("Search");

    await search.pressSequentially("KHAN");
    await expect(page).toHaveURL(panel({ q: "KHAN" }));
    expect(await cardNames(page, 2)).toEqual(["Sana Khan", "Ayesha Khan"]);
    await expect(summary(page)).toHaveText("Showing 1–2 of 2 requests");
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (4)");

    // A bookmark of the filtered list opens it filtered.
    await page.goto(page.url());
    expect(await cardNames(page, 2)).toEqual(["Sana Khan", "Ayesha Khan"]);
    await expect(search).toHaveValue("KHAN");

    // Email, phone, class and department are searched too.
    for (const [text, name] of [
      ["sana.k@", "Sana Khan"],
      ["0321765", "Bilal Ahmed"],
      ["final year", "Hamza Ayub"],
      ["pharm", "Ayesha Khan"],
    ] as const) {
      await search.fill(text);
      await expect(page).toHaveURL(panel({ q: text }));
      expect(await cardNames(page, 1)).toEqual([name]);
    }

    await search.fill("nobody here");
    await expect(summary(page)).toHaveText("No request matches these filters.");
    await expect(cards(page)).toHaveCount(0);

    await filters(page).getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(panel());
    await cardNames(page, 4);
    await expect(search).toHaveValue("");
    await expect(filters(page).getByRole("link", { name: "Clear" })).toHaveCount(0);
  });

  test("the Status filter shows that status only (?status=); the heading still counts every request", async ({ page, seed }) => {
    await seedInOrder(seed, [
      { fullname: "Bilal Ahmed", status: "contacted" },
      { fullname: "Hamza Ayub" },
      { fullname: "Sara Malik", status: "contacted" },
      { fullname: "Omar Farooq", status: "rejected" },
    ]);
    await page.goto("/admin");
    const status = filters(page).getByLabel("Status", { exact: true });
    await expect(status.getByRole("option")).toHaveText(["All", "New", "Contacted", "Accepted", "Rejected"]);

    await status.selectOption({ label: "Contacted" });
    await expect(page).toHaveURL(panel({ status: "contacted" }));
    expect(await cardNames(page, 2)).toEqual(["Sara Malik", "Bilal Ahmed"]);
    await expect(badge(cards(page))).toHaveText(["Contacted", "Contacted"]);
    await expect(summary(page)).toHaveText("Showing 1–2 of 2 requests");
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (4)");

    await status.selectOption({ label: "Accepted" });
    await expect(page).toHaveURL(panel({ status: "accepted" }));
    await expect(summary(page)).toHaveText("No request matches these filters.");

    await page.goto("/admin?status=rejected");
    await expect(status).toHaveValue("rejected");
    expect(await cardNames(page, 1)).toEqual(["Omar Farooq"]);

    await status.selectOption({ label: "All" });
    await expect(page).toHaveURL(panel());
    await cardNames(page, 4);
  });

  test("submitted between: days are the society's (Asia/Karachi), both ends included", async ({ page, seed, expectNoAxeViolations }) => {
    await seed.application({ fullname: "Before Midnight", createdAt: karachi("2026-03-09", "23:59") });
    // 00:30 in Karachi is still 9 March in UTC.
    await seed.application({ fullname: "Early Bird", createdAt: karachi("2026-03-10", "00:30") });
    await seed.application({ fullname: "Late Owl", createdAt: karachi("2026-03-10", "23:59") });
    // Midnight in Karachi is still 10 March in UTC.
    await seed.application({ fullname: "Next Day", createdAt: karachi("2026-03-11", "00:00") });
    await seed.application({ fullname: "Much Later", createdAt: karachi("2026-03-20", "12:00") });
    await page.goto("/admin");

    await filters(page).getByLabel("Submitted from").fill("2026-03-10");
    await expect(page).toHaveURL(panel({ from: "2026-03-10" }));
    expect(await cardNames(page, 4)).toEqual(["Much Later", "Next Day", "Late Owl", "Early Bird"]);
    await filters(page).getByLabel("Submitted to").fill("2026-03-10");
    await expect(page).toHaveURL(panel({ from: "2026-03-10", to: "2026-03-10" }));
    expect(await cardNames(page, 2)).toEqual(["Late Owl", "Early Bird"]);
    await expect(card(page, "Early Bird").getByText("10 March 2026 at 00:30", { exact: true })).toBeVisible();
    await expect(card(page, "Late Owl").getByText("10 March 2026 at 23:59", { exact: true })).toBeVisible();
    await expect(summary(page)).toHaveText("Showing 1–2 of 2 requests");

    await filters(page).getByLabel("Search").fill("owl");
    await expect(page).toHaveURL(panel({ q: "owl", from: "2026-03-10", to: "2026-03-10" }));
    expect(await cardNames(page, 1)).toEqual(["Late Owl"]);
    await page.getByRole("checkbox", { name: "Select Late Owl" }).check();
    await expectNoAxeViolations(page);
    await filters(page).getByLabel("Search").fill("");
    await expect(page).toHaveURL(panel({ from: "2026-03-10", to: "2026-03-10" }));

    await filters(page).getByLabel("Submitted to").fill("2026-03-11");
    await expect(page).toHaveURL(panel({ from: "2026-03-10", to: "2026-03-11" }));
    expect(await cardNames(page, 3)).toEqual(["Next Day", "Late Owl", "Early Bird"]);

    await page.goto("/admin?to=2026-03-09");
    await expect(filters(page).getByLabel("Submitted to")).toHaveValue("2026-03-09");
    expect(await cardNames(page, 1)).toEqual(["Before Midnight"]);
  });

  test("pages of 25, newest first: page 2 of 30 holds 5; Next and Previous keep the filter", async ({ page, seed }) => {
    const applicants = Array.from({ length: 30 }, (_, i) => `Applicant ${String(i + 1).padStart(2, "0")}`);
    await seedInOrder(seed, [
      ...applicants.map((fullname) => ({ fullname })),
      // Newer, and of another status: not in the filtered pages.
      { fullname: "Rejected One", status: "rejected" },
      { fullname: "Rejected Two", status: "rejected" },
    ]);
    await page.goto("/admin?status=new");
    const pager = page.getByRole("navigation", { name: "Request pages" });
    await expect(heading(page)).toHaveText("Admin Panel - All Requests (32)");
    expect(await cardNames(page, 25)).toEqual(applicants.slice(5).reverse());
    await expect(summary(page)).toHaveText("Showing 1–25 of 30 requests");
    await expect(pager.getByText("Page 1 of 2", { exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Previous" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(panel({ status: "new", page: "2" }));
    expect(await cardNames(page, 5)).toEqual(applicants.slice(0, 5).reverse());
    await expect(summary(page)).toHaveText("Showing 26–30 of 30 requests");
    await expect(pager.getByText("Page 2 of 2", { exact: true })).toBeVisible();
    await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);

    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(panel({ status: "new" }));
    expect(await cardNames(page, 25)).toEqual(applicants.slice(5).reverse());
    await expect(pager.getByText("Page 1 of 2", { exact: true })).toBeVisible();

    // Changing the filter starts again at its first page.
    await page.goto("/admin?status=new&page=2");
    await filters(page).getByLabel("Status", { exact: true }).selectOption({ label: "Rejected" });
    await expect(page).toHaveURL(panel({ status: "rejected" }));
    expect(await cardNames(page, 2)).toEqual(["Rejected Two", "Rejected One"]);
    await expect(pager).toHaveCount(0);
  });

  test.describe("another admin deleted the request meanwhile", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404 \(Not Found\)/] });

    test("its open dialog says so when the status is saved (Reload to see the latest), and the panel stays", async ({
      page,
      seed,
      database,
    }) => {
      const [id] = await seedInOrder(seed, [{ fullname: "Hina Gone" }, { fullname: "Sana Stays" }]);
      await page.goto("/admin");
      const dialog = await openDetails(page, "Hina Gone");
      await expect(history(dialog).getByText("No status changes or notes yet.")).toBeVisible();
      await database.db.deleteFrom("applications").where("id", "=", id!).execute();

      await dialog.getByLabel("Status", { exact: true }).selectOption("Accepted");
      await dialog.getByRole("button", { name: "Save status" }).click();
      await expect(dialog.getByText("No such join request: it was deleted. Reload to see the latest.").first()).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(card(page, "Hina Gone")).toHaveCount(0);
      await expect(card(page, "Sana Stays")).toBeVisible();
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Apply filters the list and the address keeps the filter; Clear shows all", async ({ page, seed }) => {
      await seedInOrder(seed, [
        { fullname: "Bilal Ahmed", status: "contacted", createdAt: karachi("2026-03-10", "12:00") },
        { fullname: "Sara Malik", createdAt: karachi("2026-03-12", "12:00") },
        { fullname: "Omar Farooq", status: "contacted", createdAt: karachi("2026-03-12", "13:00") },
      ]);
      await page.goto("/admin");
      await filters(page).getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
      await filters(page).getByLabel("Submitted from").fill("2026-03-11");
      await filters(page).getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("status") === "contacted" && url.searchParams.get("from") === "2026-03-11",
      );
      expect(await cardNames(page, 1)).toEqual(["Omar Farooq"]);
      await expect(summary(page)).toHaveText("Showing 1–1 of 1 request");
      await expect(filters(page).getByRole("link", { name: "Export CSV" })).toHaveAttribute(
        "href",
        "/admin/requests.csv?status=contacted&from=2026-03-11",
      );

      await filters(page).getByRole("link", { name: "Clear" }).click();
      await expect(page).toHaveURL(panel());
      await cardNames(page, 3);
    });
  });

  test("Export CSV downloads what the filters show: BOM, CRLF, quoted commas and line breaks, Urdu, formulas made text", async ({
    page,
    seed,
    site,
  }) => {
    await seed.application({
      fullname: "عائشہ خان",
      email: "ayesha.urdu@example.org",
      phone: "03001112223",
      class: "3rd Year",
      department: "Computer Science, Evening",
      bloodGroup: "O+",
      sargodhaAddress: "Hostel 2, Room 14",
      permanentAddress: "House 7\nStreet 3, Lahore",
      answers: ["ہم سب کے لیے علم", "To serve, and to learn", 'She said "read"', "Daily", "Reading, Calligraphy", "بانگ درا"].map(
        (answer, index) => ({ question: QUESTIONS[index]!, answer }),
      ),
      status: "contacted",
      possibleDuplicate: true,
      createdAt: karachi("2026-03-10", "09:05"),
    });
    await seed.application({
      fullname: "Formula Test",
      email: "formula@example.org",
      department: '=HYPERLINK("http://x")',
      bloodGroup: null,
      permanentAddress: "",
      answers: ["@everyone", "-1", "+92", "Plain", "", ""].map((answer, index) => ({ question: QUESTIONS[index]!, answer })),
      status: "contacted",
      createdAt: karachi("2026-03-11", "00:15"),
    });
    await seed.application({ fullname: "Left Out", createdAt: karachi("2026-03-12", "10:00") });

    await page.goto("/admin");
    await filters(page).getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
    await expect(page).toHaveURL(panel({ status: "contacted" }));
    const exportLink = filters(page).getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/admin/requests.csv?status=contacted");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^join-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    // Records end with CRLF; the line break inside the quoted address stays as it was typed.
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain('"House 7\nStreet 3, Lahore"');
    expect(text.replace("House 7\nStreet 3", "")).not.toMatch(/[^\r]\n/);

    const rows = parse(text) as string[][];
    expect(rows).toEqual([
      [
        "Submitted",
        "Status",
        "Name",
        "Email",
        "Phone",
        "Class",
        "Department",
        "Blood Group",
        site.localAddressLabel ?? "Local Address",
        "Permanent Address",
        ...site.joinQuestions,
        "Possible duplicate",
      ],
      [
        "2026-03-11 00:15",
        "Contacted",
        "Formula Test",
        "formula@example.org",
        "03001234567",
        "2nd Year",
        `'=HYPERLINK("http://x")`,
        "",
        "12 College Road",
        "",
        "'@everyone",
        "'-1",
        "'+92",
        "Plain",
        "",
        "",
        "No",
      ],
      [
        "2026-03-10 09:05",
        "Contacted",
        "عائشہ خان",
        "ayesha.urdu@example.org",
        "03001112223",
        "3rd Year",
        "Computer Science, Evening",
        "O+",
        "Hostel 2, Room 14",
        "House 7\nStreet 3, Lahore",
        "ہم سب کے لیے علم",
        "To serve, and to learn",
        'She said "read"',
        "Daily",
        "Reading, Calligraphy",
        "بانگ درا",
        "Yes",
      ],
    ]);
  });
});
