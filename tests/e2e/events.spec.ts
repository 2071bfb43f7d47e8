import type { Locator, Page } from "@playwright/test";
import { site } from "#content/site.ts";
import type { SiteContent } from "#core/schemas/site-content.ts";
import { BOTH_WIDTHS, expect, test } from "./fixtures";

const SUBTITLE = "Explore our vibrant journey through academic, cultural and community-building events.";

/*
 * The groups of each tab and their photos are the content's (content/site.ts), as the server reads it; that the demo
 * content has the spec's groups and counts is checked in server/content/demo-content.test.ts.
 */
const groupsOf = (groups: SiteContent["eventGroups"]): Array<[string, number]> => groups.map((g) => [g.name, g.photos.length]);
/** The group whose slider the slider tests use: the first with more photos than a desktop shows at once. */
const SLIDER_GROUP = site.eventGroups.find((g) => g.photos.length > 3);
const SLIDER = SLIDER_GROUP?.name ?? "";

const activePanel = (page: Page) => page.getByRole("tabpanel");

/** A group: the section holding its heading (and its slider). */
const group = (page: Page, name: string) =>
  activePanel(page)
    .locator("section")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

/** The photos of a group that are wholly inside the window, left to right. */
async function photosInView(photos: Locator): Promise<Array<{ x: number; right: number }>> {
  return photos.evaluateAll((images) =>
    images
      .map((img) => img.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.left >= -1 && box.right <= window.innerWidth + 1)
      .map((box) => ({ x: box.left, right: box.right }))
      .sort((a, b) => a.x - b.x),
  );
}

/**
 * The groups of the open tab as a visitor meets them, in order: scrolled to one after another, each with its heading
 * and the alt texts of its photos. A slider brings in its later slides once it nears the screen (one slider at a
 * time, as the main thread is idle), so each group is given its own wait for them.
 */
async function expectGroups(page: Page, groups: Array<[string, number]>) {
  await expect(activePanel(page).locator("section").locator("h2, h3")).toHaveText(groups.map(([name]) => name));
  for (const [name, count] of groups) {
    const photos = group(page, name).locator("img");
    await photos.first().scrollIntoViewIfNeeded();
    await expect(photos).toHaveCount(count);
    const alts = await photos.evaluateAll((images) => images.map((img) => img.getAttribute("alt")));
    expect(alts, name).toEqual(Array.from({ length: count }, (_, index) => `${name} ${index + 1}`));
  }
}

