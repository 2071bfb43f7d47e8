import type { Page } from "@playwright/test";
import type { DatabaseHandle } from "#server/db/database.ts";
import { expect, test } from "./fixtures";
import { signInThroughForm } from "./sign-in";
import { goToAdminSection } from "./menus";

/**
 * An admin whose session ends while a page is open (idle too long, or past its lifetime): whatever they do next takes
 * them to the login, which says why, and back to the page they were on once they have logged in. Never a bare
 * "Failed to …" toast. (How each kind of request is answered is tests/integration/admin-auth.test.ts.)
 */

/** Ends every session, as the clock would: the server finds them past their lifetime at the next request. */
async function endSessions(database: DatabaseHandle): Promise<void> {
  await database.db
    .updateTable("sessions")
    .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
    .execute();
}

async function logInAgain(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Your session has ended. Please log in again.", { exact: true })).toBeVisible();
  await signInThroughForm(page, undefined, { goto: false });
}

test("a switch on the filtered panel, then a link, lead to the login and back to where the admin was; nothing changed", async ({
  page,
  seed,
  database,
  signInAsAdmin,
}) => {
  await seed.application({ fullname: "Ayesha Khan" });
  await seed.application({ fullname: "Bilal Ahmed" });
  await signInAsAdmin();
  await page.goto("/admin?q=ayesha");
  await expect(page.getByRole("article", { name: "Ayesha Khan" })).toBeVisible();
  await endSessions(database);

  // A write through the page's fetcher.
  await page.getByRole("switch").click();
  await expect(page).toHaveURL(/\/admin\?ended=1&next=%2Fadmin%3Fq%3Dayesha$/);
  await expect(page.getByText(/^Failed to/)).toHaveCount(0);
  const stored = await database.db.selectFrom("settings").select("joinUsVisible").executeTakeFirstOrThrow();
  expect(stored.joinUsVisible).toBe(1);
  await logInAgain(page);
  await expect(page).toHaveURL(/\/admin\?q=ayesha$/);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("ayesha");
  await expect(page.getByRole("article", { name: "Bilal Ahmed" })).toHaveCount(0);

  // A move to another screen: the app's data request for it.
  await endSessions(database);
  await goToAdminSection(page, "Site content");
  await expect(page).toHaveURL(/\/admin\?ended=1&next=%2Fadmin%2Fcontent$/);
  await logInAgain(page);
  await expect(page).toHaveURL(/\/admin\/content$/);
});
