import type { Locator, Page, Request } from "@playwright/test";
import { CONTENT_PHOTO_MAX_BYTES } from "#core/schemas/limits.ts";
import type { SiteContent } from "#core/schemas/site-content.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import { holdRequests } from "./chunks";
import {
  adminItemNames,
  BAD_REQUEST,
  CONFLICT,
  PHOTO_FORMATS,
  PHOTO_TOO_LARGE,
  photoFile,
  tabTo,
  TRACE_READS_BROKEN_PREVIEW,
} from "./content-admin";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";

// A whole screen's flow per test on a loaded two-core machine.
test.describe.configure({ timeout: 60_000 });

/**
 * The content list screen (goals, team, collaborators, resources, galleries, a gallery's photos and the home screen's
 * social links are one component, app/components/admin/content/content-list.tsx) as an admin uses it: add, edit,
 * Move up / Move down, drag by mouse, keyboard and touch, delete, and what the server refuses. Each list's own fields
 * and rules are the content services' tests; this runs against one list.
 */
const TEAM = {
  title: "Team",
  path: "/admin/content/team",
  table: "teamMembers",
  /** What the confirmation calls an item. */
  kind: "team member",
  addLabel: "Add member",
  editTitle: "Edit member",
  names: (site: SiteContent) => site.team.map((member) => member.name),
  /** The field that names an item, and what a form without it says there. */
  nameField: { label: "Name", required: "Name is required" },
  /** Fills a new item's other required fields. */
  fillRest: (dialog: Locator) => dialog.getByLabel("Title", { exact: true }).fill("Research & Publications"),
  /** A field an edit changes, which the list then shows. */
  edited: { label: "Title", value: "Leadership & Mentoring" },
  photo: { label: "Photo", preview: "Preview of the chosen photo", current: (name: string) => `Current photo of ${name}` },
} as const;
type ListScreen = typeof TEAM;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A message at the end of a control's accessible description (after the field's line of help, if it has one). */
const endsWith = (message: string) => new RegExp(`${escapeRegExp(message)}$`);
const handle = (page: Page, name: string) => page.getByRole("button", { name: `Drag to reorder: ${name}`, exact: true });
/** The list item (an <li>) that holds `element`. */
const itemOf = (element: Locator) => element.locator("xpath=ancestor::li[1]");

/** The moves the page posts (a fetcher's POST to /admin/content/<list>/<id>/move, as a data request). */
function watchMoves(page: Page): Request[] {
  const moves: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/admin\/content\/[\w-]+\/[\w-]+\/move(\.data)?(\?|$)/.test(request.url())) moves.push(request);
  });
  return moves;
}

/**
 * Presses the mouse on `grip` (an item's handle), moves it in small steps until its item's middle is over the middle
 * of `target`'s item, and lets go, as a hand would. The two items are brought into the middle of a window tall enough
 * for both first: an item dragged near the window's edge scrolls the page (dnd-kit's auto-scroll), and the list then
 * moves on under a pointer that has stopped. A person corrects that by eye; a test cannot.
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

/** Another admin's write, made in the database with the content version's raise, as a save would. */
async function changedElsewhere(database: DatabaseHandle, write: (db: DatabaseHandle["db"]) => { execute(): Promise<unknown> }) {
  await database.db.transaction().execute(async (trx) => {
    await write(trx).execute();
    await trx
      .updateTable("settings")
      .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
      .execute();
  });
}

const storedNames = async (database: DatabaseHandle, screen: ListScreen) =>
  (await database.db.selectFrom(screen.table).select("name").orderBy("position").orderBy("id").execute()).map((row) => row.name);

