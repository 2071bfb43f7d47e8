import type { Page } from "@playwright/test";
import { BOTH_WIDTHS, expect, test, type Seed } from "./fixtures";
import { chooseTopBarEntry } from "./menus";

const cards = (page: Page) => page.getByRole("main").getByRole("article");

/** Three announcements a minute apart; the newest is the last one seeded. */
async function seedThree(seed: Seed) {
  const minute = 60_000;
  const start = Date.now() - 10 * minute;
  const lines = await seed.announcement({
    description: "Blood donation camp\nSaturday at 10 am\nMain hall, ground floor",
    googleFormUrl: "https://forms.gle/blood-camp",
    createdAt: new Date(start),
  });
  const markup = await seed.announcement({
    description: "Welcome week: this is <b>not bold</b> and stays plain text.",
    googleFormUrl: "https://forms.gle/welcome-week",
    createdAt: new Date(start + minute),
  });
  const newest = await seed.announcement({
    description: "Study circle registrations are open for the new term.",
    googleFormUrl: "https://forms.gle/study-circle",
    createdAt: new Date(start + 2 * minute),
  });
  return { lines, markup, newest, newestFirst: [newest, markup, lines] };
}

/* Each test is a visit: one page load, then everything a visitor sees and does there, step by step. */
test.describe("announcements", { tag: BOTH_WIDTHS }, () => {
  test("with none: 'No announcement available.', 'Go Back' leads to /; from the menu a loading bar shows while the data is on the way; Back returns to the previous page", async ({
    page,
  }) => {
    await test.step("with none, it says 'No announcement available.' and 'Go Back' leads to /", async () => {
      await page.goto("/announcement");
      await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
      await expect(page.getByText("No announcement available.", { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(0);
      await page.getByRole("link", { name: "Go Back", exact: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Empowering minds, changing lives");
    });

    await test.step("while its data is on the way a loading bar runs and screen readers hear 'Loading'; it goes when the page shows", async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/announcement\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await chooseTopBarEntry(page, "Announcement");
      const loading = page.getByRole("status").filter({ hasText: "Loading" });
      await expect(loading).toHaveCount(1);
      release();
      await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
      await expect(loading).toHaveCount(0);
      await page.unroute(/\/announcement\.data/);
    });

    await test.step("Back returns to the previous page", async () => {
      await page.goto("/explore-smc");
      await chooseTopBarEntry(page, "Announcement");
      await expect(page).toHaveURL(/\/announcement$/);
      await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
      await expect(page.getByText("No announcement available.", { exact: true })).toBeVisible();
      const back = page.getByRole("button", { name: "Back", exact: true });
      await expect(back).toBeVisible();

      await back.click();
      await expect(page).toHaveURL(/\/explore-smc$/);
      await expect(page.getByRole("heading", { name: "Explore SMC", level: 1 })).toBeVisible();
    });
  });

  test("with three: cards titled 'Announcement', newest first, line breaks kept, images sized and loaded, 'Register via Google Form' in a new tab, 1 column on a phone and 3 on a desktop", async ({
    page,
    seed,
  }) => {
    const { lines, newestFirst } = await seedThree(seed);
    await page.goto("/announcement");

    await test.step("the cards are titled 'Announcement', newest first", async () => {
      await expect(page.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
      await expect(page.getByText("No announcement available.")).toHaveCount(0);
      await expect(cards(page)).toHaveCount(3);
      for (const [index, announcement] of newestFirst.entries()) {
        const card = cards(page).nth(index);
        await expect(card.getByRole("heading", { name: "Announcement", exact: true })).toBeVisible();
        await expect(card).toContainText(announcement.description.split("\n")[0]!);
      }
    });

    await test.step("the grid has 1 column on a phone and 3 on a wide desktop", async () => {
      const boxes = await cards(page).evaluateAll((articles) => articles.map((a) => a.getBoundingClientRect().toJSON() as DOMRect));
      const columns = new Set(boxes.map((box) => Math.round(box.x))).size;
      const width = page.viewportSize()!.width;
      expect(columns).toBe(width >= 1280 ? 3 : width >= 768 ? 2 : 1);
      if (columns === 3) expect(new Set(boxes.map((box) => Math.round(box.y))).size, "side by side on one row").toBe(1);
    });

    await test.step("a multi-line description keeps its line breaks", async () => {
      const description = cards(page).nth(2).getByText("Blood donation camp");
      await expect(description).toBeVisible();
      expect(await description.innerText()).toBe(lines.description);
    });

    await test.step("'Register via Google Form' opens the stored form link in a new tab", async () => {
      for (const [index, announcement] of newestFirst.entries()) {
        const register = cards(page)
          .nth(index)
          .getByRole("link", { name: /^Register via Google Form/ });
        await expect(register).toHaveAttribute("href", announcement.googleFormUrl!);
        await expect(register).toHaveAttribute("target", "_blank");
      }
    });

    await test.step("each image has its size set and loads", async () => {
      for (let index = 0; index < 3; index++) {
        const image = cards(page).nth(index).locator("img");
        await expect(image).toHaveCount(1);
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
      }
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/Failed to load resource|ERR_FAILED|Failed to fetch/] });
    test("when the announcements cannot be fetched, the toast 'Failed to fetch announcemetns' shows and the page goes back", async ({
      page,
    }) => {
      await page.goto("/");
      await page.route(/\/announcement\.data/, (route) => route.abort("failed"));
      await chooseTopBarEntry(page, "Announcement");
      await expect(page.getByText("Failed to fetch announcemetns", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator("#hero")).toBeVisible();
    });
  });
});
