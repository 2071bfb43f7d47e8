import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";

/**
 * Where you are signed in (docs/operations.md, "Sessions and passwords"): the security page lists each browser signed in
 * as the admin; one is signed out, then every other one.
 */

async function signInWithPassword(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("heading", { name: /^Admin Panel - All Requests/, level: 1 })).toBeVisible();
}

const sessionList = (page: Page) => page.getByRole("list", { name: "Signed-in sessions" });

test.describe("the admin's signed-in sessions", () => {
  test("each browser signed in is listed; 'Sign out' ends one, 'Sign out everywhere else' the rest, and this one stays", async ({
    page,
    anotherBrowser,
    expectNoAxeViolations,
  }) => {
    await signInWithPassword(page);
    const phone = await anotherBrowser();
    await signInWithPassword(phone);
    const tablet = await anotherBrowser();
    await signInWithPassword(tablet);

    await page.getByRole("link", { name: "Security", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
    const sessions = sessionList(page).getByTestId("session");
    await expect(sessions).toHaveCount(3);
    await expect(sessionList(page).getByText("(this browser)")).toHaveCount(1);
    await expect(sessions.first()).toContainText(/Chrome on \w+/);
    // Every browser here signs in from this machine: this network, by its code (never the address).
    await expect(sessions.first()).toContainText(/From this network \([0-9a-f]{8}\)\. Signed in .+; last active .+\./);
    await expectNoAxeViolations(page);

    // One other browser signed out: its next page is the login.
    const other = sessions.filter({ hasNotText: "(this browser)" }).first();
    await other.getByRole("button", { name: /^Sign out / }).click();
    await expect(page.getByText("Signed out", { exact: true })).toBeVisible();
    await expect(sessions).toHaveCount(2);

    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("Signed out everywhere else", { exact: true })).toBeVisible();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
    for (const elsewhere of [phone, tablet]) {
      await elsewhere.reload();
      await expect(elsewhere.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
    }
    await page.reload();
    await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  });

  test("the security page changes the password too", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/security");
    const form = page.getByRole("form", { name: "Change password" });
    await form.getByLabel("Current Password").fill(E2E_ADMIN.password);
    await form.getByLabel("New Password", { exact: true }).fill("quiet river lantern");
    await form.getByLabel("Confirm New Password").fill("quiet river lantern");
    await form.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully!", { exact: true })).toBeVisible();
  });
});
