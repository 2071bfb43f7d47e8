import path from "node:path";
import type { Locator, Page, Request } from "@playwright/test";
import sharp from "sharp";
import { CONTENT_PHOTO_MAX_BYTES } from "../../core/schemas/limits";
import type { DatabaseHandle } from "../../server/db/database";
import { CONTENT_IMAGE_FOLDER } from "../../server/content/import-content";
import { storeImage } from "../../server/services/image-store";
import { localStorage } from "../../server/storage/local-storage";
import type { E2eServer } from "./e2e-server";
import { expect, test } from "./fixtures";
import { adminItemNames, BAD_REQUEST, PHOTO_FORMATS, PHOTO_TOO_LARGE, photoFile, tabTo, TRACE_READS_BROKEN_PREVIEW } from "./content-admin";

// Each test walks a whole flow at its width with axe at every step: with two workers on two cores, some take 25-30 s.
test.describe.configure({ timeout: 60_000 });

/*
 * The admin's Team screen, /admin/content/team, and the "Our Team" cards it edits on /. Every test starts from the
 * team the worker's server imported from content/site.ts (the `site` fixture; resetData puts the rows back).
 *
 * resetData puts back the rows and the photos imported from content/. Photos a test takes away are ones the test
 * stored itself (givePhoto), so what is checked as removed is the test's own.
 */

const TEAM = "/admin/content/team";
const REMOVE_PHOTO = "Remove the photo (the card shows the name's first letter)";

/** The member cards under "Our Team" on the home page (the president's card is not in the list). */
const publicTeam = (page: Page) => page.locator("#about").getByRole("list").nth(1).getByRole("listitem");
/** The card that names `name` (each card: photo or first letter, the title as a heading, the name, the description). */
const publicCard = (page: Page, name: string) => publicTeam(page).filter({ has: page.getByText(name, { exact: true }) });

/** Gives the member named `name` a photo stored as an admin's upload is, and has the server read the content again. */
async function givePhoto(database: DatabaseHandle, server: E2eServer, name: string): Promise<string> {
  const { db } = database;
  const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 190, g: 24, b: 93 } } })
    .jpeg()
    .toBuffer();
  const image = await storeImage({ db, storage: localStorage(path.join(server.dataDir, "uploads")) }, jpeg, CONTENT_IMAGE_FOLDER);
  await db.transaction().execute(async (trx) => {
    const updated = await trx.updateTable("team_members").set({ image_id: image.id }).where("name", "=", name).executeTakeFirst();
    if (updated.numUpdatedRows !== 1n) throw new Error(`no team member named ${name}`);
    await trx
      .updateTable("settings")
      .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
      .execute();
  });
  return image.id;
}

const storedTeam = (database: DatabaseHandle) => database.db.selectFrom("team_members").selectAll().orderBy("position").execute();

