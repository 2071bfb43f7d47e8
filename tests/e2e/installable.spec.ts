import type { Page } from "@playwright/test";
import { en } from "#core/i18n/en.ts";
import { expect, test } from "./fixtures";

/**
 * The installable site: its manifest and service worker (public/sw.js) as the browser judges them, and the public pages
 * a visitor opened, opening again with no network.
 */
test.use({
  serviceWorkers: "allow",
  // Offline, a page's links cannot ask the server for their routes (React Router's route discovery), and a photo the
  // first visit never loaded (one further down, or of another width) cannot show: the browser logs both.
  allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED|Failed to fetch manifest patches|net::ERR_FAILED \(http:\/\/[^/]+\/uploads\//],
});

const OFFLINE_LINE = en.offline.line;

/** Resolves once the site's worker controls the page. */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith("/sw.js") === true);
}

/** Resolves once the worker keeps a copy of `path`. */
async function kept(page: Page, path: string): Promise<void> {
  await expect.poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, path)).toBe(true);
}

test("the site installs: its manifest names a maskable icon, and the browser finds nothing missing to install it", async ({ page }) => {
  await page.goto("/");
  await workerInControl(page);
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { icons: { src: string; purpose: string }[] };
  const maskable = manifest.icons.find((icon) => icon.purpose === "maskable");
  expect(maskable?.src).toBe("/icon-maskable.png");
  const icon = await page.request.get(maskable!.src);
  expect(icon.headers()["content-type"]).toBe("image/png");
  // The checks Lighthouse's installability audit read: the browser's own.
  const devtools = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await devtools.send("Page.getInstallabilityErrors")) as { installabilityErrors: unknown[] };
  expect(installabilityErrors).toEqual([]);
});

test("after one visit the home page and an announcement open with no network, saying so; a page never opened shows the offline page, and the admin area is never kept", async ({
  page,
  context,
  seed,
}) => {
  const camp = await seed.announcement({ title: "Blood donation camp", description: "Donate blood, save lives.", withImage: false });
  await page.goto("/");
  await workerInControl(page);
  await kept(page, "/");
  // Followed by a link: the page's data comes through the worker, which keeps the page beside it.
  await page.goto("/announcement");
  await page.getByRole("link", { name: "Blood donation camp" }).first().click();
  await expect(page.getByRole("heading", { name: "Blood donation camp", level: 1 })).toBeVisible();
  await kept(page, `/announcement/${camp.id}`);
  await page.goto("/admin/login");

  await context.setOffline(true);
  await page.goto("/");
  await expect(page.getByRole("status").filter({ hasText: OFFLINE_LINE })).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await page.goto(`/announcement/${camp.id}`);
  await expect(page.getByRole("heading", { name: "Blood donation camp", level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
  // A link followed as before: its data, kept then, draws the page.
  await page.goto("/announcement");
  await page.getByRole("link", { name: "Blood donation camp" }).first().click();
  await expect(page.getByRole("heading", { name: "Blood donation camp", level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_LINE)).toBeVisible();
  // The offline page has no scripts (they would draw the page its address names), so nothing hydrates it.
  await page.evaluate(() => location.assign("/explore-smc"));
  await expect(page.getByRole("heading", { name: en.offline.title, level: 1 })).toBeVisible();
  await expect(page.getByText(en.offline.text)).toBeVisible();
  await expect(page.goto("/admin/login")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);

  // Back online, the next page comes from the network again, and says nothing of being offline.
  await context.setOffline(false);
  await page.goto(`/announcement/${camp.id}`);
  await expect(page.getByRole("heading", { name: "Blood donation camp", level: 1 })).toBeVisible();
  await expect(page.getByText(OFFLINE_LINE)).toHaveCount(0);
});
