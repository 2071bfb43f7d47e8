import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium against the production build: its headless shell
 * (/usr/bin/chromium-headless-shell, the build Playwright itself runs headless tests in) when installed, the full browser
 * (/usr/bin/chromium) otherwise, or CHROMIUM_PATH (docs/decisions/031-chromium-headless-shell-for-browser-tests.md). Each worker starts its own
 * server on a fresh DATA_DIR (tests/e2e/e2e-server.ts), so the two workers, one per core, never share data.
 *
 * Every test runs at desktop width (1280 px). Tests tagged `@both-widths` (BOTH_WIDTHS in tests/e2e/fixtures.ts), the
 * ones whose behaviour or layout depends on the width (menus, grids, sliders, dialogs, touch), run at phone width
 * (375 px, Pixel 5) too (docs/decisions/025-one-width-for-width-independent-flows.md). axe runs in one catalogue,
 * tests/e2e/accessibility.spec.ts, which checks every screen at both widths (docs/decisions/030-one-accessibility-catalogue.md).
 * `npm run test:e2e` runs the tests tagged `@alone` (ALONE), which hold a time budget, after the others, with nothing
 * beside them.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: "list",
  use: {
    // DOM snapshots of each step for a failed test; the screencast filmstrip costs a quarter of the suite's time. None
    // under CI=true: recording them costs a tenth of the time, and a CI machine's files are not kept (its output is).
    trace: process.env.CI === "true" ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    launchOptions: chromium,
    // A page's requests go to the server, not to a service worker the site registered in an earlier step (which
    // `page.route` would not see): the specs about working offline allow them (`test.use({ serviceWorkers: "allow" })`).
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "phone",
      grep: /@both-widths/,
      use: { ...devices["Pixel 5"], viewport: { width: 375, height: 740 }, launchOptions: chromium },
    },
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
  ],
});
