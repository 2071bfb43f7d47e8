import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { test } from "./fixtures";

/** What the admin's content screens say, as the specs expect them word for word. */
export const CONFLICT = "This was changed by someone else. Reload to see the latest.";
export const PHOTO_FORMATS = "Choose a JPEG, PNG, WebP or AVIF photo (HEIC and other files cannot be used)";
export const PHOTO_TOO_LARGE = "The photo must be 15 MB or smaller";

/**
 * A chosen file that is not an image leaves the preview <img> broken, and Playwright's trace recorder (trace is
 * recorded for every test, kept on failure) then fetches its blob: address to copy it, which the site's CSP
 * (connect-src 'self') refuses and Chromium logs. The page itself never fetches a blob: address (with the trace
 * off nothing is logged); nothing else is allowed by this pattern.
 */
export const TRACE_READS_BROKEN_PREVIEW =
  /^Connecting to 'blob:http:\/\/127\.0\.0\.1:\d+\/[\w-]+' violates the following Content Security Policy directive: "connect-src 'self'"/;

/** The browser's log line for a refused save (400), which the page itself shows at the field. */
export const BAD_REQUEST = /^Failed to load resource: the server responded with a status of 400 \(Bad Request\)/;

/** The items' names in an admin list, in its order (read from the Edit buttons, named "Edit: <name>"). */
export function adminItemNames(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("button", { name: /^Edit: / })
    .evaluateAll((buttons) => buttons.map((button) => (button.getAttribute("aria-label") ?? "").replace(/^Edit: /, "")));
}

/**
 * A real photo (blue, with a yellow square in the middle), written where the test can choose it in a file input.
 * 1200×900 by default; smaller ones encode faster on a loaded machine.
 */
export async function photoFile(file: string, width = 1200, height = 900): Promise<string> {
  const square = { width: width / 2, height: height / 2, channels: 3 as const, background: { r: 250, g: 204, b: 21 } };
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 64, b: 175 } } })
    .composite([{ input: { create: square }, left: width / 4, top: height / 4 }])
    .jpeg({ quality: 85 })
    .toBuffer();
  const target = test.info().outputPath(file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, jpeg);
  return target;
}

/** Presses Tab until `target` has the focus, as a keyboard user would reach it (at most `limit` presses). */
export async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${limit} presses`);
}
