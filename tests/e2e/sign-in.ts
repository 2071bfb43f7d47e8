import { expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./e2e-server";
import { logOutThroughNav } from "./menus";

/**
 * Signing in as a person does, through the login form, for the specs about signing in itself (the others use the
 * `signInAsAdmin` fixture, which gives the browser a session without the form).
 */

/** Fills the login form on the page (opening /admin first unless `goto` is false) and presses Login. */
export async function signInThroughForm(
  page: Page,
  { email, password }: { email: string; password: string } = E2E_ADMIN,
  { goto = true }: { goto?: boolean } = {},
): Promise<void> {
  if (goto) await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** The sign-in's second step: the code typed on the code screen, then Verify. */
export async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** The panel after a sign-in: /admin with its heading. */
export async function expectPanel(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: /^Admin Panel - All Requests/, level: 1 })).toBeVisible();
}

/** Logout from the admin navigation, back at the login. */
export async function signOut(page: Page): Promise<void> {
  await page.goto("/admin");
  await logOutThroughNav(page);
  await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
}
