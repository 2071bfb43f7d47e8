/**
 * Encodes every photo of the starting content (content/photos/) into .generated/encoded/, the encode cache the first
 * start imports from: a fresh install copies the variants instead of spending a minute or two encoding them. The
 * entries are keyed by the photo's bytes and the encoder's settings, so unchanged photos are not encoded again, and
 * entries no photo uses any more are removed.
 *
 *   node --import tsx scripts/build-images.ts
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { errorMessage } from "#core/errors.ts";
import site from "#content/site.ts";
import { CONTENT_DIR, referencedScreenshots } from "#server/content/load-site.ts";
import { ENCODE_CACHE_DIR, encodeCache } from "#server/images/encode-cache.ts";

const PHOTOS_DIR = path.join(CONTENT_DIR, "photos");
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

async function main() {
  const started = Date.now();
  // sharp defaults to one libvips thread on glibc (to limit fragmentation in long-lived servers); this is a short build.
  sharp.concurrency(os.availableParallelism());
  const cache = encodeCache(ENCODE_CACHE_DIR);
  const photos = fs
    .readdirSync(PHOTOS_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => PHOTO_EXTENSIONS.test(file))
    .map((file) => file.split(path.sep).join("/"))
    .sort();

  const screenshots = new Map(referencedScreenshots(site).map(([, formFactor, photo]) => [photo, formFactor]));

  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const photo = photos[next++]!;
      const input = fs.readFileSync(path.join(PHOTOS_DIR, photo));
      // The logo is drawn small as well as large, and gives the site its icons; a screenshot for the install dialog is
      // one file in its own size (as the import encodes them).
      const screenshot = screenshots.get(photo);
      await cache.encode(input, screenshot ? { screenshot } : photo === site.logo ? { smallWidths: true, icons: true } : {});
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));

  for (const entry of fs.readdirSync(ENCODE_CACHE_DIR)) {
    if (!cache.used.has(entry)) fs.rmSync(path.join(ENCODE_CACHE_DIR, entry), { recursive: true, force: true });
  }
  console.log(`images: ${photos.length} photos encoded into ${ENCODE_CACHE_DIR} (${Date.now() - started} ms)`);
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
