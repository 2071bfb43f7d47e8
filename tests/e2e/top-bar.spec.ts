import type { Locator } from "@playwright/test";
import type { DatabaseHandle } from "#server/db/database.ts";
import { holdChunk } from "./chunks";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";
import { hamburger, menuScope, openPhoneMenu, phoneMenu, topBar, visibleMenuEntries } from "./menus";

/** SPEC 2, "Top bar": the full menu, in order. */
const FULL_MENU = [
  "Home",
  "About Us",
  "Announcement",
  "Collaborator",
  "Resources",
  "Events & Activities",
  "Explore SMC",
  "Join Us",
  "Contact Us",
];
/** Entries only the full menu has; the short top bar of the gallery pages leaves them out. */
const FULL_MENU_ONLY = ["About Us", "Collaborator", "Resources", "Join Us", "Contact Us"];
// The Resources panel lists the content's entries (content/site.ts), read through the `site` fixture; the Events &
// Activities panel lists the galleries with photos, read from the worker's database.

/** The events and activities that have photos, in the galleries' order: what the Events & Activities panel lists. */
async function galleriesWithPhotos({ db }: DatabaseHandle) {
  const galleries = await db
    .selectFrom("galleries")
    .select(["name", "slug", "kind"])
    .where("kind", "in", ["event", "activity"])
    .where((eb) => eb.exists(eb.selectFrom("galleryPhotos").select("id").whereRef("galleryPhotos.galleryId", "=", "galleries.id")))
    .orderBy("position")
    .execute();
  const events = galleries.filter((gallery) => gallery.kind === "event");
  const activities = galleries.filter((gallery) => gallery.kind === "activity");
  expect(events.length * activities.length, "the starting content has events and activities with photos").toBeGreaterThan(0);
  return { events, activities };
}

