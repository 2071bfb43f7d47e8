import type { Page } from "@playwright/test";
import type { DatabaseHandle } from "#server/db/database.ts";
import { expect, test } from "./fixtures";

/**
 * The server's clock as a test sets it (the `serverClock` fixture): the server stamps an admin's visit with the later
 * time and ends a session idle for two hours of it, and the next test finds the server on the real time again.
 */

const HOUR = 60 * 60 * 1000;

// The second test checks what the first left behind, so both run in order on one worker's server.
test.describe.configure({ mode: "serial" });

/** When the server last saw the admin's one session, by its own clock (it writes that at a visit a minute or more after the last). */
async function lastSeenAt(database: DatabaseHandle): Promise<number> {
  const session = await database.db.selectFrom("sessions").select("lastSeenAt").executeTakeFirstOrThrow();
  return Date.parse(session.lastSeenAt);
}

/** Opens the admin panel; returns the real time just before and just after. */
async function visitPanel(page: Page): Promise<{ before: number; after: number }> {
  const before = Date.now();
  await page.goto("/admin");
  const after = Date.now();
  await expect(page.getByRole("heading", { name: /^Admin Panel/, level: 1 })).toBeVisible();
  return { before, after };
}

test("an hour ahead, the server stamps the admin's visit an hour later; two more hours idle end the session", async ({
  page,
  database,
  signInAsAdmin,
  serverClock,
}) => {
  await signInAsAdmin();
  await serverClock.advanceBy(HOUR);
  const { before, after } = await visitPanel(page);
  const seen = await lastSeenAt(database);
  expect(seen).toBeGreaterThanOrEqual(before + HOUR);
  expect(seen).toBeLessThanOrEqual(after + HOUR);

  await serverClock.advanceBy(2 * HOUR);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  await expect(page.getByText("Your session has ended. Please log in again.", { exact: true })).toBeVisible();
});

test("the next test finds the server's clock on the real time", async ({ page, database, signInAsAdmin }) => {
  await signInAsAdmin();
  // Last seen five minutes ago: the visit is stamped with the server's time.
  await database.db
    .updateTable("sessions")
    .set({ lastSeenAt: new Date(Date.now() - 5 * 60 * 1000).toISOString() })
    .execute();
  const { before, after } = await visitPanel(page);
  const seen = await lastSeenAt(database);
  expect(seen).toBeGreaterThanOrEqual(before);
  expect(seen).toBeLessThanOrEqual(after);
});
