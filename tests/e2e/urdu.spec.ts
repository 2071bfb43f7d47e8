import type { Page } from "@playwright/test";
import { en } from "#core/i18n/en.ts";
import { ur } from "#core/i18n/ur.ts";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";

/**
 * The public site in Urdu (/ur/…): right to left, in Nastaliq, in the catalogue's words and the committee's Urdu texts
 * where written, each page naming its other language. Which text shows where is site-content.test.ts's and
 * public-reads' tests'; axe checks these pages in accessibility.spec.ts.
 */

/** Whether the page has the Urdu typeface loaded (it is fetched only for Urdu text on an Urdu page). */
const nastaliqLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.includes("Noto Nastaliq Urdu") && face.status === "loaded");
  });

test(`the Urdu home page reads right to left in Nastaliq, its menu in Urdu, and switches to English ${BOTH_WIDTHS}`, async ({ page }) => {
  await page.goto("/ur");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("lang", "ur");
  await expect(html).toHaveAttribute("dir", "rtl");
  expect(await nastaliqLoaded(page)).toBe(true);
  const font = await page.getByRole("heading", { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily);
  expect(font).toContain("Noto Nastaliq Urdu");

  // Mirrored: the logo starts the bar on the right.
  const bar = page.getByRole("banner");
  const logo = await bar.getByRole("link").first().boundingBox();
  expect(logo!.x + logo!.width / 2).toBeGreaterThan(page.viewportSize()!.width / 2);

  const menu = isPhone(page) ? page.locator("#site-menu") : bar;
  if (isPhone(page)) {
    await bar.getByRole("button", { name: ur.nav!.openMenu }).click();
    await expect(bar.getByRole("button", { name: ur.nav!.closeMenu })).toHaveAttribute("aria-expanded", "true");
  }
  await expect(menu.getByRole("link", { name: ur.nav!.announcement, exact: true })).toHaveAttribute("href", "/ur/announcement");
  if (isPhone(page)) await bar.getByRole("button", { name: ur.nav!.closeMenu }).click();

  // The page names its other language, and the switch leads there.
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/$/);
  await expect(page.locator('link[rel="alternate"][hreflang="ur"]')).toHaveAttribute("href", /\/ur$/);
  await bar.getByRole("link", { name: "یہ صفحہ English میں پڑھیں" }).click();
  await expect(html).toHaveAttribute("lang", "en");
  await expect(html).toHaveAttribute("dir", "ltr");
  await expect(bar.getByRole("link", { name: "Read this page in اردو" })).toHaveAttribute("href", "/ur");
});

test("an English page never declares the Urdu typeface, so never fetches it", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => request.url().includes("nastaliq") && fontRequests.push(request.url()));
  await page.goto("/");
  expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.includes("Nastaliq")))).toBe(false);
  await page.goto("/announcement");
  expect(fontRequests).toEqual([]);
});

test(`the Urdu announcements page: its words in Urdu, the committee's Urdu title where written, English where not ${BOTH_WIDTHS}`, async ({
  page,
  seed,
  database,
}) => {
  const inUrdu = await seed.announcement({
    title: "Blood donation camp",
    description: "Saturday at 10 am in the main hall.",
    withImage: false,
  });
  await database.db.updateTable("announcements").set({ titleUr: "خون کے عطیے کا کیمپ" }).where("id", "=", inUrdu.id).execute();
  await seed.announcement({ title: "Debate club", description: "Every Thursday in room 4.", withImage: false });
  await page.goto("/ur/announcement");
  await expect(page.getByRole("heading", { name: ur.announcements!.title, level: 1 })).toBeVisible();
  await expect(page.getByText(ur.announcements!.intro!)).toBeVisible();
  await expect(page.getByRole("heading", { name: "خون کے عطیے کا کیمپ" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Debate club" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: `${ur.announcements!.shareOnWhatsApp}: خون کے عطیے کا کیمپ ${ur.nav!.opensInNewTab}` }),
  ).toBeVisible();
  // An announcement's page in Urdu, from its card.
  await page.getByRole("link", { name: "خون کے عطیے کا کیمپ" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ur/announcement/${inUrdu.id}$`));
  await expect(page.getByRole("heading", { name: "خون کے عطیے کا کیمپ", level: 1 })).toBeVisible();
  expect(await page.title()).toContain("خون کے عطیے کا کیمپ");
  // Still English at /announcement.
  await page.goto("/announcement");
  await expect(page.getByRole("heading", { name: en.announcements.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Blood donation camp" })).toBeVisible();
});