/* Each test is a visit: one page load, then everything a visitor does there, step by step. */
test.describe("the top bar", { tag: BOTH_WIDTHS }, () => {
  test("on / the full menu; Join Us asks once its code arrives, by click or keyboard, Cancel and Escape give focus back, Continue opens the form; off, Join Us leaves both menus", async ({
    page,
    seed,
  }) => {
    const chunk = await holdChunk(page, "join-dialogs");
    await page.goto("/");
    const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to join us?" });
    const cancel = confirm.getByRole("button", { name: "Cancel", exact: true });
    const joinUsIn = (scope: Locator) => scope.getByRole("button", { name: "Join Us", exact: true });
    // On a phone the menu closes as Join Us opens: focus goes back to the hamburger that reopens it.
    const focusBack = isPhone(page) ? hamburger(page) : joinUsIn(topBar(page));

    await test.step("the full menu: Home, About Us, Announcement, Collaborator, Resources, Events & Activities, Explore SMC, Join Us, Contact Us", async () => {
      if (isPhone(page)) {
        // On a phone the entries live in the hamburger's dropdown, not in the bar.
        await expect(topBar(page).getByRole("link", { name: "About Us", exact: true })).toBeHidden();
      }
      expect(await visibleMenuEntries(page)).toEqual(FULL_MENU);
      if (isPhone(page)) await hamburger(page).click(); // close the dropdown again
    });

    await test.step("Join Us clicked before the dialogs' code has arrived asks once it arrives, once; Cancel gives focus back", async () => {
      const joinUs = joinUsIn(await menuScope(page));
      await joinUs.click();
      if (!isPhone(page)) await joinUs.click(); // on a phone the menu has closed by now
      await expect.poll(() => chunk.held.length, { message: "the dialogs' code is fetched once, not with the page" }).toBe(1);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);

      chunk.release();
      await expect(confirm).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(1);
      await cancel.click();
      await expect(confirm).toBeHidden();
      await expect(focusBack).toBeFocused();
    });

    await test.step("Join Us asks 'Are you absolutely sure you want to join us?' with Cancel and Continue; Cancel closes it", async () => {
      await joinUsIn(await menuScope(page)).click();
      await expect(confirm).toBeVisible();
      await expect(cancel).toBeVisible();
      await expect(confirm.getByRole("button", { name: "Continue", exact: true })).toBeVisible();
      await cancel.click();
      await expect(confirm).toBeHidden();
    });

    await test.step("from the keyboard: Enter or Space asks, Escape cancels and gives focus back, Continue opens the form", async () => {
      for (const key of ["Enter", "Space"]) {
        if (isPhone(page)) {
          await hamburger(page).focus();
          await page.keyboard.press("Enter");
          await expect(hamburger(page)).toHaveAttribute("aria-expanded", "true");
        }
        const scope = isPhone(page) ? await phoneMenu(page) : topBar(page);
        await joinUsIn(scope).focus();
        await page.keyboard.press(key);
        await expect(confirm).toBeVisible();
        await expect(cancel).toBeFocused();
        if (key === "Space") break;
        await page.keyboard.press("Escape");
        await expect(confirm).toBeHidden();
        await expect(focusBack).toBeFocused();
      }
      await page.keyboard.press("Tab");
      await expect(confirm.getByRole("button", { name: "Continue", exact: true })).toBeFocused();
      await page.keyboard.press("Enter");
      const form = page.getByRole("dialog", { name: "Fill the form below to Join us" });
      await expect(form).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect(form.getByLabel("Full name", { exact: true })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(form).toBeHidden();
      await expect(focusBack).toBeFocused();
    });

    await test.step("Join Us disappears from both menus when the join setting is off", async () => {
      await seed.joinUsVisible(false);
      await page.reload();
      expect(await visibleMenuEntries(page)).toEqual(FULL_MENU.filter((entry) => entry !== "Join Us"));
      // Neither the wide-screen bar nor the hamburger's dropdown has it, shown or not.
      await expect(topBar(page).getByRole("button", { name: "Join Us", exact: true, includeHidden: true })).toHaveCount(0);
      await expect(topBar(page).getByRole("link", { name: "Join Us", exact: true, includeHidden: true })).toHaveCount(0);
    });
  });

  test("the gallery pages show the short menu, without the home page's sections or Join Us, and the logo leads to /; /admin shows only Admin and 'See your announcements'", async ({
    page,
  }) => {
    for (const path of ["/announcement", "/events-and-activities", "/explore-smc"]) {
      await test.step(`on ${path}`, async () => {
        await page.goto(path);
        const entries = await visibleMenuEntries(page);
        expect(entries.length).toBeGreaterThan(0);
        for (const entry of FULL_MENU_ONLY) expect(entries).not.toContain(entry);
        if (isPhone(page)) await hamburger(page).click(); // close the dropdown again

        const logo = topBar(page)
          .getByRole("link")
          .filter({ has: page.locator("img") })
          .first();
        await expect(logo).toHaveAttribute("href", "/");
        await logo.click();
        await expect(page).toHaveURL(/\/$/);
        await expect(page.getByRole("heading", { level: 1 })).toContainText("Empowering minds, changing lives");
      });
    }

    await test.step("on /admin", async () => {
      await page.goto("/admin");
      const bar = topBar(page);
      await expect(bar.getByRole("link", { name: "Admin", exact: true })).toBeVisible();
      await expect(bar.getByRole("link", { name: "See your announcements", exact: true })).toBeVisible();
      for (const entry of FULL_MENU) {
        await expect(
          bar.getByRole("link", { name: entry, exact: true }).or(bar.getByRole("button", { name: entry, exact: true })),
        ).toHaveCount(0);
      }
    });
  });

  test.describe("on a phone", () => {
    test.beforeEach(({ page }) => {
      // At 1280 px the hamburger is hidden; the wide-screen test below covers the dropdowns there.
      test.skip(!isPhone(page), "the hamburger is the small-screen menu");
    });

    test("the hamburger opens and closes the menu; choosing a section, an event or a page closes it and goes there", async ({
      page,
      database,
    }) => {
      const { events, activities } = await galleriesWithPhotos(database);
      await page.goto("/");

      await test.step("the hamburger opens and closes the menu", async () => {
        const button = hamburger(page);
        const menu = await phoneMenu(page);
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await expect(menu).toBeHidden();

        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "true");
        await expect(menu).toBeVisible();

        await button.click();
        await expect(button).toHaveAttribute("aria-expanded", "false");
        await expect(menu).toBeHidden();
      });

      await test.step("choosing a section of the home page closes the menu and scrolls there", async () => {
        const menu = await openPhoneMenu(page);
        await menu.getByRole("link", { name: "Collaborator", exact: true }).click();

        await expect(page).toHaveURL(/#collaborator$/);
        await expect(hamburger(page)).toHaveAttribute("aria-expanded", "false");
        await expect(menu).toBeHidden();
        await expect(page.getByRole("heading", { name: "Our Collaborator" })).toBeInViewport();
      });

      await test.step("choosing a link closes the menu and goes there", async () => {
        const menu = await openPhoneMenu(page);
        await menu.getByRole("link", { name: "Explore SMC", exact: true }).click();

        await expect(page).toHaveURL(/\/explore-smc$/);
        await expect(page.getByRole("heading", { name: "Explore SMC", level: 1 })).toBeVisible();
        await expect(hamburger(page)).toHaveAttribute("aria-expanded", "false");
        await expect(await phoneMenu(page)).toBeHidden();
      });

      await test.step("Events & Activities unfolds each event and activity with photos; choosing one closes the menu and opens its page", async () => {
        await page.goto("/");
        const menu = await openPhoneMenu(page);
        await menu.getByText("Events & Activities", { exact: true }).click();
        for (const gallery of [...events, ...activities])
          await expect(menu.getByRole("link", { name: gallery.name, exact: true })).toBeVisible();

        const first = events[0]!;
        await menu.getByRole("link", { name: first.name, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`/events-and-activities/${first.slug}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(first.name);
        await expect(hamburger(page)).toHaveAttribute("aria-expanded", "false");
      });
    });
  });
});

/* The dropdowns exist only where the bar shows them, at desktop width; the phone's menu is tested above. */
test("on a wide screen, Resources opens on hover or from the keyboard and lists every shared folder; Events & Activities opens on hover and an entry opens its page", async ({
  page,
  site,
  database,
}) => {
  const { events, activities } = await galleriesWithPhotos(database);
  await page.goto("/");
  const bar = topBar(page);

  await test.step("Resources opens from the keyboard: Enter on the trigger opens it, Escape closes it", async () => {
    const trigger = bar.getByRole("button", { name: "Resources", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    for (const { menuLabel } of site.resources) await expect(bar.getByRole("link", { name: menuLabel })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(bar.getByRole("link", { name: site.resources[0]!.menuLabel })).toBeHidden();
  });

  await test.step("Resources opens on hover and lists every shared folder (Medical books, 1st Year, ...), each in a new tab", async () => {
    await bar.getByRole("button", { name: "Resources", exact: true }).hover();
    for (const { menuLabel, url } of site.resources) {
      const link = bar.getByRole("link", { name: menuLabel });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("href", url);
    }
  });

  await test.step("Events & Activities opens on hover and lists each event and activity with photos; an entry opens its own page", async () => {
    const entry = (name: string) => bar.getByRole("link", { name, exact: true });
    await page.mouse.move(0, 400); // away from the bar: the Resources dropdown closes
    await expect(entry(events[0]!.name)).toBeHidden();

    await bar.getByRole("button", { name: "Events & Activities", exact: true }).hover();
    for (const gallery of [...events, ...activities]) {
      await expect(entry(gallery.name)).toBeVisible();
      await expect(entry(gallery.name)).toHaveAttribute("href", `/events-and-activities/${gallery.slug}`);
    }

    const last = activities.at(-1)!;
    await entry(last.name).click();
    await expect(page).toHaveURL(new RegExp(`/events-and-activities/${last.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.name);
  });
});
