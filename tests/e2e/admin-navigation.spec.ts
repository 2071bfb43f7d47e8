import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { adminMenuButton, adminNav, goToAdminSection, openAdminNav } from "./menus";

/**
 * The admin navigation (docs/operations.md, "Finding your way in the admin area"): every section reached through it, as an
 * Owner and as an Editor, at phone and laptop widths; the current section marked; the phone's menu closed by a choice
 * and by Escape.
 */

/** Each section an Owner is shown, in order, with its address and its page's heading. */
const SECTIONS = [
  ["Requests", /\/admin$/, /^Admin Panel - All Requests/],
  ["Messages", /\/admin\/messages$/, /^Messages/],
  ["Members", /\/admin\/members$/, /^Members$/],
  ["Announcements", /\/admin-announcement$/, /^Your Announcements$/],
  ["Site content", /\/admin\/content$/, /^Site content$/],
  ["Blood", /\/admin\/blood$/, /^Blood$/],
  ["Accounts", /\/admin\/accounts$/, /^Accounts$/],
  ["Security", /\/admin\/security$/, /^Security$/],
  ["Mail", /\/admin\/mail$/, /^Mail$/],
  ["Certificates", /\/admin\/certificates$/, /^Certificates$/],
  ["Personal data", /\/admin\/personal-data$/, /^Personal data$/],
  ["Audit log", /\/admin\/audit$/, /^Audit log$/],
] as const;

const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;

test.describe(`the admin navigation ${BOTH_WIDTHS}`, () => {
  test("an Owner walks every section through it; the section shown is marked, and on a phone the menu closes once one is chosen", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin");
    const nav = await openAdminNav(page);
    await expect(nav.getByRole("link")).toHaveText(SECTIONS.map(([label]) => label));

    for (const [label, url, heading] of SECTIONS) {
      await goToAdminSection(page, label);
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (await adminMenuButton(page).isVisible()) await expect(adminMenuButton(page)).toHaveAttribute("aria-expanded", "false");
      await openAdminNav(page);
      await expect(adminNav(page).getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(adminNav(page).locator("[aria-current]")).toHaveCount(1);
    }
  });

  test("a page reached from a section marks that section; an Editor is not shown the Owners' sections; Escape closes the phone's menu", async ({
    page,
    seed,
    signInAsAdmin,
  }) => {
    await seed.admin(EDITOR);
    await signInAsAdmin({ email: EDITOR.email });
    await page.goto("/admin/content/team");
    const nav = await openAdminNav(page);
    await expect(nav.getByRole("link")).toHaveText(["Requests", "Messages", "Members", "Announcements", "Site content", "Security"]);
    await expect(nav.getByRole("link", { name: "Site content" })).toHaveAttribute("aria-current", "true");

    if (await adminMenuButton(page).isVisible()) {
      await nav.getByRole("link", { name: "Messages" }).focus();
      await page.keyboard.press("Escape");
      await expect(adminMenuButton(page)).toHaveAttribute("aria-expanded", "false");
      await expect(adminMenuButton(page)).toBeFocused();
      await expect(nav.getByRole("link")).toHaveCount(0);
    }
  });
});

test("the sign-in pages have no admin navigation, nor has the login at /admin", async ({ page }) => {
  for (const path of ["/admin", "/admin/login", "/admin/forgot-password"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(adminNav(page), path).toHaveCount(0);
  }
});
