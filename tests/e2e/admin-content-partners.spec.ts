import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import type { DatabaseHandle } from "../../server/db/database";
import { newId } from "../../server/db/ids";
import { CONTENT_IMAGE_FOLDER } from "../../server/content/import-content";
import { contentListRepo } from "../../server/repos/content-lists";
import { storeImage } from "../../server/services/image-store";
import { localStorage } from "../../server/storage/local-storage";
import type { E2eServer } from "./e2e-server";
import { expect, isPhone, test } from "./fixtures";
import { adminItemNames, BAD_REQUEST, CONFLICT, PHOTO_FORMATS, photoFile, tabTo, TRACE_READS_BROKEN_PREVIEW } from "./content-admin";
import { openPhoneMenu, topBar } from "./menus";

// Each test walks a whole flow at its width with axe at every step: with two workers on two cores, some take 25-30 s.
test.describe.configure({ timeout: 60_000 });

/*
 * The admin's Collaborators and Resources screens, /admin/content/collaborators and /admin/content/resources, and what
 * they edit on /: the "Our Collaborator" cards, the Resources cards and the top bar's Resources menu. Every test starts
 * from the content the worker's server imported from content/site.ts (the `site` fixture; resetData puts the rows
 * back).
 *
 * resetData puts back the rows and the photos imported from content/. The items a test edits, moves or deletes after
 * adding them are stored by the test itself (seedCollaborator, seedResource), each with a logo or picture stored as an
 * admin's upload is, so a delete taking its photo along never touches an imported one.
 */

const COLLABORATORS = "/admin/content/collaborators";
const RESOURCES = "/admin/content/resources";
const LOGO_REQUIRED = "Choose the collaborator's logo";
const BAD_LINK = "Link must be a link starting with https:// or http://";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A message at the end of a control's accessible description (after the field's line of help, if it has one). */
const endsWith = (message: string) => new RegExp(`${escapeRegExp(message)}$`);

/** The cards under "Our Collaborator" on /. */
const publicCollaborators = (page: Page) => page.locator("#collaborator").getByRole("listitem");
/** A collaborator's name as its card's heading: the name alone, or a link to its site that says it opens a new tab. */
const collaboratorHeading = (name: string) => new RegExp(`^${escapeRegExp(name)}( \\(opens in a new tab\\))?$`);
const publicCollaborator = (page: Page, name: string) =>
  publicCollaborators(page).filter({ has: page.getByRole("heading", { level: 3, name: collaboratorHeading(name) }) });

/** The cards of the Resources section on /. */
const publicResources = (page: Page) => page.locator("#resources").getByRole("listitem");
const publicResource = (page: Page, title: string) =>
  publicResources(page).filter({ has: page.getByRole("heading", { level: 3, name: title, exact: true }) });

/** A Resources menu entry: its label, then the icon that says it opens a new tab. */
const menuEntry = (scope: Locator, label: string) => scope.getByRole("link", { name: `${label} (opens in a new tab)`, exact: true });

/**
 * Opens the top bar's Resources menu as a visitor does: the dropdown on a wide screen, the hamburger's "Resources"
 * disclosure on a phone. Returns where its entries are.
 */
async function openResourcesMenu(page: Page): Promise<Locator> {
  if (isPhone(page)) {
    const menu = await openPhoneMenu(page);
    const disclosure = menu.locator("details").filter({ has: page.locator("summary", { hasText: /^Resources$/ }) });
    await disclosure.locator("summary").click();
    await expect(disclosure).toHaveAttribute("open", "");
    return disclosure;
  }
  const trigger = topBar(page).getByRole("button", { name: "Resources", exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  return page.locator(`[id="${await trigger.getAttribute("aria-controls")}"]`);
}

const storedCollaborators = (database: DatabaseHandle) =>
  database.db.selectFrom("collaborators").selectAll().orderBy("position").orderBy("id").execute();
const storedResources = (database: DatabaseHandle) =>
  database.db.selectFrom("resources").selectAll().orderBy("position").orderBy("id").execute();
const storedImageIds = (database: DatabaseHandle) => database.db.selectFrom("images").select("id").orderBy("id").execute();

/** Stores a photo as an admin's upload is (not one imported from content/); returns its image id. */
async function storeUpload(database: DatabaseHandle, server: E2eServer): Promise<string> {
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 190, g: 24, b: 93 } } })
    .jpeg()
    .toBuffer();
  const image = await storeImage(
    { db: database.db, storage: localStorage(path.join(server.dataDir, "uploads")) },
    jpeg,
    CONTENT_IMAGE_FOLDER,
  );
  return image.id;
}

