import type { Page } from "@playwright/test";
import { expect, type Seed, test } from "./fixtures";
import { SEED_QUESTIONS as QUESTIONS } from "#tests/shared/seed-questions.ts";
import { holdIntent } from "./chunks";
import { E2E_ADMIN } from "./e2e-server";

async function seedRequests(seed: Seed) {
  const minute = 60_000;
  const start = Date.now() - 10 * minute;
  await seed.application({
    fullname: "Bilal Ahmed",
    bloodGroup: null,
    permanentAddress: "",
    answers: QUESTIONS.map((question, index) => ({
      question,
      answer: index === 4 ? "Cricket, Reading, Calligraphy" : index === 5 ? "" : `Bilal answer ${index + 1}`,
    })),
    createdAt: new Date(start),
  });
  await seed.application({ fullname: "Sara Malik", rawAnswers: "{not json", createdAt: new Date(start + minute) });
  await seed.application({
    fullname: "Ayesha Khan",
    answers: QUESTIONS.map((question, index) => ({ question, answer: index < 4 ? `Ayesha answer ${index + 1}` : "Hiking, Poetry" })),
    createdAt: new Date(start + 2 * minute),
    possibleDuplicate: true,
  });
}

const cards = (page: Page) => page.getByRole("main").getByRole("article");

test.describe("admin panel", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the requests: count, newest first, N/A; View Full Details; Delete asks, shows its progress, then removes the card", async ({
    page,
    seed,
  }) => {
    await seedRequests(seed);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (3)", level: 1 })).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await expect(page.getByText("Showing 1–3 of 3 requests", { exact: true })).toBeVisible();
    // Every request starts as New, and each can be selected.
    await expect(cards(page).getByTestId("status-badge")).toHaveText(["New", "New", "New"]);
    for (const name of ["Ayesha Khan", "Sara Malik", "Bilal Ahmed"]) {
      await expect(page.getByRole("checkbox", { name: `Select ${name}` })).not.toBeChecked();
    }
    await expect(cards(page).nth(0)).toContainText("Ayesha Khan");
    await expect(cards(page).nth(0).getByText("Possible duplicate", { exact: true })).toBeVisible();
    await expect(page.getByText("Possible duplicate", { exact: true })).toHaveCount(1);
    const bilal = cards(page).nth(2);
    await expect(bilal).toContainText("Bilal Ahmed");
    await expect(bilal.getByText("N/A", { exact: true })).toHaveCount(2);
    for (const label of ["Name:", "Email:", "Phone:", "Class:", "Department:", "Blood Group:", "Sargodha Address:", "Permanent Address:"]) {
      await expect(bilal.getByText(label, { exact: true })).toBeVisible();
    }

    await bilal.getByRole("button", { name: "View Full Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Bilal Ahmed" });
    await expect(dialog.getByRole("heading", { name: "Answers" })).toBeVisible();
    for (let i = 1; i <= 4; i++) await expect(dialog.getByText(`Bilal answer ${i}`, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId("answer-chip")).toHaveText(["Cricket", "Reading", "Calligraphy"]);
    await expect(dialog.getByText("User did not provide answer of this question", { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Answers that do not parse show an empty list, not an error.
    await cards(page).filter({ hasText: "Sara Malik" }).getByRole("button", { name: "View Full Details" }).click();
    const sara = page.getByRole("dialog", { name: "Sara Malik" });
    await expect(sara.getByRole("heading", { name: "Answers" })).toBeVisible();
    await expect(sara.getByRole("listitem")).toHaveCount(0);
    await page.keyboard.press("Escape");

    await cards(page).filter({ hasText: "Sara Malik" }).getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to delete Sara Malik?" });
    await expect(confirm).toContainText("This action cannot be undone.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(3);

    // The delete is held on its way to the server, to see what shows meanwhile.
    const { release } = await holdIntent(page, "/admin", "delete");
    await cards(page).filter({ hasText: "Sara Malik" }).getByRole("button", { name: "Delete" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Deleting user...", { exact: true })).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await expect(confirm.locator("svg.animate-spin")).toBeVisible();
    release();
    await expect(page.getByText("User deleted successfully", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (2)" })).toBeVisible();
    await page.reload();
    await expect(cards(page).filter({ hasText: "Sara Malik" })).toHaveCount(0);
  });

  test.describe("Change Password", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

    test("the panel's dialogs: Create Announcement's form; a wrong current password says 'Old password is incorrect', the right one 'Password updated successfully!', the dialog closes and its form is reset", async ({
      page,
    }) => {
      await page.goto("/admin");
      await page.getByRole("button", { name: "Create Announcement" }).click();
      const announcement = page.getByRole("dialog", { name: "Create Announcement" });
      await expect(announcement.getByLabel("Google Form URL")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(announcement).toBeHidden();

      await page.getByRole("button", { name: "Change Password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change Password" });
      await dialog.getByRole("button", { name: "Update Password" }).click();
      await expect(dialog.getByText("Current password is required", { exact: true })).toBeVisible();
      await dialog.getByLabel("Current Password").fill("not my password");
      await dialog.getByLabel("New Password", { exact: true }).fill("a new password");
      await dialog.getByLabel("Confirm New Password").fill("a new password");
      await dialog.getByRole("button", { name: "Update Password" }).click();
      await expect(page.getByText("Old password is incorrect", { exact: true }).first()).toBeVisible();
      await expect(dialog.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");

      await dialog.getByLabel("Current Password").fill(E2E_ADMIN.password);
      await dialog.getByLabel("New Password", { exact: true }).fill("a new password");
      await dialog.getByLabel("Confirm New Password").fill("a new password");
      await dialog.getByRole("button", { name: "Update Password" }).click();
      await expect(page.getByText("Password updated successfully!", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await page.getByRole("button", { name: "Change Password" }).click();
      await expect(page.getByRole("dialog", { name: "Change Password" }).getByLabel("Current Password")).toHaveValue("");
    });
  });
});
