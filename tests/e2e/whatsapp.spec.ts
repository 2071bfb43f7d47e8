import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Share on WhatsApp: a link to wa.me with the message written for a group. What the message holds is
 * core/whatsapp.test.ts's; here, that each place that offers it writes it from what the page shows, and the admin's
 * preview and Copy for WhatsApp.
 */
const EVENT = { startsAt: new Date("2099-12-01T05:00:00Z"), endsAt: new Date("2099-12-01T08:30:00Z"), location: "Hall 2, main campus" };

/** The text a Share on WhatsApp link would write. */
async function sharedText(link: Locator): Promise<string> {
  const url = new URL((await link.getAttribute("href"))!);
  expect(url.origin + url.pathname).toBe("https://wa.me/");
  expect(await link.getAttribute("target")).toBe("_blank");
  return url.searchParams.get("text")!;
}

test("an announcement's card and page, and an event's gallery page, share on WhatsApp with their title, time, place, first line and link", async ({
  page,
  seed,
  baseURL,
  database,
}) => {
  const camp = await seed.announcement({
    title: "Blood donation camp 🩸",
    description: "Donate blood, save lives.\nBring your student card.",
    event: EVENT,
    withImage: false,
  });
  const expected = [
    "*Blood donation camp 🩸*",
    "📅 1 December 2099 at 10:00 to 13:30 · 📍 Hall 2, main campus",
    "Donate blood, save lives.",
    "",
    `${baseURL}/announcement/${camp.id}`,
  ].join("\n");
  await page.goto("/announcement");
  const share = page.getByRole("link", { name: "Share on WhatsApp: Blood donation camp 🩸 (opens in a new tab)" });
  expect(await sharedText(share)).toBe(expected);
  await page.goto(`/announcement/${camp.id}`);
  expect(await sharedText(share)).toBe(expected);

  // An event with photos, as the demo content has them.
  const { name, slug } = await database.db
    .selectFrom("galleries")
    .select(["name", "slug"])
    .where("kind", "=", "event")
    .where((eb) => eb.exists(eb.selectFrom("galleryPhotos").select("id").whereRef("galleryPhotos.galleryId", "=", "galleries.id")))
    .orderBy("position")
    .executeTakeFirstOrThrow();
  await page.goto(`/events-and-activities/${slug}`);
  const text = await sharedText(page.getByRole("link", { name: `Share on WhatsApp: ${name} (opens in a new tab)` }));
  expect(text.startsWith(`*${name}*\n`)).toBe(true);
  expect(text.endsWith(`\n\n${baseURL}/events-and-activities/${slug}`)).toBe(true);
});

test("the admin's announcement form previews the WhatsApp message as it is typed, and copies it", async ({
  page,
  context,
  seed,
  baseURL,
  signInAsAdmin,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInAsAdmin();
  const camp = await seed.announcement({ title: "Blood donation camp", description: "Donate blood.", event: EVENT, withImage: false });
  await page.goto("/admin-announcement");
  await page.getByRole("button", { name: "Edit Blood donation camp" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit announcement" });
  await dialog.getByLabel("Description", { exact: true }).fill("Save a life this Monday.\nBring your card.");
  const preview = dialog.getByTestId("whatsapp-message");
  await expect(preview).toHaveText(
    `*Blood donation camp*\n📅 1 December 2099 at 10:00 to 13:30 · 📍 Hall 2, main campus\nSave a life this Monday.\n\n${baseURL}/announcement/${camp.id}`,
  );
  await dialog.getByRole("button", { name: "Copy for WhatsApp" }).click();
  await expect(page.getByText("Copied: paste it into a WhatsApp group")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await preview.textContent());
});

test("an open blood request shares an appeal for the society's groups, without the patient's note or contact", async ({
  page,
  seed,
  baseURL,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  const id = await seed.bloodRequest({ patientGroup: "O+", units: 2, note: "Patient in surgery ward.", contact: "+923001234567" });
  await page.goto(`/admin/blood/${id}`);
  const text = await sharedText(page.getByRole("link", { name: /^Share on WhatsApp: O\+ blood needed: 2 units/ }));
  expect(text).toMatch(/^\*O\+ blood needed: 2 units\*\n📅 needed by .+ · 📍 .+\nCan you donate\? Reply to this message\./);
  expect(text.endsWith(`\n\n${baseURL}/blood-donors`)).toBe(true);
  expect(text).not.toContain("surgery");
  expect(text).not.toContain("3001234567");
});
