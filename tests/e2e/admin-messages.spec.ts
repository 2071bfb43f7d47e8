import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, test } from "./fixtures";
import { expectToastShown, keepToasts } from "./toasts-shown";
import { adminNav } from "./menus";

/**
 * The committee's inbox at /admin/messages, as an admin reads it: the unread count in the top bar, opening a message
 * marks it read, Reply in the admin's own mail program, search kept in the address with its export, and deleting
 * several, then one. The rules behind them are server/services/contact-messages.test.ts's.
 */

/** An instant given as the society's wall clock: the e2e server keeps the default SITE_TIMEZONE, Asia/Karachi (UTC+5). */
const karachi = (day: string, time: string) => new Date(`${day}T${time}:00+05:00`);

const messages = (page: Page) => page.getByRole("main").getByRole("article");
const message = (page: Page, name: string) => page.getByRole("article", { name, exact: true });
const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const summary = (page: Page) => page.getByRole("main").getByRole("status");
const search = (page: Page) => page.getByRole("search", { name: "Search messages" });
/** The admin navigation's Messages link, named with the unread count ("Messages, 2 unread") or plain "Messages". */
const messagesLink = (page: Page) => adminNav(page).getByRole("link", { name: /^Messages(, \d+ unread)?$/ });

/** The senders shown, top to bottom (once the expected number is shown). */
async function senders(page: Page, count: number): Promise<string[]> {
  await expect(messages(page)).toHaveCount(count);
  return messages(page).getByRole("heading", { level: 2 }).allTextContents();
}

test("the inbox: the top bar's unread count, opening marks read, Reply, search with its export, deleting several and then one", async ({
  page,
  seed,
  site,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await keepToasts(page);
  const long = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of a long question about the study circle.`).join("\n");
  await seed.contactMessage({ name: "Old Reader", createdAt: karachi("2026-03-01", "09:00"), readAt: karachi("2026-03-02", "09:00") });
  await seed.contactMessage({
    name: "Sana Khan",
    message: "Can I volunteer at the Blood Camp?",
    createdAt: karachi("2026-03-05", "10:00"),
  });
  await seed.contactMessage({
    name: "Hira Saleem",
    email: "hira.saleem@example.org",
    message: long,
    createdAt: karachi("2026-03-10", "09:05"),
  });
  await page.goto("/admin");
  await expect(messagesLink(page)).toHaveAccessibleName("Messages, 2 unread");
  await expect(messagesLink(page)).toContainText("2 unread");
  await messagesLink(page).click();

  await expect(page).toHaveURL("/admin/messages");
  await expect(heading(page)).toHaveText("Messages (3)");
  await expect(summary(page)).toHaveText("Showing 1–3 of 3 messages");
  expect(await senders(page, 3)).toEqual(["Hira Saleem", "Sana Khan", "Old Reader"]);
  const hira = message(page, "Hira Saleem");
  await expect(hira.getByText("10 March 2026 at 09:05", { exact: true })).toBeVisible();
  await expect(hira.getByText("hira.saleem@example.org", { exact: true })).toBeVisible();
  await expect(hira.getByTestId("unread-marker")).toHaveText("Unread");
  await expect(message(page, "Old Reader").getByTestId("unread-marker")).toHaveCount(0);
  await expect(hira.getByRole("link", { name: "Reply" })).toHaveAttribute(
    "href",
    `mailto:hira.saleem@example.org?subject=${encodeURIComponent(`Re: your message to ${site.shortName}`)}`,
  );

  // A few lines until opened; opened, the whole text, and it is read from now on (the count drops).
  const text = hira.getByText(/^Line 1 of a long question/);
  const closedHeight = (await text.boundingBox())!.height;
  await hira.getByRole("button", { name: "Open" }).click();
  await expect(hira.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
  await expect(hira.getByTestId("unread-marker")).toHaveCount(0);
  await expect(messagesLink(page)).toHaveAccessibleName("Messages, 1 unread");
  expect((await text.boundingBox())!.height).toBeGreaterThan(closedHeight * 2);
  await hira.getByRole("button", { name: "Close" }).click();
  await page.reload();
  await expect(messagesLink(page)).toHaveAccessibleName("Messages, 1 unread");
  await expect(message(page, "Hira Saleem").getByTestId("unread-marker")).toHaveCount(0);

  // Search as the admin types: the address keeps it, a bookmark opens it, Export CSV downloads what it shows.
  const box = search(page).getByLabel("Search");
  await box.pressSequentially("BLOOD");
  await expect(page).toHaveURL("/admin/messages?q=BLOOD");
  expect(await senders(page, 1)).toEqual(["Sana Khan"]);
  await expect(summary(page)).toHaveText("Showing 1–1 of 1 message");
  await expect(heading(page)).toHaveText("Messages (3)");
  await page.goto(page.url());
  await expect(box).toHaveValue("BLOOD");
  const exportLink = search(page).getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", "/admin/messages.csv?q=BLOOD");
  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d{2}-\d{2}\.csv$/);
  expect((parse(fs.readFileSync(await download.path()), { bom: true }) as string[][]).map((row) => row[1])).toEqual(["Name", "Sana Khan"]);
  await box.fill("nobody here");
  await expect(summary(page)).toHaveText("No message matches this search.");
  await search(page).getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL("/admin/messages");
  await expect(box).toHaveValue("");

  // Several deleted behind a confirmation (Cancel changes nothing), then the last one on its own.
  await page.getByRole("checkbox", { name: "Select Sana Khan" }).check();
  await page.getByRole("checkbox", { name: "Select Hira Saleem" }).check();
  await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete selected" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete 2 messages?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await senders(page, 3);
  await page.getByRole("button", { name: "Delete selected" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  expect(await senders(page, 1)).toEqual(["Old Reader"]);
  await expectToastShown(page, "Messages deleted");
  await expect(heading(page)).toHaveText("Messages (1)");
  await expect(messagesLink(page)).toHaveAccessibleName("Messages");
  await expect(messagesLink(page)).not.toContainText("unread");
  await expect(page.getByRole("checkbox", { name: "Select Old Reader" })).not.toBeChecked();

  await message(page, "Old Reader").getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete the message from Old Reader?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No messages yet.", { exact: true })).toBeVisible();
  await expect(heading(page)).toHaveText("Messages (0)");
  await expectToastShown(page, "Message deleted");
});
