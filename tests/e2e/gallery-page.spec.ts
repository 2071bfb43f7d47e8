import type { Page } from "@playwright/test";
import type { DatabaseHandle } from "#server/db/database.ts";
import { BOTH_WIDTHS, expect, test } from "./fixtures";

/*
 * Each event and activity with photos has its own page, /events-and-activities/<slug>: its name, date, description and
 * every photo in a grid, reached from its slider's heading (and from the top bar's panel: top-bar.spec.ts).
 */

/** The first event with photos, given a date and a two-line description (resetData puts the row back). */
async function datedEvent({ db }: DatabaseHandle) {
  const gallery = await db
    .selectFrom("galleries")
    .select(["id", "name", "slug"])
    .where("kind", "=", "event")
    .where((eb) => eb.exists(eb.selectFrom("galleryPhotos").select("id").whereRef("galleryPhotos.galleryId", "=", "galleries.id")))
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const photos = await db.selectFrom("galleryPhotos").select("id").where("galleryId", "=", gallery.id).execute();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("galleries")
      .set({ date: "2026-03-12", description: "Three days of talks.\nA night of poetry." })
      .where("id", "=", gallery.id)
      .execute();
    await trx
      .updateTable("settings")
      .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
      .execute();
  });
  return { ...gallery, count: photos.length };
}

const gridPhotos = (page: Page) => page.getByRole("main").getByRole("list").getByRole("listitem");

test(
  "a slider's heading leads to the event's page: its name, date, description and every photo, titled for sharing",
  { tag: BOTH_WIDTHS },
  async ({ page, database, site }) => {
    const event = await datedEvent(database);
    await page.goto("/events-and-activities");
    await page.getByRole("heading", { level: 2, name: event.name, exact: true }).getByRole("link").click();

    await expect(page).toHaveURL(new RegExp(`/events-and-activities/${event.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(event.name);
    await expect(page.getByRole("main").getByText("Event", { exact: true })).toBeVisible();
    await expect(page.locator("time")).toHaveText("12 March 2026");
    await expect(page.locator("time")).toHaveAttribute("datetime", "2026-03-12");
    await expect(page.getByText(/Three days of talks\.\s+A night of poetry\./)).toBeVisible();
    await expect(gridPhotos(page)).toHaveCount(event.count);
    await expect(gridPhotos(page).first().getByRole("img")).toHaveAttribute("alt", `${event.name} 1`);
    await expect(page).toHaveTitle(`${event.name} | ${site.name}`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/uploads\/content\/[^/]+$/);

    // Its photos open in the lightbox, as every gallery's do.
    await gridPhotos(page).nth(1).getByRole("button").click();
    const viewer = page.getByRole("dialog", { name: "Photo viewer" });
    await expect(viewer.getByText(`2 of ${event.count}`, { exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();

    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/events-and-activities$/);
  },
);
