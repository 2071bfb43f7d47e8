import type { Locator, Page, Request } from "@playwright/test";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";
import { holdRequests } from "./chunks";
import { adminItemNames, storedGoalTitles } from "./content-admin";

// Each test walks a whole flow at its width with axe on the way: with two workers on two cores, some take 20 s.
test.describe.configure({ timeout: 60_000 });

const GOALS = "/admin/content/goals";

/** The goals under "Our Goals" on the home page: each card's heading reads "Goal <n>: <title>". */
const publicGoalHeadings = (page: Page) =>
  page.locator("#about").getByRole("list").first().getByRole("listitem").getByRole("heading", { level: 4 });
const numbered = (titles: readonly string[]) => titles.map((title, index) => `Goal ${index + 1}: ${title}`);

const handle = (page: Page, name: string) => page.getByRole("button", { name: `Drag to reorder: ${name}`, exact: true });

/** The moves the page posts (a fetcher's POST to /admin/content/<list>/<id>/move, as a data request). */
function watchMoves(page: Page): Request[] {
  const moves: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/admin\/content\/[\w-]+\/[\w-]+\/move(\.data)?(\?|$)/.test(request.url())) moves.push(request);
  });
  return moves;
}

/** The list item (an <li>) that holds `element`. */
const itemOf = (element: Locator) => element.locator("xpath=ancestor::li[1]");

/**
 * Presses the mouse on `grip` (an item's handle), moves it in small steps until its item's middle is over the middle
 * of `target`'s item (where the target was when the drag began), and lets go, as a hand would.
 *
 * The two items are brought into the middle of the window first, and the window is made taller when they would not
 * fit in its middle half: an item dragged near the window's edge scrolls the page (dnd-kit's auto-scroll), and the
 * list then moves on under a pointer that has stopped. A person corrects that by eye; a test cannot.
 */
async function dragWithMouse(page: Page, grip: Locator, target: Locator): Promise<void> {
  const span = await page.evaluate(
    ([from, to]) => {
      const [a, b] = [from!.getBoundingClientRect(), to!.getBoundingClientRect()];
      return { top: Math.min(a.top, b.top) + window.scrollY, bottom: Math.max(a.bottom, b.bottom) + window.scrollY };
    },
    [await itemOf(grip).elementHandle(), await itemOf(target).elementHandle()],
  );
  const viewport = page.viewportSize()!;
  const height = Math.max(viewport.height, Math.ceil((span.bottom - span.top) / 0.5));
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
  await page.evaluate(
    ({ top, bottom }) => window.scrollTo({ top: (top + bottom) / 2 - window.innerHeight / 2, behavior: "instant" }),
    span,
  );

  const [handleBox, fromBox, toBox] = await Promise.all([grip.boundingBox(), itemOf(grip).boundingBox(), itemOf(target).boundingBox()]);
  if (!handleBox || !fromBox || !toBox) throw new Error("the items are not on the page");
  const [x, y] = [handleBox.x + handleBox.width / 2, handleBox.y + handleBox.height / 2];
  const rise = toBox.y + toBox.height / 2 - (fromBox.y + fromBox.height / 2);
  await page.mouse.move(x, y);
  await page.mouse.down();
  // A first small step starts the drag (it waits for a few pixels of travel); the rest carry the item over.
  await page.mouse.move(x, y + Math.sign(rise) * 8, { steps: 2 });
  await page.mouse.move(x, y + rise, { steps: 15 });
  await page.mouse.up();
  if (height > viewport.height) await page.setViewportSize(viewport);
}

/**
 * Space on the focused handle: picks its item up. dnd-kit's keyboard sensor starts listening for the arrow keys in a
 * timer task queued by that key press, and a browser runs a key pressed at once before timers: wait for the task.
 */