/** Adds, through the app's own list repository, a collaborator last in the list, as the admin's "Add collaborator" would. */
async function seedCollaborator(
  database: DatabaseHandle,
  server: E2eServer,
  values: { name: string; description: string; url: string | null },
): Promise<{ id: string; imageId: string }> {
  const imageId = await storeUpload(database, server);
  const id = newId();
  await database.db.transaction().execute(async (trx) => {
    await contentListRepo(trx, "collaborators").append(id, { ...values, image_id: imageId });
    await trx
      .updateTable("settings")
      .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
      .execute();
  });
  return { id, imageId };
}

/** Adds a resource card last in the list, as the admin's "Add resource" would. */
async function seedResource(
  database: DatabaseHandle,
  server: E2eServer,
  values: { title: string; menu_label: string; url: string },
): Promise<{ id: string; imageId: string }> {
  const imageId = await storeUpload(database, server);
  const id = newId();
  await database.db.transaction().execute(async (trx) => {
    await contentListRepo(trx, "resources").append(id, { ...values, image_id: imageId });
    await trx
      .updateTable("settings")
      .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
      .execute();
  });
  return { id, imageId };
}

/** The card's picture is a stored upload that the site serves and the browser draws. */
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
async function save(page: Page, dialog: Locator, action: string): Promise<number> {
  const answer = page.waitForResponse(
    (response) =>
      response.request().method() === "POST" && new RegExp(`^${escapeRegExp(action)}(\\.data)?$`).test(new URL(response.url()).pathname),
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  return (await answer).status();
}

/** The collaborator the tests that edit, move and delete one store first (seedCollaborator). */
const NOOR = {
  name: "Noor Blood Bank",
  description: "Runs the thalassaemia blood drives with us every term.",
  url: "https://noor-blood-bank.example.org/donate",
};

/** The resource card the tests that edit, move and delete one store first (seedResource). */
const FINAL_YEAR = {
  title: "Final Year Notes",
  menu_label: "Final Year",
  url: "https://drive.google.com/drive/folders/final-year-notes",
};

test.describe("admin site content: collaborators and resources", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test.describe("collaborators", () => {
    test("'Add collaborator' with a logo and a link: 'Saved', it is last in the list, and its card on / links its name to the link", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const names = site.collaborators.map((collaborator) => collaborator.name);
      await page.goto(COLLABORATORS);
      await expect(page.getByRole("heading", { name: "Collaborators", level: 1 })).toBeVisible();
      expect(await adminItemNames(page)).toEqual(names);
      await expect(page.getByRole("button", { name: `Move up: ${names[0]!}` })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move down: ${names.at(-1)!}` })).toBeDisabled();
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Add collaborator" }).click();
      const dialog = page.getByRole("dialog", { name: "Add collaborator" });
      await expect(dialog).toBeVisible();
      for (const label of ["Name", "Description", "Link"]) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue("");
      await dialog.getByLabel("Name", { exact: true }).fill(NOOR.name);
      await dialog.getByLabel("Description", { exact: true }).fill(NOOR.description);
      await dialog.getByLabel("Link", { exact: true }).fill(NOOR.url);
      await dialog.getByLabel("Logo", { exact: true }).setInputFiles(await photoFile("noor-logo.jpg"));
      await expect(dialog.getByRole("img", { name: "Preview of the chosen logo" })).toHaveAttribute("src", /^blob:/);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual([...names, NOOR.name]);
      const listed = page.getByRole("main").getByRole("listitem").last();
      await expect(listed.getByRole("img", { name: `${NOOR.name} logo` })).toBeVisible();
      await expect(listed).toContainText(NOOR.url);

      const added = (await storedCollaborators(database)).at(-1)!;
      expect(added).toMatchObject({ name: NOOR.name, description: NOOR.description, url: NOOR.url, version: 1 });
      expect(added.image_id).toBeTruthy();

      await page.goto("/");
      await expect(publicCollaborators(page)).toHaveCount(names.length + 1);
      const card = publicCollaborators(page).last();
      const heading = card.getByRole("heading", { level: 3 });
      await expect(heading).toHaveAccessibleName(`${NOOR.name} (opens in a new tab)`);
      const link = heading.getByRole("link");
      await expect(link).toHaveAttribute("href", NOOR.url);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(card).toContainText(NOOR.description);
      await expectStoredPhoto(page, card, `${NOOR.name} logo`);
    });

    test("Edit opens the collaborator's texts and logo; a new description is on / at once, the link and logo kept", async ({
      page,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const seeded = await seedCollaborator(database, server, NOOR);
      const description = "Keeps a register of student donors for the district hospital.";
      await page.goto(COLLABORATORS);
      await page.getByRole("button", { name: `Edit: ${NOOR.name}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit collaborator" });
      await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(NOOR.name);
      await expect(dialog.getByLabel("Description", { exact: true })).toHaveValue(NOOR.description);
      await expect(dialog.getByLabel("Link", { exact: true })).toHaveValue(NOOR.url);
      await expect(dialog.getByRole("img", { name: `Current logo of ${NOOR.name}` })).toBeVisible();
      await expectNoAxeViolations(page);

      await dialog.getByLabel("Description", { exact: true }).fill(description);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("main").getByRole("listitem").last()).toContainText(description);
      const stored = await database.db.selectFrom("collaborators").selectAll().where("id", "=", seeded.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: NOOR.name, description, url: NOOR.url, image_id: seeded.imageId, version: 2 });

      await page.goto("/");
      const card = publicCollaborator(page, NOOR.name);
      await expect(card).toContainText(description);
      await expect(card).not.toContainText(NOOR.description);
      await expect(card.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute("href", NOOR.url);
      await expectStoredPhoto(page, card, `${NOOR.name} logo`);
      await expectNoAxeViolations(page);
    });

    test("by keyboard only: Tab to 'Move up', Enter moves the collaborator up with the focus kept, and / shows the new order", async ({
      page,
      site,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      await seedCollaborator(database, server, NOOR);
      const names = site.collaborators.map((collaborator) => collaborator.name);
      await page.goto(COLLABORATORS);
      await expect.poll(() => adminItemNames(page)).toEqual([...names, NOOR.name]);
      await expect(page.getByRole("button", { name: `Move down: ${NOOR.name}` })).toBeDisabled();
      const moveUp = page.getByRole("button", { name: `Move up: ${NOOR.name}` });
      await tabTo(page, moveUp, 120);

      await page.keyboard.press("Enter");
      const once = [...names.slice(0, -1), NOOR.name, names.at(-1)!];
      await expect.poll(() => adminItemNames(page)).toEqual(once);
      await expect(moveUp).toBeFocused();

      // Enter again moves it further, the focus still on its "Move up".
      await page.keyboard.press("Enter");
      const twice = [...names.slice(0, -2), NOOR.name, ...names.slice(-2)];
      await expect.poll(() => adminItemNames(page)).toEqual(twice);
      await expect(moveUp).toBeFocused();
      await expectNoAxeViolations(page);
      expect((await storedCollaborators(database)).map((row) => row.name)).toEqual(twice);

      await page.goto("/");
      await expect(publicCollaborators(page).getByRole("heading", { level: 3 })).toHaveText(twice.map(collaboratorHeading));
    });

    test("Delete asks 'Delete the collaborator “<name>”?', then says 'Deleted'; the card is gone from / and its logo from storage", async ({
      page,
      site,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const seeded = await seedCollaborator(database, server, NOOR);
      const names = site.collaborators.map((collaborator) => collaborator.name);
      await page.goto(COLLABORATORS);
      await page.getByRole("button", { name: `Delete: ${NOOR.name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete the collaborator “${NOOR.name}”?` });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);

      // Cancel keeps it.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      expect(await adminItemNames(page)).toEqual([...names, NOOR.name]);

      await page.getByRole("button", { name: `Delete: ${NOOR.name}` }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual(names);
      expect((await storedCollaborators(database)).map((row) => row.name)).toEqual(names);
      // Its logo went with it.
      await expect
        .poll(() => database.db.selectFrom("images").select("id").where("id", "=", seeded.imageId).executeTakeFirst())
        .toBeUndefined();

      await page.goto("/");
      await expect(publicCollaborators(page)).toHaveCount(names.length);
      await expect(publicCollaborator(page, NOOR.name)).toHaveCount(0);
      await expect(page.locator("#collaborator")).not.toContainText(NOOR.name);
    });

    test("a new collaborator without a logo says 'Choose the collaborator's logo', a Link that is not http(s) says so; nothing is added", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const before = await storedCollaborators(database);
      await page.goto(COLLABORATORS);
      await page.getByRole("button", { name: "Add collaborator" }).click();
      const dialog = page.getByRole("dialog", { name: "Add collaborator" });
      await dialog.getByLabel("Name", { exact: true }).fill("Logo Less Trust");
      await dialog.getByLabel("Description", { exact: true }).fill("Has not sent its logo yet.");
      await dialog.getByRole("button", { name: "Save" }).click();
      const logo = dialog.getByLabel("Logo", { exact: true });
      await expect(dialog.getByText(LOGO_REQUIRED, { exact: true })).toBeVisible();
      await expect(logo).toHaveAttribute("aria-invalid", "true");
      await expect(logo).toHaveAccessibleDescription(endsWith(LOGO_REQUIRED));
      await expect(dialog).toBeVisible();
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      // With a logo, a Link that is not an http(s) address is refused at the Link field.
      await logo.setInputFiles(await photoFile("logo.jpg"));
      const link = dialog.getByLabel("Link", { exact: true });
      for (const bad of ["javascript:alert(1)", "not a link"]) {
        await link.fill(bad);
        await dialog.getByRole("button", { name: "Save" }).click();
        await expect(dialog.getByText(BAD_LINK, { exact: true })).toBeVisible();
        await expect(link).toHaveAttribute("aria-invalid", "true");
        await expect(link).toHaveAccessibleDescription(endsWith(BAD_LINK));
        await expect(dialog.getByText(LOGO_REQUIRED, { exact: true })).toHaveCount(0);
        await expect(dialog).toBeVisible();
      }
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      expect(await storedCollaborators(database)).toEqual(before);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      expect(await adminItemNames(page)).toEqual(site.collaborators.map((collaborator) => collaborator.name));
      await page.goto("/");
      await expect(publicCollaborators(page)).toHaveCount(site.collaborators.length);
      await expect(page.locator("#collaborator")).not.toContainText("Logo Less Trust");
    });
  });

  test.describe("resources", () => {
    test("'Add resource' with a picture: 'Saved', it is last in the list, and / has its card and its entry in the Resources menu", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const titles = site.resources.map((resource) => resource.title);
      const { title, menu_label: label, url } = FINAL_YEAR;
      await page.goto(RESOURCES);
      await expect(page.getByRole("heading", { name: "Resources", level: 1 })).toBeVisible();
      expect(await adminItemNames(page)).toEqual(titles);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Add resource" }).click();
      const dialog = page.getByRole("dialog", { name: "Add resource" });
      await expect(dialog).toBeVisible();
      for (const field of ["Title", "Menu label", "Link"]) await expect(dialog.getByLabel(field, { exact: true })).toHaveValue("");
      await dialog.getByLabel("Title", { exact: true }).fill(title);
      await dialog.getByLabel("Menu label", { exact: true }).fill(label);
      await dialog.getByLabel("Link", { exact: true }).fill(url);
      await dialog.getByLabel("Picture", { exact: true }).setInputFiles(await photoFile("final-year.jpg"));
      await expect(dialog.getByRole("img", { name: "Preview of the chosen picture" })).toHaveAttribute("src", /^blob:/);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual([...titles, title]);
      const listed = page.getByRole("main").getByRole("listitem").last();
      await expect(listed.getByRole("img", { name: `Illustration for ${title}` })).toBeVisible();
      await expect(listed).toContainText(`In the menu: ${label}`);
      expect((await storedResources(database)).at(-1)).toMatchObject({ title, menu_label: label, url, version: 1 });

      await page.goto("/");
      await expect(publicResources(page).getByRole("heading", { level: 3 })).toHaveText([...titles, title]);
      const card = publicResource(page, title);
      const notes = card.getByRole("link", { name: `View Notes: ${title} (opens in a new tab)`, exact: true });
      await expect(notes).toHaveAttribute("href", url);
      await expect(notes).toHaveAttribute("target", "_blank");
      await expectStoredPhoto(page, card, `Illustration for ${title}`);
      const menu = await openResourcesMenu(page);
      await expect(menu.getByRole("link")).toHaveText([...site.resources.map((resource) => resource.menuLabel), label]);
      await expect(menuEntry(menu, label)).toHaveAttribute("href", url);
      await expect(menuEntry(menu, label)).toHaveAttribute("target", "_blank");
    });

    test("Edit opens the card's texts and picture; a new menu label is in the Resources menu on / at once, the card kept", async ({
      page,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const seeded = await seedResource(database, server, FINAL_YEAR);
      const { title, url } = FINAL_YEAR;
      await page.goto(RESOURCES);
      await page.getByRole("button", { name: `Edit: ${title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit resource" });
      await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(title);
      await expect(dialog.getByLabel("Menu label", { exact: true })).toHaveValue(FINAL_YEAR.menu_label);
      await expect(dialog.getByLabel("Link", { exact: true })).toHaveValue(url);
      await expect(dialog.getByRole("img", { name: `Current picture of ${title}` })).toBeVisible();
      await expectNoAxeViolations(page);

      await dialog.getByLabel("Menu label", { exact: true }).fill("Final Professional");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("main").getByRole("listitem").last()).toContainText("In the menu: Final Professional");
      const stored = await database.db.selectFrom("resources").selectAll().where("id", "=", seeded.id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ title, menu_label: "Final Professional", url, image_id: seeded.imageId, version: 2 });

      await page.goto("/");
      await expect(publicResource(page, title).getByRole("link", { name: /^View Notes/ })).toHaveAttribute("href", url);
      const menu = await openResourcesMenu(page);
      await expect(menuEntry(menu, "Final Professional")).toHaveAttribute("href", url);
      await expect(menuEntry(menu, FINAL_YEAR.menu_label)).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test("by keyboard only: Tab to 'Move up', Enter moves the card up with the focus kept; / shows the new order, menu too", async ({
      page,
      site,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      await seedResource(database, server, FINAL_YEAR);
      const titles = site.resources.map((resource) => resource.title);
      const labels = site.resources.map((resource) => resource.menuLabel);
      await page.goto(RESOURCES);
      await expect.poll(() => adminItemNames(page)).toEqual([...titles, FINAL_YEAR.title]);
      const moveUp = page.getByRole("button", { name: `Move up: ${FINAL_YEAR.title}` });
      await tabTo(page, moveUp, 120);

      await page.keyboard.press("Enter");
      const moved = [...titles.slice(0, -1), FINAL_YEAR.title, titles.at(-1)!];
      await expect.poll(() => adminItemNames(page)).toEqual(moved);
      await expect(moveUp).toBeFocused();
      await expectNoAxeViolations(page);
      expect((await storedResources(database)).map((row) => row.title)).toEqual(moved);

      await page.goto("/");
      await expect(publicResources(page).getByRole("heading", { level: 3 })).toHaveText(moved);
      const menu = await openResourcesMenu(page);
      await expect(menu.getByRole("link")).toHaveText([...labels.slice(0, -1), FINAL_YEAR.menu_label, labels.at(-1)!]);
    });

    test("Delete asks 'Delete the resource “<title>”?', then says 'Deleted'; the card and its menu entry are gone from /", async ({
      page,
      site,
      database,
      server,
      expectNoAxeViolations,
    }) => {
      const seeded = await seedResource(database, server, FINAL_YEAR);
      const titles = site.resources.map((resource) => resource.title);
      await page.goto(RESOURCES);
      await page.getByRole("button", { name: `Delete: ${FINAL_YEAR.title}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete the resource “${FINAL_YEAR.title}”?` });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect.poll(() => adminItemNames(page)).toEqual(titles);
      expect((await storedResources(database)).map((row) => row.title)).toEqual(titles);
      await expect
        .poll(() => database.db.selectFrom("images").select("id").where("id", "=", seeded.imageId).executeTakeFirst())
        .toBeUndefined();

      await page.goto("/");
      await expect(publicResources(page).getByRole("heading", { level: 3 })).toHaveText(titles);
      await expect(publicResource(page, FINAL_YEAR.title)).toHaveCount(0);
      await expect(page.locator("#resources").getByRole("link", { name: /^View Notes/ })).toHaveCount(titles.length);
      const menu = await openResourcesMenu(page);
      await expect(menu.getByRole("link")).toHaveText(site.resources.map((resource) => resource.menuLabel));
    });

    // The action refuses a file that is not a photo with 400 Bad Request, which the browser logs.
    test.describe("a file that is not a photo", () => {
      // One pattern: Playwright would take a second entry of the array for the fixture's options.
      test.use({ allowedConsoleErrors: [new RegExp(`${BAD_REQUEST.source}|${TRACE_READS_BROKEN_PREVIEW.source}`)] });

      test("a text file named .jpg as the Picture says the formats message at the field and nothing is added", async ({
        page,
        site,
        database,
        expectNoAxeViolations,
      }) => {
        const before = await storedResources(database);
        const imagesBefore = await storedImageIds(database);
        await page.goto(RESOURCES);
        await page.getByRole("button", { name: "Add resource" }).click();
        const dialog = page.getByRole("dialog", { name: "Add resource" });
        await dialog.getByLabel("Title", { exact: true }).fill("Not A Picture");
        await dialog.getByLabel("Menu label", { exact: true }).fill("Refused");
        await dialog.getByLabel("Link", { exact: true }).fill("https://drive.google.com/drive/folders/refused");
        const picture = dialog.getByLabel("Picture", { exact: true });
        await picture.setInputFiles({
          name: "notes.jpg",
          mimeType: "image/jpeg",
          buffer: Buffer.from("These are my notes, not a photo.\n"),
        });
        expect(await save(page, dialog, "/admin/content/resources/save")).toBe(400);
        await expect(dialog.getByText(PHOTO_FORMATS, { exact: true })).toBeVisible();
        await expect(picture).toHaveAttribute("aria-invalid", "true");
        await expect(picture).toHaveAccessibleDescription(endsWith(PHOTO_FORMATS));
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue("Not A Picture");
        await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page);

        expect(await storedResources(database)).toEqual(before);
        expect(await storedImageIds(database)).toEqual(imagesBefore);
        await page.goto("/");
        await expect(publicResources(page)).toHaveCount(site.resources.length);
        await expect(page.locator("#resources")).not.toContainText("Not A Picture");
        const menu = await openResourcesMenu(page);
        await expect(menu.getByRole("link")).toHaveText(site.resources.map((resource) => resource.menuLabel));
      });
    });

    // The action answers a conflict with 409 Conflict, which the browser logs.
    test.describe("a save from an older copy", () => {
      test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409 \(Conflict\)/] });

      test("a resource changed by someone else after Edit opened: Save says the conflict message and changes nothing", async ({
        page,
        site,
        database,
        expectNoAxeViolations,
      }) => {
        const [first] = site.resources;
        await page.goto(RESOURCES);
        await page.getByRole("button", { name: `Edit: ${first!.title}` }).click();
        const dialog = page.getByRole("dialog", { name: "Edit resource" });
        await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(first!.title);

        // Someone else saves the resource meanwhile (their save raises its version).
        await database.db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable("resources")
            .set((eb) => ({ menu_label: "Changed elsewhere", version: eb("version", "+", 1) }))
            .where("title", "=", first!.title)
            .executeTakeFirst();
          if (updated.numUpdatedRows !== 1n) throw new Error(`no resource titled ${first!.title}`);
          await trx
            .updateTable("settings")
            .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
            .execute();
        });
        const before = await storedResources(database);

        await dialog.getByLabel("Title", { exact: true }).fill("Saved from an older copy");
        await dialog.getByLabel("Link", { exact: true }).fill("https://drive.google.com/drive/folders/older-copy");
        expect(await save(page, dialog, "/admin/content/resources/save")).toBe(409);
        await expect(dialog.getByText(CONFLICT, { exact: true })).toBeVisible();
        await expect(dialog).toBeVisible();
        await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
        await expectNoAxeViolations(page);

        expect(await storedResources(database)).toEqual(before);
        await page.goto("/");
        await expect(publicResources(page).getByRole("heading", { level: 3 })).toHaveText(site.resources.map((resource) => resource.title));
        await expect(publicResource(page, first!.title).getByRole("link", { name: /^View Notes/ })).toHaveAttribute("href", first!.url);
        await expect(page.locator("#resources")).not.toContainText("Saved from an older copy");
        const menu = await openResourcesMenu(page);
        await expect(menuEntry(menu, "Changed elsewhere")).toHaveAttribute("href", first!.url);
      });
    });
  });
});
