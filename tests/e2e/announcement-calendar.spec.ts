import fs from "node:fs";
import { expect, test } from "./fixtures";

/**
 * An announcement about an event: the admin gives its times and place, visitors read when and where on its card and
 * take it into their calendar with "Add to calendar" (an .ics file).
 */

/** The e2e server keeps the default SITE_TIMEZONE (Asia/Karachi, UTC+5, no daylight saving). */
const lines = (file: string) => file.replace(/\r\n[ \t]/g, "").split("\r\n");

test.describe("an announced event", () => {
  test("typed by the admin, shown on the card with when and where, and downloaded as a calendar file", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin-announcement");
    await page.getByRole("button", { name: "Create Announcement" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Announcement" });
    await dialog.getByLabel("Title", { exact: true }).fill("Blood donation camp");
    await dialog.getByLabel("Description", { exact: true }).fill("Donate blood, save lives. Bring your student card.");
    const event = dialog.getByRole("group", { name: "Event (optional)" });
    await event.getByLabel("Ends at").fill("2099-12-01T13:30");
    await event.getByLabel("Ends at").blur();
    await expect(event.getByText("Choose when the event starts first", { exact: true })).toBeVisible();
    await event.getByLabel("Starts at").fill("2099-12-01T10:00");
    await event.getByLabel("Place").fill("Hall 2, main campus");
    await dialog.getByRole("button", { name: "Create Announcement" }).click();
    await expect(page.getByText("Announcement created!", { exact: true })).toBeVisible();

    await page.goto("/announcement");
    const card = page.getByRole("main").getByRole("article", { name: "Blood donation camp" });
    await expect(card).toContainText("When: 1 December 2099 at 10:00 to 13:30");
    await expect(card).toContainText("Where: Hall 2, main campus");

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "Add to calendar: Blood donation camp", exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("event.ics");
    const calendar = lines(fs.readFileSync((await file.path())!, "utf8"));
    expect(calendar).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        "BEGIN:VEVENT",
        "SUMMARY:Blood donation camp",
        "DTSTART:20991201T050000Z",
        "DTEND:20991201T083000Z",
        "LOCATION:Hall 2\\, main campus",
      ]),
    );
  });

  test("an announcement without an event offers no calendar file", async ({ page, seed }) => {
    await seed.announcement({ description: "General body meeting notes are up.", title: "Notes" });
    await page.goto("/announcement");
    const card = page.getByRole("main").getByRole("article", { name: "Notes" });
    await expect(card).toBeVisible();
    await expect(card.getByRole("link", { name: /Add to calendar/ })).toHaveCount(0);
    await expect(card).not.toContainText("When:");
  });
});
