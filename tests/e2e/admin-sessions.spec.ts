import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectPanel, signInThroughForm } from "./sign-in";
import { goToAdminSection } from "./menus";

/**
 * Where you are signed in (docs/operations.md, "Sessions and passwords"): the security page lists each browser signed in
 * as the admin; one is signed out, then every other one. (The rules: server/auth/auth-service.test.ts.)
 */

const sessionList = (page: Page) => page.getByRole("list", { name: "Signed-in sessions" });

test("each browser signed in is listed; 'Sign out' ends one, 'Sign out everywhere else' the rest, and this one stays", async ({
  page,
  anotherBrowser,
  signInAsAdmin,
}) => {
  const phone = await anotherBrowser();
  const tablet = await anotherBrowser();
  for (const elsewhere of [phone, tablet]) await signInAsAdmin({ context: elsewhere.context() });
  await signInThroughForm(page);
  await expectPanel(page);

  await goToAdminSection(page, "Security");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  const sessions = sessionList(page).getByTestId("session");
  await expect(sessions).toHaveCount(3);
  await expect(sessionList(page).getByText("(this browser)")).toHaveCount(1);
  // The most recently active first: this browser, signed in from this machine's network (by its code, never the address).
  await expect(sessions.first()).toContainText("(this browser)");
  await expect(sessions.first()).toContainText(/Chrome on \w+/);
  await expect(sessions.first()).toContainText(/From this network \([0-9a-f]{8}\)\. Signed in .+; last active .+\./);

  const other = sessions.filter({ hasNotText: "(this browser)" }).first();
  await other.getByRole("button", { name: /^Sign out / }).click();
  await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
  await expect(sessions).toHaveCount(2);

  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Signed out everywhere else", { exact: true })).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  for (const elsewhere of [phone, tablet]) {
    await elsewhere.goto("/admin");
    await expect(elsewhere.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
  }
});
