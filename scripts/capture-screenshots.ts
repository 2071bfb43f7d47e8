/**
 * Takes the demo content's screenshots for the install dialog (content/site.ts's `appScreenshots`): the home page of
 * the demo site as a phone shows it (390×844 CSS pixels at twice the density: 780×1688, portrait) and as a computer
 * does (1280×800, landscape), saved as WebP under content/photos/screenshots/, each under 150 KB.
 *
 *   npm run build && node --import tsx scripts/capture-screenshots.ts
 *
 * It starts the production build on a fresh DATA_DIR of its own (the demo content's first start, as a new site has it)
 * and drives Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH) with reduced motion, so the headline is whole and
 * the cards are in place. Run it again after a change to the demo content or the home page's look, then `npm run build`
 * (the build carries the content). A society's own screenshots are uploaded in the admin area instead.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { errorMessage } from "#core/errors.ts";
import { CONTENT_DIR } from "#server/content/load-site.ts";
import { startProductionServer } from "./lib/production-server";

const OUT_DIR = path.join(CONTENT_DIR, "photos", "screenshots");
const MAX_BYTES = 150 * 1024;
const SHOTS = [
  { file: "narrow.webp", viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true },
  { file: "wide.webp", viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
] as const;

/** The screenshot as WebP, at the highest quality (from 85 down) that stays under MAX_BYTES. */
async function compressed(png: Buffer): Promise<Buffer> {
  for (let quality = 85; quality >= 50; quality -= 5) {
    const webp = await sharp(png).webp({ quality, effort: 6, smartSubsample: true }).toBuffer();
    if (webp.length <= MAX_BYTES) return webp;
  }
  throw new Error(`the screenshot does not fit in ${MAX_BYTES / 1024} KB even at quality 50`);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-screenshots-"));
  const server = await startProductionServer({ DATA_DIR: dataDir, MAIL_TRANSPORT: "log" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
  });
  try {
    fs.mkdirSync(OUT_DIR, { recursive: true });
    for (const { file, ...device } of SHOTS) {
      const context = await browser.newContext({ ...device, hasTouch: device.isMobile, reducedMotion: "reduce", serviceWorkers: "block" });
      const page = await context.newPage();
      await page.goto(`${server.url}/`, { waitUntil: "networkidle" });
      await page.evaluate(() => document.fonts.ready);
      const webp = await compressed(await page.screenshot({ type: "png" }));
      const { width, height } = await sharp(webp).metadata();
      fs.writeFileSync(path.join(OUT_DIR, file), webp);
      console.log(`${path.relative(process.cwd(), path.join(OUT_DIR, file))}: ${width}x${height}, ${Math.round(webp.length / 1024)} KB`);
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
