import type { Locator, Page } from "@playwright/test";
import { site } from "#content/site.ts";
import { holdChunk } from "./chunks";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";

/*
 * Any gallery photo opens in a lightbox: the large photo with its alt text and position, Previous and Next by
 * buttons, arrow keys and swipe, Escape or Close to leave, focus back on the photo's button. Counts are the content's
 * (content/site.ts), as the server reads it.
 */

/** Explore SMC's photos are named "Explore SMC photo 3" (their alt text), as the page names them. */
const EXPLORE = "Explore SMC photo";
const EXPLORE_COUNT = site.explorePhotos.length;
/** The event group whose slider the tests use: the first with more photos than a desktop shows at once. */
const GROUP = site.eventGroups.find((g) => g.photos.length > 3);

/** The button around photo `position` (from 1) of a gallery of `count` photos. */
const photoButton = (page: Page, name: string, position: number, count: number) =>
  page.getByRole("button", { name: `Open photo ${position} of ${count}: ${name} ${position}`, exact: true });

const lightbox = (page: Page) => page.getByRole("dialog", { name: "Photo viewer" });

/**
 * The lightbox shows photo `position` of `count`: its position ("3 of 10"), and on screen the photo with its alt text
 * and that text as its caption. (Beside it the lightbox keeps its neighbours ready, inert and off screen.)
 */
async function expectShowing(page: Page, name: string, position: number, count: number) {
  const dialog = lightbox(page);
  await expect(dialog.getByText(`${position} of ${count}`, { exact: true })).toBeVisible();
  const slide = dialog.getByRole("group", { name: `${position} of ${count}`, exact: true });
  await expect(slide).toBeInViewport({ ratio: 0.9 });
  await expect(slide.getByRole("img", { name: `${name} ${position}`, exact: true })).toBeVisible();
  await expect(slide.getByText(`${name} ${position}`, { exact: true })).toBeVisible();
}

const LIGHTBOX_CHUNK = /\/assets\/photo-lightbox-[\w-]+\.js$/;

/**
 * Focuses a photo's button once the page has come alive: focus fetches the lightbox's code, so its arrival says the
 * button's handlers are there (a key pressed on the server's HTML alone does nothing).
 */
async function focusWhenLive(page: Page, button: Locator) {
  await Promise.all([page.waitForResponse(LIGHTBOX_CHUNK), button.focus()]);
}

/** A tap on the phone, a click on the desktop. */
async function press(page: Page, target: Locator) {
  if (isPhone(page)) await target.tap();
  else await target.click();
}

/**
 * Swipes from right to left across `target`: a finger on the phone (touch events, as the screen sends them), a
 * dragging mouse on the desktop.
 */
async function swipeLeft(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.8;
  const to = box.x + box.width * 0.2;
  const steps = 8;
  if (isPhone(page)) {
    const touch = await page.context().newCDPSession(page);
    await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= steps; step++) {
      await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + ((to - from) * step) / steps, y }] });
    }
    await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await touch.detach();
  } else {
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(to, y, { steps });
    await page.mouse.up();
  }
}

