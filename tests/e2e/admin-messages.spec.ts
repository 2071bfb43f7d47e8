import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, type Seed, type SeedContactMessage, test } from "./fixtures";

/**
 * The committee's inbox at /admin/messages: the unread count in the admin top bar, opening a message marks it read,
 * Reply in the admin's own mail program, search kept in the address, deleting one or several, and the CSV export.
 */

/** An instant given as the society's wall clock: the e2e server keeps the default SITE_TIMEZONE, Asia/Karachi (UTC+5). */
const karachi = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);

const messages = (page: Page) => page.getByRole("main").getByRole("article");
const message = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const summary = (page: Page) => page.getByRole("main").getByRole("status");
const search = (page: Page) => page.getByRole("search", { name: "Search messages" });
/** The top bar's Messages link, named with the unread count ("Messages, 2 unread") or plain "Messages". */
const messagesLink = (page: Page) => page.getByRole("link", { name: /^Messages(, \d+ unread)?$/ });

/** Is the inbox's address with exactly this query, for `toHaveURL`. */
const inbox =
  (query: Record<string, string> = {}) =>
  (url: URL) =>
    url.pathname === "/admin/messages" && url.searchParams.toString() === new URLSearchParams(query).toString();

/** The senders shown, top to bottom (once the expected number is shown). */
async function senders(page: Page, count: number): Promise<string[]> {
  await expect(messages(page)).toHaveCount(count);
  return messages(page).getByRole("heading", { level: 2 }).allTextContents();
}

/** Seeds the messages in order, each a minute after the one before (so the last is the newest). */
async function seedInOrder(seed: Seed, list: SeedContactMessage[], start = karachi("2026-03-01", "10:00")): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, input] of list.entries()) {
    ids.push(await seed.contactMessage({ createdAt: new Date(start.getTime() + index * 60_000), ...input }));
  }
  return ids;
}

