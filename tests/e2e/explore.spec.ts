import type { Page } from "@playwright/test";
import { BOTH_WIDTHS, expect, test } from "./fixtures";

const photos = (page: Page) => page.getByRole("main").getByRole("img");

/** How many photos share the first row: the number of columns. */
async function columns(page: Page): Promise<number> {
  const tops = await photos(page).evaluateAll((images) => images.map((img) => Math.round(img.getBoundingClientRect().top)));
  return tops.filter((top) => top === tops[0]).length;
}

// The number of photos is the content's (content/site.ts); that the demo content has the spec's 44 is checked in
// server/content/demo-content.test.ts.
test.describe("Explore SMC", { tag: BOTH_WIDTHS }, () => {
  test("the section 'Explore SMC' shows every photo of the content", async ({ page, site }) => {
    await page.goto("/explore-smc");
    await expect(page.getByRole("heading", { name: "Explore SMC", level: 1 })).toBeVisible();
    await expect(photos(page)).toHaveCount(site.explorePhotos.length);
  });

  test("the grid has 1 column on a phone and 4 on a desktop", async ({ page, site }) => {
    await page.goto("/explore-smc");
    await expect(photos(page)).toHaveCount(site.explorePhotos.length);
    const width = page.viewportSize()!.width;
    expect(await columns(page)).toBe(width >= 1024 ? 4 : width >= 768 ? 3 : 1);
  });

  test("the grid has 3 columns at 800 px", async ({ browser, baseURL, watch, site }, testInfo) => {
    // This test opens its own 800 px window, so the phone project would only repeat it.
    test.skip(testInfo.project.name !== "desktop", "a third width, checked once");
    const context = await browser.newContext({ viewport: { width: 800, height: 900 }, baseURL });
    watch(context);
    const page = await context.newPage();
    await page.goto("/explore-smc");
    await expect(photos(page)).toHaveCount(site.explorePhotos.length);
    expect(await columns(page)).toBe(3);
    await context.close();
  });

  test("photos below the fold load lazily", async ({ page, site }) => {
    await page.goto("/explore-smc");
    await expect(photos(page)).toHaveCount(site.explorePhotos.length);
    const belowTheFold = await photos(page).evaluateAll((images) =>
      images
        .map((img) => ({ img, top: Math.round(img.getBoundingClientRect().top) }))
        .filter(({ top }) => top >= window.innerHeight)
        .map(({ img, top }) => ({
          photo: `${img.getAttribute("alt")} (top at ${top} px, window ${window.innerHeight} px high)`,
          loading: img.getAttribute("loading"),
        })),
    );
    // The photos are the starting content's, imported on the server's first start: they must fill more than one
    // screen for this check to mean anything, so content that fits on one fails here rather than skipping.
    expect(belowTheFold.length, "content/site.ts needs more Explore SMC photos than fit on the first screen").toBeGreaterThan(0);
    expect(
      belowTheFold.filter((photo) => photo.loading !== "lazy").map((photo) => photo.photo),
      "below the fold but not lazy",
    ).toEqual([]);
  });
});
