import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { expectPanel, signInThroughForm } from "./sign-in";
import { logOutThroughNav } from "./menus";

test.describe("admin login", () => {
  // A refused sign-in is a 4xx answer, which Chromium reports on the console.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|401|429)/] });

  test("the login: the password shown and hidden, empty fields named, a wrong password refused in a toast, the right one opens the panel; Logout returns", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
    await expect(page.getByText("Please enter your credentials to get Admin access.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Back" })).toBeVisible();
    const email = page.getByLabel("Email");
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("placeholder", /^[^@\s]+@example\.(com|org)$/);

    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret words");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await signInThroughForm(page, { email: E2E_ADMIN.email, password: "not the password" }, { goto: false });
    await expect(page.getByText("Invalid credentials. Please check the email and password.", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();

    await signInThroughForm(page, E2E_ADMIN, { goto: false });
    await expectPanel(page);
    await expect(page.getByText("No user requested to join the organization..", { exact: true })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");

    await logOutThroughNav(page);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("signing in with a one-time password leads straight to a forced password change, then the panel", async ({ page, database }) => {
    await database.db.updateTable("admins").set({ mustChangePassword: 1 }).where("email", "=", E2E_ADMIN.email).execute();
    await signInThroughForm(page);
    await expect(page.getByRole("heading", { name: "Change Password", level: 1 })).toBeVisible();
    await expect(page.getByText("Admin Panel - All Requests")).toHaveCount(0);
    await page.getByLabel("Current Password").fill(E2E_ADMIN.password);
    await page.getByLabel("New Password", { exact: true }).fill("my very own password");
    await page.getByLabel("Confirm New Password").fill("my very own password");
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect(page.getByText("Password updated successfully!", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (0)", level: 1 })).toBeVisible();
  });
});