test.describe("admin messages", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the top bar counts the unread messages; opening one marks it read and the count drops", async ({
    page,
    seed,
    database,
    expectNoAxeViolations,
  }) => {
    const long = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a long question about the blood camp.`).join("\n");
    const [, hiraId] = await seedInOrder(seed, [
      { name: "Old Reader", readAt: karachi("2026-03-02", "09:00") },
      { name: "Hira Saleem", email: "hira@example.org", message: long, createdAt: karachi("2026-03-10", "09:05") },
      { name: "Bilal Ahmed" },
    ]);
    await page.goto("/admin");
    await expect(messagesLink(page)).toHaveAccessibleName("Messages, 2 unread");
    await expect(messagesLink(page)).toContainText("2 unread");
    await messagesLink(page).click();

    await expect(page).toHaveURL(inbox());
    await expect(heading(page)).toHaveText("Messages (3)");
    await expect(summary(page)).toHaveText("Showing 1–3 of 3 messages");
    expect(await senders(page, 3)).toEqual(["Hira Saleem", "Bilal Ahmed", "Old Reader"]);
    const hira = message(page, "Hira Saleem");
    await expect(hira.getByText("10 March 2026 at 09:05", { exact: true })).toBeVisible();
    await expect(hira.getByText("hira@example.org", { exact: true })).toBeVisible();
    await expect(hira.getByTestId("unread-marker")).toHaveText("Unread");
    await expect(message(page, "Bilal Ahmed").getByTestId("unread-marker")).toBeVisible();
    await expect(message(page, "Old Reader").getByTestId("unread-marker")).toHaveCount(0);

    // A few lines until opened; opened, the whole text, and it is read from now on.
    const text = hira.getByText(/^Line 1 of a long question/);
    const closedHeight = (await text.boundingBox())!.height;
    await hira.getByRole("button", { name: "Open" }).click();
    await expect(hira.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
    await expect(hira.getByTestId("unread-marker")).toHaveCount(0);
    await expect(messagesLink(page)).toHaveAccessibleName("Messages, 1 unread");
    expect((await text.boundingBox())!.height).toBeGreaterThan(closedHeight * 2);
    await expectNoAxeViolations(page);
    const stored = await database.db.selectFrom("contact_messages").select("read_at").where("id", "=", hiraId!).executeTakeFirstOrThrow();
    expect(stored.read_at).not.toBeNull();

    // Closing and opening it again changes nothing more.
    await hira.getByRole("button", { name: "Close" }).click();
    await hira.getByRole("button", { name: "Open" }).click();
    await page.reload();
    await expect(messagesLink(page)).toHaveAccessibleName("Messages, 1 unread");
    await expect(message(page, "Hira Saleem").getByTestId("unread-marker")).toHaveCount(0);
    await expect(message(page, "Bilal Ahmed").getByTestId("unread-marker")).toBeVisible();

    await message(page, "Bilal Ahmed").getByRole("button", { name: "Open" }).click();
    await expect(messagesLink(page)).toHaveAccessibleName("Messages");
    await expect(messagesLink(page)).not.toContainText("unread");

    // The other admin pages' top bars show it too.
    for (const path of ["/admin-announcement", "/admin/content"]) {
      await page.goto(path);
      await expect(messagesLink(page), path).toHaveAccessibleName("Messages");
    }
  });

  test("Reply opens the admin's mail program addressed to the sender, the subject filled in", async ({ page, seed, site }) => {
    await seed.contactMessage({ name: "Hira Saleem", email: "hira.saleem@example.org" });
    await page.goto("/admin/messages");
    await expect(message(page, "Hira Saleem").getByRole("link", { name: "Reply" })).toHaveAttribute(
      "href",
      `mailto:hira.saleem@example.org?subject=${encodeURIComponent(`Re: your message to ${site.shortName}`)}`,
    );
  });

  test("search narrows the list as the admin types (?q= in the address); the address opened again keeps it; Clear shows all", async ({
    page,
    seed,
  }) => {
    await seedInOrder(seed, [
      { name: "Hira Saleem", message: "When is the next study circle?" },
      { name: "Bilal Ahmed", email: "bilal.a@example.org" },
      { name: "Sana Khan", message: "Can I volunteer at the Blood Camp?" },
    ]);
    await page.goto("/admin/messages");
    const box = search(page).getByLabel("Search");

    await box.pressSequentially("BLOOD");
    await expect(page).toHaveURL(inbox({ q: "BLOOD" }));
    expect(await senders(page, 1)).toEqual(["Sana Khan"]);
    await expect(summary(page)).toHaveText("Showing 1–1 of 1 message");
    await expect(heading(page)).toHaveText("Messages (3)");
    await expect(search(page).getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/messages.csv?q=BLOOD");

    await page.goto(page.url());
    expect(await senders(page, 1)).toEqual(["Sana Khan"]);
    await expect(box).toHaveValue("BLOOD");

    await box.fill("bilal.a@");
    await expect(page).toHaveURL(inbox({ q: "bilal.a@" }));
    expect(await senders(page, 1)).toEqual(["Bilal Ahmed"]);
    await box.fill("nobody here");
    await expect(summary(page)).toHaveText("No message matches this search.");
    await expect(messages(page)).toHaveCount(0);

    await search(page).getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(inbox());
    expect(await senders(page, 3)).toEqual(["Sana Khan", "Bilal Ahmed", "Hira Saleem"]);
    await expect(box).toHaveValue("");
  });

  test("delete several behind a confirmation, then one; the last gone says 'No messages yet.'", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    await seedInOrder(seed, [{ name: "Hira Saleem" }, { name: "Bilal Ahmed" }, { name: "Sana Khan" }]);
    await page.goto("/admin/messages");
    await expect(messagesLink(page)).toHaveAccessibleName("Messages, 3 unread");
    await page.getByRole("checkbox", { name: "Select Sana Khan" }).check();
    await page.getByRole("checkbox", { name: "Select Hira Saleem" }).check();
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Delete selected" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete 2 messages?" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);

    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await senders(page, 3);

    await page.getByRole("button", { name: "Delete selected" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Messages deleted", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    expect(await senders(page, 1)).toEqual(["Bilal Ahmed"]);
    await expect(heading(page)).toHaveText("Messages (1)");
    await expect(messagesLink(page)).toHaveAccessibleName("Messages, 1 unread");
    await expect(page.getByRole("checkbox", { name: "Select Bilal Ahmed" })).not.toBeChecked();

    await message(page, "Bilal Ahmed").getByRole("button", { name: "Delete" }).click();
    const one = page.getByRole("alertdialog", { name: "Delete the message from Bilal Ahmed?" });
    await one.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Message deleted", { exact: true })).toBeVisible();
    await expect(heading(page)).toHaveText("Messages (0)");
    await expect(page.getByText("No messages yet.", { exact: true })).toBeVisible();
    await expect(messagesLink(page)).toHaveAccessibleName("Messages");
    await page.reload();
    await expect(page.getByText("No messages yet.", { exact: true })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Apply searches and the address keeps it; each message shows whole", async ({ page, seed }) => {
      const long = Array.from({ length: 8 }, (_, i) => `Line ${i + 1} about the camp.`).join("\n");
      await seedInOrder(seed, [{ name: "Hira Saleem", message: long }, { name: "Bilal Ahmed" }]);
      await page.goto("/admin/messages");
      await search(page).getByLabel("Search").fill("camp");
      await search(page).getByRole("button", { name: "Apply" }).click();
      await expect(page).toHaveURL((url) => url.pathname === "/admin/messages" && url.searchParams.get("q") === "camp");
      expect(await senders(page, 1)).toEqual(["Hira Saleem"]);
      await expect(message(page, "Hira Saleem").getByText("Line 8 about the camp.")).toBeVisible();
      await expect(message(page, "Hira Saleem").getByRole("button", { name: "Open" })).toHaveCount(0);
      await expect(search(page).getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/messages.csv?q=camp");
    });
  });

  test("Export CSV downloads what the search shows: BOM, CRLF, Urdu, line breaks kept, formulas made text", async ({ page, seed }) => {
    await seed.contactMessage({
      name: "عائشہ خان",
      email: "ayesha.urdu@example.org",
      message: "سلام، about the camp:\nis it open to all?",
      createdAt: karachi("2026-03-10", "09:05"),
      readAt: karachi("2026-03-10", "10:00"),
    });
    await seed.contactMessage({
      name: "Formula Test",
      email: "formula@example.org",
      message: '=HYPERLINK("http://x","camp")',
      createdAt: karachi("2026-03-11", "00:15"),
    });
    await seed.contactMessage({ name: "Left Out", message: "A study circle question", createdAt: karachi("2026-03-12", "10:00") });

    await page.goto("/admin/messages");
    await search(page).getByLabel("Search").fill("camp");
    await expect(page).toHaveURL(inbox({ q: "camp" }));
    await senders(page, 2);
    const exportLink = search(page).getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/admin/messages.csv?q=camp");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace("camp:\nis", "")).not.toMatch(/[^\r]\n/);
    expect(parse(text)).toEqual([
      ["Received", "Name", "Email", "Message", "Read"],
      ["2026-03-11 00:15", "Formula Test", "formula@example.org", `'=HYPERLINK("http://x","camp")`, "No"],
      ["2026-03-10 09:05", "عائشہ خان", "ayesha.urdu@example.org", "سلام، about the camp:\nis it open to all?", "Yes"],
    ]);
  });
});
