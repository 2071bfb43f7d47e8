import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";

/**
 * "Confirm it's you" (docs/operations.md, "Sessions and passwords"): a sensitive change made more than 10 minutes after
 * the password was entered leads to a page asking for it again, which leads back; the change is then made again.
 */
test.describe("confirming it's you", () => {
  // A wrong password is a 400 answer, which the browser reports as a failed load.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test("an invitation sent long after signing in asks for the password first, then goes through", async ({
    page,
    database,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    // The password was entered at sign-in, 11 minutes ago.
    await database.db
      .updateTable("sessions")
      .set({ createdAt: new Date(Date.now() - 11 * 60 * 1000).toISOString(), authenticatedAt: null })
      .execute();
    await page.goto("/admin/accounts");
    const form = page.getByRole("form", { name: "Invite admin" });
    await form.getByLabel("Email").fill("late.invite@example.org");
    await form.getByRole("button", { name: "Send invitation" }).click();

    await expect(page.getByRole("heading", { name: "Confirm it's you", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/reauthenticate\?next=%2Fadmin%2Faccounts$/);
    const confirm = page.getByRole("form", { name: "Confirm it's you" });
    await confirm.getByLabel("Your password").fill("not my password");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm.getByText("That is not your password or a current code", { exact: true })).toBeVisible();
    await confirm.getByLabel("Your password").fill(E2E_ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();

    await expect(page).toHaveURL(/\/admin\/accounts$/);
    await expect(page.getByRole("list", { name: "Open invitations" })).toHaveCount(0);
    const again = page.getByRole("form", { name: "Invite admin" });
    await again.getByLabel("Email").fill("late.invite@example.org");
    await again.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Open invitations" })).toContainText("late.invite@example.org");
  });
});
