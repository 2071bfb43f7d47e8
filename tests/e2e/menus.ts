/**
 * Reaching the top bar's entries the way a visitor does: directly on a wide screen, through the hamburger
 * on a small one (SPEC 2, "Top bar").
 */
import { expect, type Locator, type Page } from "@playwright/test";
import { isPhone } from "./fixtures";

export const topBar = (page: Page) => page.getByRole("banner");

/** The hamburger: a button whose name speaks of the menu ("Open menu" / "Close menu"). */
export const hamburger = (page: Page) => topBar(page).getByRole("button", { name: /menu/i });

/** The dropdown the hamburger controls. */
export async function phoneMenu(page: Page): Promise<Locator> {
  const id = await hamburger(page).getAttribute("aria-controls");
  expect(id, "the hamburger names the menu it controls (aria-controls)").toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

export async function openPhoneMenu(page: Page): Promise<Locator> {
  await hamburger(page).click();
  await expect(hamburger(page)).toHaveAttribute("aria-expanded", "true");
  const menu = await phoneMenu(page);
  await expect(menu).toBeVisible();
  return menu;
}

/** Where the entries are: the bar itself on a wide screen, the opened dropdown on a phone. */
export async function menuScope(page: Page): Promise<Locator> {
  return isPhone(page) ? openPhoneMenu(page) : topBar(page);
}

/**
 * The labels of the visible menu entries, in the order they are shown (links, buttons and disclosure
 * summaries), without the logo, the hamburger and the language switch.
 */
export async function visibleMenuEntries(page: Page): Promise<string[]> {
  const scope = await menuScope(page);
  return scope.evaluate((root) =>
    Array.from(root.querySelectorAll<HTMLElement>("a, button, summary"))
      .filter((element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
      .filter((element) => !element.querySelector("img") && !/menu/i.test(element.getAttribute("aria-label") ?? ""))
      // The language switch (a link to this page in the other language) is beside the menu, not one of its entries.
      .filter((element) => !element.hasAttribute("hreflang"))
      .filter((element) => !element.closest("summary") || element.tagName === "SUMMARY")
      .map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim())
      .filter((label) => label !== ""),
  );
}

/** Chooses a top-bar entry by its visible label, opening the hamburger first on a phone. */
export async function chooseTopBarEntry(page: Page, name: string): Promise<void> {
  const scope = await menuScope(page);
  await scope
    .getByRole("link", { name, exact: true })
    .or(scope.getByRole("button", { name, exact: true }))
    .click();
}

/** The admin area's navigation (app/components/admin/admin-nav.tsx), below the top bar on every admin page once signed in. */
export const adminNav = (page: Page) => page.getByRole("navigation", { name: "Admin" });

/** Its button on a phone: "Admin menu", which shows and hides the sections. */
export const adminMenuButton = (page: Page) => adminNav(page).getByRole("button", { name: "Admin menu" });

/** The admin navigation with its entries shown: at once on a wide screen, through "Admin menu" on a phone. */
export async function openAdminNav(page: Page): Promise<Locator> {
  const nav = adminNav(page);
  await expect(nav).toBeVisible();
  if ((await adminMenuButton(page).isVisible()) && (await adminMenuButton(page).getAttribute("aria-expanded")) !== "true") {
    await adminMenuButton(page).click();
    await expect(adminMenuButton(page)).toHaveAttribute("aria-expanded", "true");
  }
  return nav;
}

/** Goes to an admin section as an admin does, through the admin navigation ("Messages" may carry its unread count). */
export async function goToAdminSection(page: Page, section: string): Promise<void> {
  const nav = await openAdminNav(page);
  await nav.getByRole("link", { name: new RegExp(`^${section}(, \\d+ unread)?$`) }).click();
}

/** Logout, from the admin navigation. */
export async function logOutThroughNav(page: Page): Promise<void> {
  const nav = await openAdminNav(page);
  await nav.getByRole("button", { name: "Logout" }).click();
}