/* Each test is a visit: one page load, then everything a visitor does there, step by step. */
test.describe("the photo lightbox", { tag: BOTH_WIDTHS }, () => {
  test.beforeEach(({}, testInfo) => {
    // The photos are the starting content's, imported on the server's first start; content too small for these
    // checks fails here rather than skipping.
    expect(EXPLORE_COUNT, "content/site.ts needs at least 3 Explore SMC photos").toBeGreaterThanOrEqual(3);
    if (/slider/.test(testInfo.title)) expect(GROUP, "content/site.ts needs an event group with more than 3 photos").toBeDefined();
  });

  test("an Explore SMC photo: its code comes on the first click; it opens by a tap, click or key at its position; Next, Previous, arrows and a swipe move; Tab stays inside; Escape or Close give focus back", async ({
    page,
  }) => {
    const chunk = await holdChunk(page, "photo-lightbox");
    await page.goto("/explore-smc", { waitUntil: "networkidle" });
    const first = photoButton(page, EXPLORE, 1, EXPLORE_COUNT);
    const second = photoButton(page, EXPLORE, 2, EXPLORE_COUNT);

    await test.step("the lightbox's code is fetched on the first click, not with the page; a click before it has arrived opens it once it arrives", async () => {
      expect(chunk.held, "nothing fetched the lightbox with the page").toEqual([]);
      await press(page, first);
      await press(page, first);
      await expect.poll(() => chunk.held.length, { message: "the lightbox's code is fetched once, on the click" }).toBe(1);
      await expect(lightbox(page)).toHaveCount(0);

      chunk.release();
      await expectShowing(page, EXPLORE, 1, EXPLORE_COUNT);
      await expect(lightbox(page)).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(lightbox(page)).toHaveCount(0);
      await expect(first).toBeFocused();
    });

    await test.step("a photo opens by a tap or click at its position with its alt text; Next and Previous move; Escape closes and focus goes back", async () => {
      await press(page, second);
      await expect(lightbox(page)).toBeVisible();
      await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);

      await press(page, lightbox(page).getByRole("button", { name: "Next" }));
      await expectShowing(page, EXPLORE, 3, EXPLORE_COUNT);
      await press(page, lightbox(page).getByRole("button", { name: "Previous" }));
      await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);

      await page.keyboard.press("Escape");
      await expect(lightbox(page)).toHaveCount(0);
      await expect(second).toBeFocused();
    });

    await test.step("from the keyboard: Enter opens, the arrow keys move, Tab stays inside, Escape gives focus to the photo last shown", async () => {
      await first.focus();
      await page.keyboard.press("Enter");
      await expectShowing(page, EXPLORE, 1, EXPLORE_COUNT);

      await page.keyboard.press("ArrowRight");
      await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);
      await page.keyboard.press("ArrowRight");
      await expectShowing(page, EXPLORE, 3, EXPLORE_COUNT);
      await page.keyboard.press("ArrowLeft");
      await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);

      // Tab and Shift+Tab go round the lightbox's own controls; focus never leaves it.
      const reached = new Set<string>();
      for (const key of ["Tab", "Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
        await page.keyboard.press(key);
        const focused = await lightbox(page).evaluate((dialog) => {
          const active = document.activeElement;
          return active && dialog.contains(active) ? (active.getAttribute("aria-label") ?? active.textContent ?? "") : null;
        });
        expect(focused, `after ${key}, focus is inside the lightbox`).not.toBeNull();
        reached.add(focused!);
      }
      expect([...reached]).toEqual(expect.arrayContaining(["Previous", "Next", "Close"]));

      await page.keyboard.press("Escape");
      await expect(lightbox(page)).toHaveCount(0);
      await expect(second).toBeFocused();
    });

    await test.step("the close button closes it", async () => {
      await press(page, first);
      await press(page, lightbox(page).getByRole("button", { name: "Close" }));
      await expect(lightbox(page)).toHaveCount(0);
      await expect(first).toBeFocused();
    });

    await test.step("a swipe shows the next photo", async () => {
      await press(page, first);
      await expectShowing(page, EXPLORE, 1, EXPLORE_COUNT);
      await swipeLeft(page, lightbox(page).getByRole("img", { name: `${EXPLORE} 1`, exact: true }));
      await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);
    });
  });

  test("a photo of an event slider opens by a tap or click; on closing, the slider shows the photo last seen", async ({ page }) => {
    const { name, photos } = GROUP!;
    await page.goto("/events-and-activities");
    await press(page, photoButton(page, name, 1, photos.length));
    await expectShowing(page, name, 1, photos.length);
    await page.keyboard.press("ArrowRight");
    await expectShowing(page, name, 2, photos.length);

    await page.keyboard.press("Escape");
    await expect(lightbox(page)).toHaveCount(0);
    const second = photoButton(page, name, 2, photos.length);
    await expect(second).toBeFocused();
    await expect(second).toBeInViewport();
  });

  test("a swipe in an event slider moves the slider and opens nothing", async ({ page }) => {
    const { name, photos } = GROUP!;
    await page.goto("/events-and-activities");
    const slider = page.getByRole("region", { name: `${name} photos` });
    // Started, and the lightbox's code is here (a photo's focus fetches it): a click would open it at once.
    await expect(slider.getByRole("button", { name: "Go to slide 2" })).toBeVisible();
    const first = photoButton(page, name, 1, photos.length);
    await focusWhenLive(page, first);

    await swipeLeft(page, first);
    await expect(slider.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute("aria-current", "true");
    await expect(lightbox(page)).toHaveCount(0);

    // A tap or click still opens the photo it lands on.
    await press(page, photoButton(page, name, 2, photos.length));
    await expectShowing(page, name, 2, photos.length);
  });

  test("with reduced motion the lightbox does not animate", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/explore-smc");
    await press(page, photoButton(page, EXPLORE, 1, EXPLORE_COUNT));
    await expectShowing(page, EXPLORE, 1, EXPLORE_COUNT);
    const fade = await lightbox(page).evaluate((dialog) => parseFloat(getComputedStyle(dialog).transitionDuration) * 1000);
    expect(fade, "no fade (ms)").toBeLessThan(1);
    await page.keyboard.press("ArrowRight");
    // The next photo is there at once: nothing moves (the site's own styles cut every transition to 0.01 ms).
    const moving = await page.evaluate(
      () => document.getAnimations().filter((animation) => Number(animation.effect?.getComputedTiming().duration) > 1).length,
    );
    expect(moving, "animations under way").toBe(0);
    await expectShowing(page, EXPLORE, 2, EXPLORE_COUNT);
  });
});