for (const screen of [TEAM]) {
  test.describe(`the content list screen: ${screen.title}`, () => {
    test.beforeEach(async ({ signInAsAdmin }) => {
      await signInAsAdmin();
    });

    test("Add opens an empty dialog, checked before sending; with a photo it is saved last; Edit opens it as stored", async ({
      page,
      site,
      database,
    }) => {
      const names = screen.names(site);
      await page.goto(screen.path);
      await expect(page.getByRole("heading", { name: screen.title, level: 1 })).toBeVisible();
      expect(await adminItemNames(page)).toEqual(names);
      await expect(page.getByRole("button", { name: `Move up: ${names[0]!}` })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move down: ${names.at(-1)!}` })).toBeDisabled();

      await page.getByRole("button", { name: screen.addLabel }).click();
      const dialog = page.getByRole("dialog", { name: screen.addLabel });
      const name = dialog.getByLabel(screen.nameField.label, { exact: true });
      await expect(name).toHaveValue("");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(name).toHaveAccessibleDescription(endsWith(screen.nameField.required));
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await name.fill("Ayesha Siddiqui");
      await screen.fillRest(dialog);
      await dialog.getByLabel(screen.photo.label, { exact: true }).setInputFiles(await photoFile("new.jpg", 400, 400));
      await expect(dialog.getByRole("img", { name: screen.photo.preview })).toHaveAttribute("src", /^blob:/);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual([...names, "Ayesha Siddiqui"]);
      await expect(page.getByRole("main").getByRole("listitem").last().locator("img")).toHaveAttribute("src", /^\/uploads\/content\//);

      await page.getByRole("button", { name: "Edit: Ayesha Siddiqui" }).click();
      const edit = page.getByRole("dialog", { name: screen.editTitle });
      await expect(edit.getByLabel(screen.nameField.label, { exact: true })).toHaveValue("Ayesha Siddiqui");
      await expect(edit.getByRole("img", { name: screen.photo.current("Ayesha Siddiqui") })).toBeVisible();
      await edit.getByLabel(screen.edited.label, { exact: true }).fill(screen.edited.value);
      await edit.getByRole("button", { name: "Save" }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole("main").getByRole("listitem").last()).toContainText(screen.edited.value);
      expect(await storedNames(database, screen)).toEqual([...names, "Ayesha Siddiqui"]);
    });

    test("by keyboard only: Move up keeps the focus (at the top, on Move down); the handle picks up, carries and drops", async ({
      page,
      site,
      database,
    }) => {
      const [first, second, third, fourth, ...rest] = screen.names(site);
      const total = screen.names(site).length;
      await page.goto(screen.path);
      const moveUp = page.getByRole("button", { name: `Move up: ${third!}` });
      await tabTo(page, moveUp);
      await page.keyboard.press("Enter");
      await expect.poll(() => adminItemNames(page)).toEqual([first, third, second, fourth, ...rest]);
      await expect(moveUp).toBeFocused();
      await page.keyboard.press("Enter");
      await expect.poll(() => adminItemNames(page)).toEqual([third, first, second, fourth, ...rest]);
      await expect(moveUp).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move down: ${third!}` })).toBeFocused();

      // The handle: Space picks the item up, the arrow keys carry it, Space drops it; a screen reader hears each step.
      const grip = handle(page, first!);
      await grip.focus();
      await expect(grip).toHaveAccessibleDescription(/press Space or Enter, then the up and down arrow keys/);
      const spoken = page.locator("[id^='DndLiveRegion']");
      await pickUp(page);
      await expect(spoken).toHaveText(`Picked up ${first!}, at place 2 of ${total}.`);
      await page.keyboard.press("ArrowDown");
      await expect(spoken).toHaveText(`${first!} is over place 3 of ${total}.`);
      await page.keyboard.press("ArrowDown");
      await expect(spoken).toHaveText(`${first!} is over place 4 of ${total}.`);
      await page.keyboard.press("Space");
      await expect(spoken).toHaveText(`${first!} was dropped at place 4 of ${total}.`);
      const dropped = [third, second, fourth, first, ...rest];
      await expect.poll(() => adminItemNames(page)).toEqual(dropped);
      await expect(grip).toBeFocused();
      await expect.poll(() => storedNames(database, screen)).toEqual(dropped);

      // Escape puts a picked-up item back where it was, and nothing is saved. From a fresh page: a key pressed while
      // the drop's save is still being read back may land on a list that is drawn again under it.
      await page.reload();
      expect(await adminItemNames(page)).toEqual(dropped);
      await grip.focus();
      await pickUp(page);
      await expect(spoken).toHaveText(`Picked up ${first!}, at place 4 of ${total}.`);
      await page.keyboard.press("ArrowUp");
      await expect(spoken).toHaveText(`${first!} is over place 3 of ${total}.`);
      await page.keyboard.press("Escape");
      await expect(spoken).toHaveText(`Moving ${first!} was cancelled. It stays at place 4 of ${total}.`);
      await page.reload();
      expect(await adminItemNames(page)).toEqual(dropped);
      await expect.poll(() => storedNames(database, screen)).toEqual(dropped);
    });

    test("a drag with the mouse: a click on the handle moves nothing; a drop shows the new order at once and posts its place once", async ({
      page,
      site,
      database,
    }) => {
      const [first, second, third, ...rest] = screen.names(site);
      const moves = watchMoves(page);
      await page.goto(screen.path);
      await handle(page, first!).click();
      expect(await adminItemNames(page)).toEqual([first, second, third, ...rest]);

      // The list shows the new order while the move is still on its way to the server.
      const held = await holdRequests(page, /\/admin\/content\/[\w-]+\/[\w-]+\/move(\.data)?(\?|$)/);
      await dragWithMouse(page, handle(page, first!), handle(page, third!));
      await expect.poll(() => adminItemNames(page)).toEqual([second, third, first, ...rest]);
      await expect.poll(() => held.held.length, { message: "the drop is posted once" }).toBe(1);
      held.release();
      await expect.poll(() => storedNames(database, screen)).toEqual([second, third, first, ...rest]);
      expect(moves.map((move) => move.postData())).toEqual(["to=2"]);
      // The Move buttons follow the new order.
      await expect(page.getByRole("button", { name: `Move up: ${second!}` })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move up: ${first!}` })).toBeEnabled();
    });

    test("Delete asks first, naming the item; Cancel keeps it; Delete says 'Deleted' and it is gone", async ({ page, site, database }) => {
      const [first, ...rest] = screen.names(site);
      await page.goto(screen.path);
      await page.getByRole("button", { name: `Delete: ${first!}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete the ${screen.kind} “${first!}”?` });
      await expect(confirm).toBeVisible();
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      expect(await adminItemNames(page)).toEqual([first, ...rest]);

      await page.getByRole("button", { name: `Delete: ${first!}` }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual(rest);
      expect(await storedNames(database, screen)).toEqual(rest);
    });

    test.describe("refused", () => {
      // The server's 400, 404 and 409 answers, which the browser logs; a file that is no photo leaves its preview broken.
      test.use({
        allowedConsoleErrors: [
          new RegExp(`${BAD_REQUEST.source}|${TRACE_READS_BROKEN_PREVIEW.source}|status of (404 \\(Not Found\\)|409 \\(Conflict\\))`),
        ],
      });

      test("a stale save, a file that is no photo, one over 15 MB and a drop of a deleted item: each says why, and nothing changes", async ({
        page,
        site,
        database,
      }) => {
        const [first, second, third, ...rest] = screen.names(site);
        const posts: Request[] = [];
        // The saves: posts to the screen's own action (its moves and deletes go to the list's item routes).
        page.on("request", (request) => {
          if (request.method() === "POST" && new URL(request.url()).pathname === `${screen.path}.data`) posts.push(request);
        });
        await page.goto(screen.path);
        await page.getByRole("button", { name: `Edit: ${first!}` }).click();
        const dialog = page.getByRole("dialog", { name: screen.editTitle });
        await expect(dialog.getByLabel(screen.nameField.label, { exact: true })).toHaveValue(first!);

        // Someone else saves the item after this dialog opened.
        await changedElsewhere(database, (db) =>
          db
            .updateTable(screen.table)
            .set((eb) => ({ version: eb("version", "+", 1) }))
            .where("name", "=", first!),
        );
        await dialog.getByLabel(screen.edited.label, { exact: true }).fill("Saved from an older copy");
        await dialog.getByRole("button", { name: "Save" }).click();
        await expect(dialog.getByText(CONFLICT, { exact: true })).toBeVisible();
        await expect(dialog).toBeVisible();
        await page.keyboard.press("Escape");

        await page.getByRole("button", { name: screen.addLabel }).click();
        const add = page.getByRole("dialog", { name: screen.addLabel });
        await add.getByLabel(screen.nameField.label, { exact: true }).fill("Not A Photo");
        await screen.fillRest(add);
        const photo = add.getByLabel(screen.photo.label, { exact: true });
        // Over 15 MB: refused before anything is sent.
        await photo.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(CONTENT_PHOTO_MAX_BYTES + 1) });
        await add.getByRole("button", { name: "Save" }).click();
        await expect(photo).toHaveAccessibleDescription(endsWith(PHOTO_TOO_LARGE));
        expect(posts).toHaveLength(1);
        // Named .jpg but not a photo: the server reads it and refuses it at the field.
        await photo.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my notes, not a photo.\n") });
        await add.getByRole("button", { name: "Save" }).click();
        await expect(add.getByText(PHOTO_FORMATS, { exact: true })).toBeVisible();
        await expect(photo).toHaveAttribute("aria-invalid", "true");
        await expect(photo).toHaveAccessibleDescription(endsWith(PHOTO_FORMATS));
        await expect(add.getByLabel(screen.nameField.label, { exact: true })).toHaveValue("Not A Photo");
        expect(posts).toHaveLength(2);
        await page.keyboard.press("Escape");

        // Another admin deletes the first item; this page still shows it, and a drop of it is refused.
        await changedElsewhere(database, (db) => db.deleteFrom(screen.table).where("name", "=", first!));
        await dragWithMouse(page, handle(page, first!), handle(page, third!));
        await expect(page.getByText("No such item: it was deleted. Reload to see the latest.", { exact: true })).toBeVisible();
        await expect.poll(() => adminItemNames(page)).toEqual([second, third, ...rest]);
        await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      });
    });

    test(
      "on a phone: a swipe over a grip scrolls the page and moves nothing; a finger held on it first drags the item",
      { tag: BOTH_WIDTHS },
      async ({ page, site }) => {
        // Only the phone project has a touch screen (Pixel 5: hasTouch); the mouse and keyboard drags run at desktop width.
        test.skip(!isPhone(page), "a touch screen's drag");
        const [first, second, third, ...rest] = screen.names(site);
        const moves = watchMoves(page);
        await page.goto(screen.path);
        const touch = await page.context().newCDPSession(page);
        const finger = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
          touch.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
        const middleOf = async (locator: Locator) => {
          const box = (await locator.boundingBox())!;
          return [box.x + box.width / 2, box.y + box.height / 2] as const;
        };

        // A quick swipe up, starting on the first item's grip.
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

        // Held still for a moment, then carried down past the next item.
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
  });
}