/** The card's photo is a stored upload that the site serves and the browser draws. */
async function expectStoredPhoto(page: Page, card: Locator, alt: string): Promise<void> {
  const img = card.locator("img");
  await expect(img).toHaveCount(1);
  await expect(img).toHaveAttribute("alt", alt);
  await expect(img).toHaveAttribute("src", /^\/uploads\/content\//);
  const response = await page.request.get((await img.getAttribute("src"))!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
}

/** Clicks the dialog's Save and returns the status of the server's answer (the router posts to <action>.data). */
async function save(page: Page, dialog: Locator): Promise<number> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && /^\/admin\/content\/team\/save(\.data)?$/.test(new URL(response.url()).pathname),
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  return (await answer).status();
}

test.describe("admin site content: team", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("'Team' in the 'Site content' navigation opens the list of members, in the order of 'Our Team' on /", async ({
    page,
    site,
    expectNoAxeViolations,
  }) => {
    await page.goto("/admin/content");
    const nav = page.getByRole("navigation", { name: "Site content" });
    await nav.getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/team$/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveAttribute("aria-current", "page");
    expect(await adminItemNames(page)).toEqual(site.team.map((member) => member.name));
    const [first] = site.team;
    await expect(page.getByRole("button", { name: `Move up: ${first!.name}` })).toBeDisabled();
    await expect(page.getByRole("button", { name: `Move down: ${site.team.at(-1)!.name}` })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test("'Add member' with a photo: the chosen photo is previewed; saved, 'Saved' shows and / has the card with the photo last", async ({
    page,
    site,
    database,
    expectNoAxeViolations,
  }) => {
    const photo = await photoFile("new-member.jpg");
    await page.goto(TEAM);
    await page.getByRole("button", { name: "Add member" }).click();
    const dialog = page.getByRole("dialog", { name: "Add member" });
    await expect(dialog).toBeVisible();
    for (const label of ["Name", "Title", "Description"]) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel(REMOVE_PHOTO)).toHaveCount(0);
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Name", { exact: true }).fill("Ayesha Siddiqui");
    await dialog.getByLabel("Title", { exact: true }).fill("Research & Publications");
    await dialog.getByLabel("Photo", { exact: true }).setInputFiles(photo);
    await expect(dialog.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute("src", /^blob:/);
    await dialog.getByLabel("Description", { exact: true }).fill("Runs the journal club\nHelps students publish case reports");
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(() => adminItemNames(page)).toEqual([...site.team.map((member) => member.name), "Ayesha Siddiqui"]);
    const listed = page.getByRole("main").getByRole("listitem").last();
    await expect(listed.getByRole("img", { name: "Ayesha Siddiqui" })).toBeVisible();
    await expectNoAxeViolations(page);

    const stored = (await storedTeam(database)).at(-1)!;
    expect(stored).toMatchObject({
      name: "Ayesha Siddiqui",
      title: "Research & Publications",
      description: "Runs the journal club\nHelps students publish case reports",
    });
    expect(stored.image_id).not.toBeNull();

    await page.goto("/");
    await expect(publicTeam(page)).toHaveCount(site.team.length + 1);
    const card = publicTeam(page).last();
    await expect(card.getByRole("heading", { level: 4 })).toHaveText("Research & Publications");
    await expect(card.getByText("Ayesha Siddiqui", { exact: true })).toBeVisible();
    await expect(card).toContainText("Runs the journal club");
    await expectStoredPhoto(page, card, "Ayesha Siddiqui");
    await expectNoAxeViolations(page);
  });

  test("Edit opens the member's texts and photo; a new title and a two-line description are on / at once, the photo kept", async ({
    page,
    site,
    database,
    expectNoAxeViolations,
  }) => {
    const member = site.team.find((candidate) => candidate.img && candidate.description)!;
    const before = (await storedTeam(database)).find((row) => row.name === member.name)!;
    await page.goto(TEAM);
    await page.getByRole("button", { name: `Edit: ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit member" });
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(member.name);
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(member.title);
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue(member.description!);
    await expect(dialog.getByRole("img", { name: `Current photo of ${member.name}` })).toBeVisible();
    await expect(dialog.getByLabel(REMOVE_PHOTO)).not.toBeChecked();
    await expectNoAxeViolations(page);

    await dialog.getByLabel("Title", { exact: true }).fill("Leadership & Mentoring");
    await dialog.getByLabel("Description", { exact: true }).fill("Mentors the new cabinet\nRuns the yearly leadership camp");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const listed = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByText(member.name, { exact: true }) });
    await expect(listed).toContainText("Leadership & Mentoring");
    await expect(listed).toContainText("Mentors the new cabinet");
    await expectNoAxeViolations(page);

    const after = (await storedTeam(database)).find((row) => row.id === before.id)!;
    expect(after).toMatchObject({
      title: "Leadership & Mentoring",
      description: "Mentors the new cabinet\nRuns the yearly leadership camp",
      image_id: before.image_id,
      position: before.position,
    });

    await page.goto("/");
    const card = publicCard(page, member.name);
    await expect(card.getByRole("heading", { level: 4 })).toHaveText("Leadership & Mentoring");
    // Each line of the description shows as a line.
    await expect.poll(() => card.innerText()).toContain("Mentors the new cabinet\nRuns the yearly leadership camp");
    await expect(card).not.toContainText(member.description!.split("\n")[0]!);
    await expect(page.locator("#about")).not.toContainText(member.title);
    await expectStoredPhoto(page, card, member.name);
    await expectNoAxeViolations(page);
  });

  test("'Remove the photo' takes the photo away: the card on / shows the name's first letter and the photo leaves storage", async ({
    page,
    site,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const member = site.team.find((candidate) => !candidate.img)!;
    expect(member, "content/site.ts has a member without a photo to give one").toBeDefined();
    const imageId = await givePhoto(database, server, member.name);
    await page.goto(TEAM);
    // A member without a photo has nothing to remove.
    const other = site.team.find((candidate) => !candidate.img && candidate.name !== member.name);
    if (other) {
      await page.getByRole("button", { name: `Edit: ${other.name}` }).click();
      const otherDialog = page.getByRole("dialog", { name: "Edit member" });
      await expect(otherDialog.getByLabel("Name", { exact: true })).toHaveValue(other.name);
      await expect(otherDialog.getByLabel(REMOVE_PHOTO)).toHaveCount(0);
      await page.keyboard.press("Escape");
      await expect(otherDialog).toBeHidden();
    }

    await page.getByRole("button", { name: `Edit: ${member.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit member" });
    await expect(dialog.getByRole("img", { name: `Current photo of ${member.name}` })).toBeVisible();
    await dialog.getByLabel(REMOVE_PHOTO).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    const listed = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByText(member.name, { exact: true }) });
    await expect(listed.locator("img")).toHaveCount(0);
    await expectNoAxeViolations(page);

    const row = await database.db.selectFrom("team_members").selectAll().where("name", "=", member.name).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: member.title, image_id: null });
    await expect.poll(() => database.db.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst()).toBeUndefined();

    await page.goto("/");
    const card = publicCard(page, member.name);
    await expect(card.getByRole("heading", { level: 4 })).toHaveText(member.title);
    await expect(card.locator("img")).toHaveCount(0);
    expect((await card.innerText()).trim().split("\n")[0]!.trim()).toBe(member.name.trim().charAt(0).toUpperCase());
    await expectNoAxeViolations(page);
  });

  test("by keyboard only: Tab to 'Move up', Enter moves the member up, again to the top, and / shows the new order", async ({
    page,
    site,
    database,
    expectNoAxeViolations,
  }) => {
    const [first, second, third, ...rest] = site.team;
    await page.goto(TEAM);
    const moveUp = page.getByRole("button", { name: `Move up: ${third!.name}` });
    await tabTo(page, moveUp);

    await page.keyboard.press("Enter");
    await expect.poll(() => adminItemNames(page)).toEqual([first, third, second, ...rest].map((member) => member!.name));
    await expect(moveUp).toBeFocused();

    // At the top its "Move up" is disabled: the focus stays on the member, on its "Move down".
    await page.keyboard.press("Enter");
    await expect.poll(() => adminItemNames(page)).toEqual([third, first, second, ...rest].map((member) => member!.name));
    await expect(moveUp).toBeDisabled();
    await expect(page.getByRole("button", { name: `Move down: ${third!.name}` })).toBeFocused();
    await expectNoAxeViolations(page);

    const stored = await storedTeam(database);
    expect(stored.map((row) => row.name)).toEqual([third, first, second, ...rest].map((member) => member!.name));

    await page.goto("/");
    await expect(publicTeam(page).getByRole("heading", { level: 4 })).toHaveText(
      [third, first, second, ...rest].map((member) => member!.title),
    );
    await expectNoAxeViolations(page);
  });

  test("Delete asks 'Delete the team member “<name>”?', then says 'Deleted', and the card is gone from /", async ({
    page,
    site,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const member = site.team.find((candidate) => !candidate.img)!;
    const imageId = await givePhoto(database, server, member.name);
    const names = site.team.map((candidate) => candidate.name);
    const rest = names.filter((name) => name !== member.name);
    await page.goto(TEAM);
    await page.getByRole("button", { name: `Delete: ${member.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the team member “${member.name}”?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);

    // Cancel keeps it.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    expect(await adminItemNames(page)).toEqual(names);

    await page.getByRole("button", { name: `Delete: ${member.name}` }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect.poll(() => adminItemNames(page)).toEqual(rest);
    await expectNoAxeViolations(page);

    expect((await storedTeam(database)).map((row) => row.name)).toEqual(rest);
    // Its photo went with it.
    await expect.poll(() => database.db.selectFrom("images").select("id").where("id", "=", imageId).executeTakeFirst()).toBeUndefined();

    await page.goto("/");
    await expect(publicTeam(page)).toHaveCount(site.team.length - 1);
    await expect(publicCard(page, member.name)).toHaveCount(0);
    await expect(page.locator("#about")).not.toContainText(member.title);
    await expectNoAxeViolations(page);
  });

  test.describe("a photo over 15 MB", () => {
    test.use({ allowedConsoleErrors: [TRACE_READS_BROKEN_PREVIEW] });

    test("a photo over 15 MB says 'The photo must be 15 MB or smaller' at the Photo field before sending, and nothing is saved", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const before = await storedTeam(database);
      const saves: Request[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(TEAM)) saves.push(request);
      });
      const member = site.team[0]!;
      await page.goto(TEAM);
      await page.getByRole("button", { name: `Edit: ${member.name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit member" });
      await dialog.getByLabel("Title", { exact: true }).fill("Too large to save");
      const photo = dialog.getByLabel("Photo", { exact: true });
      await photo.setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(CONTENT_PHOTO_MAX_BYTES + 1) });
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText(PHOTO_TOO_LARGE, { exact: true })).toBeVisible();
      await expect(photo).toHaveAttribute("aria-invalid", "true");
      await expect(photo).toHaveAccessibleDescription(new RegExp(`${PHOTO_TOO_LARGE}$`));
      await expect(dialog).toBeVisible();
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      expect(saves, "the browser sent the form").toEqual([]);
      expect(await storedTeam(database)).toEqual(before);
    });
  });

  // The action refuses a file that is not a photo with 400 Bad Request, which the browser logs.
  test.describe("a file that is not a photo", () => {
    // One pattern: Playwright would take a second entry of the array for the fixture's options.
    test.use({ allowedConsoleErrors: [new RegExp(`${BAD_REQUEST.source}|${TRACE_READS_BROKEN_PREVIEW.source}`)] });

    test("a text file named .jpg, then a GIF, each say the formats message at the Photo field and nothing is saved", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const before = await storedTeam(database);
      const imagesBefore = await database.db.selectFrom("images").select("id").orderBy("id").execute();
      await page.goto(TEAM);
      await page.getByRole("button", { name: "Add member" }).click();
      const dialog = page.getByRole("dialog", { name: "Add member" });
      await dialog.getByLabel("Name", { exact: true }).fill("Not A Photo");
      await dialog.getByLabel("Title", { exact: true }).fill("Refused");
      const photo = dialog.getByLabel("Photo", { exact: true });
      await photo.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("These are my notes, not a photo.\n") });
      expect(await save(page, dialog)).toBe(400);
      await expect(dialog.getByText(PHOTO_FORMATS, { exact: true })).toBeVisible();
      await expect(photo).toHaveAttribute("aria-invalid", "true");
      await expect(photo).toHaveAccessibleDescription(new RegExp(`${PHOTO_FORMATS.replace(/[()]/g, "\\$&")}$`));
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Not A Photo");
      await expectNoAxeViolations(page);

      const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 0, g: 128, b: 0 } } })
        .gif()
        .toBuffer();
      await photo.setInputFiles({ name: "animation.gif", mimeType: "image/gif", buffer: gif });
      expect(await save(page, dialog)).toBe(400);
      await expect(dialog.getByText(PHOTO_FORMATS, { exact: true })).toBeVisible();
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      expect(await storedTeam(database)).toEqual(before);
      expect(await database.db.selectFrom("images").select("id").orderBy("id").execute()).toEqual(imagesBefore);
      await page.goto("/");
      await expect(publicTeam(page)).toHaveCount(site.team.length);
      await expect(page.locator("#about")).not.toContainText("Not A Photo");
    });
  });
});
