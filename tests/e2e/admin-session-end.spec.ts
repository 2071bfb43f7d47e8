import type { Page } from "@playwright/test";
import type { DatabaseHandle } from "../../server/db/database";
import { E2E_ADMIN } from "./e2e-server";
import { expect, test } from "./fixtures";

/**
 * An admin whose session ends while a page is open (idle too long, or past its lifetime): whatever they do next takes
 * them to the login, which says why, and back to the page they were on once they have logged in. Never a bare
 * "Failed to …" toast.
 */

/** Ends every session, as the clock would: the server finds them past their lifetime at the next request. */
async function endSessions(database: DatabaseHandle): Promise<void> {
  await database.db
    .updateTable("sessions")
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .execute();
}

async function logInAgain(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Your session has ended. Please log in again.", { exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
}

test.describe("an admin whose session has ended", () => {
  test("a switch on the filtered panel leads to the login, then back to the same filtered panel; nothing changed", async ({
    page,
    seed,
    database,
    signInAsAdmin,
    expectNoAxeViolations,
  }) => {
    await seed.application({ fullname: "Ayesha Khan" });
    await seed.application({ fullname: "Bilal Ahmed" });
    await signInAsAdmin();
    await page.goto("/admin?q=ayesha");
    await expect(page.getByRole("article", { name: "Ayesha Khan" })).toBeVisible();
    await endSessions(database);

    await page.getByRole("switch").click();
    await expect(page).toHaveURL(/\/admin\?ended=1&next=%2Fadmin%3Fq%3Dayesha$/);
    await expect(page.getByText(/^Failed to/)).toHaveCount(0);
    await expectNoAxeViolations(page);
    const stored = await database.db.selectFrom("settings").select("join_us_visible").executeTakeFirstOrThrow();
    expect(stored.join_us_visible).toBe(1);

    await logInAgain(page);
    await expect(page).toHaveURL(/\/admin\?q=ayesha$/);
    await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("ayesha");
    await expect(page.getByRole("article", { name: "Ayesha Khan" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Bilal Ahmed" })).toHaveCount(0);
  });

  test("moving to another content screen leads to the login, then to that screen", async ({ page, database, signInAsAdmin }) => {
    await signInAsAdmin();
    await page.goto("/admin/content/goals");
    await endSessions(database);

    await page.getByRole("navigation", { name: "Site content" }).getByRole("link", { name: "Team" }).click();
    await expect(page).toHaveURL(/\/admin\?ended=1&next=%2Fadmin%2Fcontent%2Fteam$/);
    await logInAgain(page);
    await expect(page).toHaveURL(/\/admin\/content\/team$/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  });

  test("opening an admin page with an ended session says so at the login, and opens that page after it", async ({
    page,
    database,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await endSessions(database);
    await page.goto("/admin-announcement");
    await expect(page).toHaveURL(/\/admin\?ended=1&next=%2Fadmin-announcement$/);
    await logInAgain(page);
    await expect(page).toHaveURL(/\/admin-announcement$/);
  });
});