async function pickUp(page: Page): Promise<void> {
  await page.keyboard.press("Space");
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

test.describe("admin content lists: reordering by dragging", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("a goal dragged by its handle with the mouse takes its new place at once, posts once, and / shows the new order", async ({
    page,
    site,
    database,
    expectNoAxeViolations,
  }) => {
    const [first, second, third, ...rest] = site.goals.map((goal) => goal.title);
    const moves = watchMoves(page);
    await page.goto(GOALS);
    await expect(handle(page, first!)).toBeVisible();
    await expectNoAxeViolations(page);

    // A click on the handle is not a drag: nothing moves and nothing is posted.
    await handle(page, first!).click();
    expect(await adminItemNames(page)).toEqual([first, second, third, ...rest]);

    // The list shows the new order while the move is still on its way to the server.
    const held = await holdRequests(page, /\/admin\/content\/goals\/[\w-]+\/move(\.data)?(\?|$)/);
    await dragWithMouse(page, handle(page, first!), handle(page, third!));
    await expect.poll(() => adminItemNames(page)).toEqual([second, third, first, ...rest]);
    // The drop posts once the new order is drawn: wait for the request to reach the hold rather than assume it has.
    await expect.poll(() => held.held.length, { message: "the drop is posted once" }).toBe(1);
    held.release();
    await expect.poll(() => storedGoalTitles(database)).toEqual([second, third, first, ...rest]);
    expect(moves.map((move) => move.postData())).toEqual(["to=2"]);
    // The Move buttons follow the new order.
    await expect(page.getByRole("button", { name: `Move up: ${second!}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Move up: ${first!}` })).toBeEnabled();
    await expectNoAxeViolations(page);

    await page.reload();
    expect(await adminItemNames(page)).toEqual([second, third, first, ...rest]);
    await page.goto("/");
    await expect(publicGoalHeadings(page)).toHaveText(numbered([second!, third!, first!, ...rest]));

    // And back up to the top, dragged past the goals above it.
    await page.goto(GOALS);
    await dragWithMouse(page, handle(page, first!), handle(page, second!));
    await expect.poll(() => adminItemNames(page)).toEqual([first, second, third, ...rest]);
    await expect.poll(() => moves.map((move) => move.postData())).toEqual(["to=2", "to=0"]);
    // The move is sent, not yet stored: leaving the page before it is stored would show / the old order.
    await expect.poll(() => storedGoalTitles(database)).toEqual([first, second, third, ...rest]);
    await page.goto("/");
    await expect(publicGoalHeadings(page)).toHaveText(numbered([first!, second!, third!, ...rest]));
  });

  test("by keyboard: Space on a goal's handle picks it up, the arrow keys carry it, Space drops it; what it hears names the goal", async ({
    page,
    site,
    expectNoAxeViolations,
  }) => {
    const [first, second, third, fourth, ...rest] = site.goals.map((goal) => goal.title);
    const total = site.goals.length;
    await page.goto(GOALS);
    const grip = handle(page, second!);
    await grip.focus();
    // The handle tells a screen reader how to use it.
    await expect(grip).toHaveAccessibleDescription(/press Space or Enter, then the up and down arrow keys/);
    const spoken = page.locator("[id^='DndLiveRegion']");

    await pickUp(page);
    await expect(spoken).toHaveText(`Picked up ${second!}, at place 2 of ${total}.`);
    await page.keyboard.press("ArrowDown");
    await expect(spoken).toHaveText(`${second!} is over place 3 of ${total}.`);
    await page.keyboard.press("ArrowDown");
    await expect(spoken).toHaveText(`${second!} is over place 4 of ${total}.`);
    await page.keyboard.press("Space");
    await expect(spoken).toHaveText(`${second!} was dropped at place 4 of ${total}.`);
    await expect.poll(() => adminItemNames(page)).toEqual([first, third, fourth, second, ...rest]);
    await expect(grip).toBeFocused();
    await expectNoAxeViolations(page);

    // Escape puts a picked-up goal back where it was, and nothing is saved.
    await pickUp(page);
    await expect(spoken).toHaveText(`Picked up ${second!}, at place 4 of ${total}.`);
    await page.keyboard.press("ArrowUp");
    await expect(spoken).toHaveText(`${second!} is over place 3 of ${total}.`);
    await page.keyboard.press("Escape");
    await expect(spoken).toHaveText(`Moving ${second!} was cancelled. It stays at place 4 of ${total}.`);

    await page.reload();
    expect(await adminItemNames(page)).toEqual([first, third, fourth, second, ...rest]);
    await page.goto("/");
    await expect(publicGoalHeadings(page)).toHaveText(numbered([first!, third!, fourth!, second!, ...rest]));
    await expectNoAxeViolations(page);
  });

  test("every content list gives each item a grip named after it, and axe finds nothing on its screen", async ({
    page,
    database,
    expectNoAxeViolations,
  }) => {
    const gallery = await database.db
      .selectFrom("galleries")
      .select("id")
      .where("kind", "=", "event")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    for (const screen of ["team", "collaborators", "resources", "galleries", `galleries/${gallery.id}`]) {
      await page.goto(`/admin/content/${screen}`);
      const names = await adminItemNames(page);
      expect(names.length, screen).toBeGreaterThan(1);
      const grips = page.getByRole("main").getByRole("button", { name: /^Drag to reorder: / });
      await expect(grips, screen).toHaveCount(names.length);
      await expect(grips.first(), screen).toHaveAccessibleName(`Drag to reorder: ${names[0]!}`);
      await expectNoAxeViolations(page);
    }
  });

  test(
    "on a phone: a swipe over a grip scrolls the page and moves nothing; a finger held on it first drags the goal",
    { tag: BOTH_WIDTHS },
    async ({ page, site }) => {
      // Only the phone project has a touch screen (Pixel 5: hasTouch); the mouse and keyboard drags above run at desktop width.
      test.skip(!isPhone(page), "a touch screen's drag");
      const [first, second, third, ...rest] = site.goals.map((goal) => goal.title);
      const moves = watchMoves(page);
      await page.goto(GOALS);
      const touch = await page.context().newCDPSession(page);
      const finger = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
        touch.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
      const middleOf = async (locator: Locator) => {
        const box = (await locator.boundingBox())!;
        return [box.x + box.width / 2, box.y + box.height / 2] as const;
      };

      // A quick swipe up, starting on the first goal's grip.
      await itemOf(handle(page, first!)).evaluate((item) => item.scrollIntoView({ block: "center", behavior: "instant" }));
      const scrolledFrom = await page.evaluate(() => window.scrollY);
      let [x, y] = await middleOf(handle(page, first!));
      await finger("touchStart", x, y);
      for (let step = 1; step <= 10; step++) await finger("touchMove", x, y - step * 20);
      await finger("touchEnd", x, y - 200);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledFrom + 50);
      expect(await adminItemNames(page)).toEqual([first, second, third, ...rest]);
      expect(moves).toHaveLength(0);
      // The swipe's fling has come to rest.
      await expect
        .poll(async () => {
          const before = await page.evaluate(() => window.scrollY);
          await page.waitForTimeout(150);
          return (await page.evaluate(() => window.scrollY)) - before;
        })
        .toBe(0);

      // Held still for a moment, then carried down past the next goal.
      await itemOf(handle(page, first!)).evaluate((item) => {
        item.scrollIntoView({ block: "start", behavior: "instant" });
        window.scrollBy({ top: -100, behavior: "instant" });
      });
      [x, y] = await middleOf(handle(page, first!));
      const [, to] = await middleOf(itemOf(handle(page, second!)));
      const [, from] = await middleOf(itemOf(handle(page, first!)));
      await finger("touchStart", x, y);
      await page.waitForTimeout(400);
      for (let step = 1; step <= 10; step++) await finger("touchMove", x, y + ((to - from) * step) / 10);
      await finger("touchEnd", x, y + to - from);
      await expect.poll(() => adminItemNames(page)).toEqual([second, first, third, ...rest]);
      await expect.poll(() => moves.map((move) => move.postData())).toEqual(["to=1"]);
    },
  );

  test.describe("refused", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404 \(Not Found\)/] });

    test("a drop the server refuses (the goal was deleted meanwhile) says why and the list is read again", async ({
      page,
      site,
      database,
    }) => {
      const [first, second, third, ...rest] = site.goals.map((goal) => goal.title);
      await page.goto(GOALS);
      // Another admin deletes the first goal; this page still shows it.
      await database.db.deleteFrom("content_goals").where("title", "=", first!).execute();
      await database.db
        .updateTable("settings")
        .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
        .execute();
      await dragWithMouse(page, handle(page, first!), handle(page, third!));
      await expect(page.getByText("No such item: it was deleted. Reload to see the latest.", { exact: true })).toBeVisible();
      await expect.poll(() => adminItemNames(page)).toEqual([second, third, ...rest]);
    });
  });
});