test.describe("events and activities", { tag: BOTH_WIDTHS }, () => {
  test.beforeEach(({}, testInfo) => {
    // The groups are the starting content's, which the worker's server imports on its first start. The slider tests
    // need one with more photos than a desktop shows at once: content without one fails here rather than skipping.
    if (/slider|fetches only/.test(testInfo.title)) {
      expect(SLIDER_GROUP, "content/site.ts needs an event group with more than 3 photos").toBeDefined();
    }
  });

  test("the Events tab: the title, subtitle and underlined tab; a slider's photos per width, 10 px apart, and its dots; every group in order with its photos", async ({
    page,
  }) => {
    await page.goto("/events-and-activities");

    await test.step("the page is titled 'Events & Activities' with its subtitle, Events selected and underlined", async () => {
      await expect(page.getByRole("heading", { name: "Events & Activities", level: 1 })).toBeVisible();
      await expect(page.getByText(SUBTITLE, { exact: true })).toBeVisible();

      const events = page.getByRole("tab", { name: "Events", exact: true });
      const activities = page.getByRole("tab", { name: "Activities", exact: true });
      await expect(events).toHaveAttribute("aria-selected", "true");
      await expect(activities).toHaveAttribute("aria-selected", "false");

      const underline = (tab: Locator) =>
        tab.evaluate((element) => {
          const style = getComputedStyle(element);
          const alpha = style.borderBottomColor.match(/rgba?\(([^)]+)\)/)?.[1]?.split(",")[3];
          return (
            parseFloat(style.borderBottomWidth) > 0 && style.borderBottomStyle !== "none" && (alpha === undefined || parseFloat(alpha) > 0)
          );
        });
      expect(await underline(events), "the active tab is underlined").toBe(true);
      expect(await underline(activities), "the other tab is not").toBe(false);
    });

    await test.step("a slider shows 1 photo on a phone and 3 on a desktop, 10 px apart", async () => {
      const width = page.viewportSize()!.width;
      const expected = width < 768 ? 1 : width < 1024 ? 2 : 3;
      const photos = group(page, SLIDER).getByRole("img");
      await expect(photos.first()).toBeVisible();
      // Started: its dots are drawn, and every slide is laid out (before, a phone lays out only the first).
      await expect(group(page, SLIDER).getByRole("button", { name: "Go to slide 2" })).toBeVisible();
      const inView = await photosInView(photos);
      expect(inView).toHaveLength(expected);

      // The next photo starts 10 px after the previous one ends (measured even where only one fits).
      const boxes = await photos.evaluateAll((images) => images.slice(0, 2).map((img) => img.getBoundingClientRect().toJSON() as DOMRect));
      expect(Math.round(boxes[1]!.left - boxes[0]!.right)).toBe(10);
    });

    await test.step("clicking a pagination dot moves the slider to that position", async () => {
      const slider = group(page, SLIDER);
      // The dot named after a position; not the photo's button (each photo is one too, opening it in the lightbox).
      const dotFor = (position: number) =>
        slider.getByRole("button", { name: new RegExp(`\\b${position}\\b`) }).filter({ hasNot: page.getByRole("img") });
      const dot = dotFor(3);
      await expect(dot).toBeVisible();
      await expect(dot).not.toHaveAttribute("aria-current", /.+/);
      const firstPhoto = slider.getByRole("img").first();
      const before = (await firstPhoto.boundingBox())!.x;

      await dot.click();

      await expect(dot).toHaveAttribute("aria-current", /^(true|step|page|location)$/);
      await expect(dotFor(1)).not.toHaveAttribute("aria-current", /.+/);
      // Two slides further on: the first photo has moved left by two slide widths.
      const slideWidth = (await firstPhoto.boundingBox())!.width + 10;
      await expect
        .poll(async () => Math.round(before - (await firstPhoto.boundingBox())!.x))
        .toBeGreaterThanOrEqual(Math.floor(2 * slideWidth) - 2);
    });

    await test.step("the Events tab lists every group in order, each with its photos named by group and position", async () => {
      await expectGroups(page, groupsOf(site.eventGroups));
      // A photo listed twice in the first group (Med Doc's last one in the demo) is the same image both times, and only then.
      const first = site.eventGroups[0]!;
      const samePairs = (list: unknown[]) => list.flatMap((a, i) => list.map((b, j) => i < j && a === b && `${i}=${j}`).filter(Boolean));
      const sources = group(page, first.name)
        .getByRole("img")
        .evaluateAll((images) => images.map((img) => img.getAttribute("src")));
      expect(samePairs(await sources)).toEqual(samePairs(first.photos));
    });
  });

  test("switching tabs: the groups in view fade in, as they do when scrolled to, on Activities and back on Events; Activities shows its groups", async ({
    page,
  }) => {
    await page.goto("/events-and-activities");
    const tab = (name: string) => page.getByRole("tab", { name, exact: true });
    // Both tabs' groups came with the page: a switch asks the server for nothing (on a slow phone it would wait for it).
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });

    await test.step("after a tab switch the groups in view fade in; back on Events, again", async () => {
      // Every reveal that starts is recorded (the transitionrun event), so a fade that is over by the time of a check counts.
      await page.evaluate(() => {
        const runs: string[] = [];
        (window as unknown as { revealRuns: string[] }).revealRuns = runs;
        document.addEventListener("transitionrun", (event) => {
          const target = event.target as Element;
          if (event.propertyName === "opacity" && target.matches("[data-reveal]")) runs.push(target.getAttribute("aria-labelledby") ?? "");
        });
      });
      const runs = () => page.evaluate(() => (window as unknown as { revealRuns: string[] }).revealRuns);
      const firstSection = (name: string) => page.getByRole("tabpanel", { name }).locator("[data-reveal]").first();

      await tab("Activities").click();
      await expect.poll(runs).toContain("group-activities-0");
      await expect.poll(() => firstSection("Activities").evaluate((section) => getComputedStyle(section).opacity)).toBe("1");

      await tab("Events").click();
      await expect.poll(runs).toContain("group-events-0");
      await expect.poll(() => firstSection("Events").evaluate((section) => getComputedStyle(section).opacity)).toBe("1");
    });

    await test.step("switching to Activities shows its groups", async () => {
      await tab("Activities").click();
      await expect(tab("Activities")).toHaveAttribute("aria-selected", "true");
      await expect(tab("Events")).toHaveAttribute("aria-selected", "false");
      await expectGroups(page, groupsOf(site.activityGroups));
      expect(dataRequests).toEqual([]);
    });
  });

  test.describe("before the scripts arrive", () => {
    // Scripts refused, as a slow phone's are still on their way: the browser says so for each.
    test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED \(.*\/assets\/.*\.js\)/] });

    test("a phone fetches only the photo a slider shows, a desktop the three it shows", async ({
      browser,
      baseURL,
      watch,
      database,
    }, testInfo) => {
      // This test opens its own 375 px and 1280 px windows, so the phone project would only repeat it.
      test.skip(testInfo.project.name !== "desktop", "both widths in one test");
      // Each photo's variants are stored under its image's id: /uploads/content/<id>-<width>.<format>.
      const photos = (
        await database.db
          .selectFrom("galleryPhotos")
          .innerJoin("galleries", "galleries.id", "galleryPhotos.galleryId")
          .select("galleryPhotos.imageId")
          .where("galleries.kind", "=", "event")
          .where("galleries.name", "=", SLIDER)
          .orderBy("galleryPhotos.position")
          .execute()
      ).map((row) => row.imageId);
      for (const [width, shown] of [
        [375, photos.slice(0, 1)],
        [1280, photos.slice(0, 3)],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: 800 }, baseURL });
        watch(context);
        const page = await context.newPage();
        // The server's page is all there is, and no slider has started.
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        const fetched = new Set<string>();
        page.on("request", (request) => {
          const photo = photos.find((id) => request.url().includes(`/uploads/content/${id}-`));
          if (photo) fetched.add(photo);
        });
        await page.goto("/events-and-activities", { waitUntil: "networkidle" });
        expect([...fetched].sort(), `${width} px`).toEqual([...new Set(shown)].sort());
        await context.close();
      }
    });
  });

  test("at 800 px a slider shows 2 photos", async ({ browser, baseURL, watch }, testInfo) => {
    // This test opens its own 800 px window, so the phone project would only repeat it.
    test.skip(testInfo.project.name !== "desktop", "a third width, checked once");
    const context = await browser.newContext({ viewport: { width: 800, height: 900 }, baseURL });
    watch(context);
    const page = await context.newPage();
    await page.goto("/events-and-activities");
    const photos = group(page, SLIDER).getByRole("img");
    await expect(photos.first()).toBeVisible();
    expect(await photosInView(photos)).toHaveLength(2);
    await context.close();
  });
});

// Keyboard use does not depend on the width: checked at 1280 px only.
test("the tabs from the keyboard: Tab reaches the chosen one, the arrow keys, Home and End choose the one they move to, and Tab then goes to its panel", async ({
  page,
}) => {
  await page.goto("/events-and-activities");
  const tab = (name: string) => page.getByRole("tab", { name, exact: true });
  await expect(page.getByRole("tablist", { name: "Events and activities" })).toBeVisible();
  await tab("Events").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Activities")).toBeFocused();
  await expect(tab("Activities")).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveURL(/\?tab=activities$/);
  await expect(tab("Events")).toHaveAttribute("tabindex", "-1");
  // From the last tab, the next is the first again.
  await page.keyboard.press("ArrowRight");
  await expect(tab("Events")).toBeFocused();
  await expect(page).toHaveURL(/\/events-and-activities$/);
  await page.keyboard.press("End");
  await expect(tab("Activities")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("Events")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(tab("Activities")).toBeFocused();
  // The switch is a navigation (the tab is in the address): Tab is pressed once it has shown Activities' panel.
  await expect(tab("Activities")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("tabpanel", { name: "Activities" })).toBeFocused();
  await expect(page.getByRole("tabpanel")).toHaveCount(1);
});
