/**
 * Encodes every photo under content/photos/ into responsive AVIF and WebP variants in .generated/images/,
 * and writes manifest.json (intrinsic size and variant URLs per photo). File names carry a content hash,
 * so they are cached forever by browsers, and unchanged photos are not encoded again on the next build.
 *
 *   node --import tsx scripts/build-images.ts
 */
import crypto from "node:crypto";
import { errorMessage } from "#core/errors";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import site from "../content/site";
import {
  CONTENT_IMAGES_URL,
  type ContentImageManifest,
  GENERATED_IMAGES_DIR,
  ICON_SIZES,
  ICONS_FILE,
  MANIFEST_FILE,
  type ManifestEntry,
  type SiteIcons,
} from "../server/images/content-image-manifest";
import { type ImageVariantUrl, SMALL_VARIANT_WIDTHS, VARIANT_WIDTHS, variantWidthsFor } from "#core/responsive-image";

const PHOTOS_DIR = path.resolve("content/photos");
const PHOTO_EXTENSIONS = /\.(jpe?g|png|webp)$/i;

const ENCODER_OPTIONS = {
  // effort 2 is within ~10% of effort 4's size at a sixth of its time (measured on the demo photos).
  avif: { quality: 50, effort: 2 },
  webp: { quality: 74, effort: 4 },
} as const;
// Changing the encoder options changes every file name, so old encodings are never served as new ones.
const SETTINGS_FINGERPRINT = JSON.stringify(ENCODER_OPTIONS);

function contentHash(input: Buffer): string {
  return crypto.createHash("sha256").update(SETTINGS_FINGERPRINT).update(input).digest("hex").slice(0, 10);
}

/** Every file this build serves, so the rest can go. */
const written = new Set<string>([MANIFEST_FILE, ICONS_FILE]);

/** The URL of `fileName`, encoding it first unless an earlier build already did (its name holds the content hash). */
async function generated(fileName: string, encode: () => Promise<Buffer>): Promise<string> {
  const target = path.join(GENERATED_IMAGES_DIR, fileName);
  if (!fs.existsSync(target)) {
    // Written aside and renamed, so an interrupted build leaves no half file behind a name that says it is done.
    fs.writeFileSync(`${target}.tmp`, await encode());
    fs.renameSync(`${target}.tmp`, target);
  }
  written.add(fileName);
  return `${CONTENT_IMAGES_URL}/${fileName}`;
}

/** The logo as square PNG icons on a transparent background. */
async function buildIcons(logoPath: string): Promise<SiteIcons> {
  const input = fs.readFileSync(path.join(PHOTOS_DIR, logoPath));
  const hash = contentHash(input);
  const entries = await Promise.all(
    Object.entries(ICON_SIZES).map(async ([name, size]) => {
      const url = await generated(`icon-${hash}-${size}.png`, () =>
        sharp(input)
          .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
          .png({ compressionLevel: 9, palette: true })
          .toBuffer(),
      );
      return [name, url] as const;
    }),
  );
  return Object.fromEntries(entries) as unknown as SiteIcons;
}

async function encodePhoto(relativePath: string): Promise<ManifestEntry> {
  const input = fs.readFileSync(path.join(PHOTOS_DIR, relativePath));
  const hash = contentHash(input);
  const slug = relativePath
    .replace(PHOTO_EXTENSIONS, "")
    .replace(/[^a-z0-9]+/gi, "-")
    .toLowerCase();
  const oriented = sharp(input).rotate();
  // The size after EXIF orientation, read from the header: decoding the whole photo here made a build with nothing to
  // encode take seconds.
  const { width, height } = (await sharp(input).metadata()).autoOrient;

  const variants: ImageVariantUrl[] = [];
  const standard = relativePath === site.logo ? [...SMALL_VARIANT_WIDTHS, ...VARIANT_WIDTHS] : VARIANT_WIDTHS;
  for (const variantWidth of variantWidthsFor(width, standard)) {
    for (const format of ["avif", "webp"] as const) {
      const url = await generated(`${slug}-${hash}-${variantWidth}.${format}`, () =>
        oriented.clone().resize({ width: variantWidth, withoutEnlargement: true })[format](ENCODER_OPTIONS[format]).toBuffer(),
      );
      variants.push({ format, width: variantWidth, url });
    }
  }
  return { width, height, variants };
}

async function main() {
  const started = Date.now();
  // sharp defaults to one libvips thread on glibc (to limit fragmentation in long-lived servers); this is a short build.
  sharp.concurrency(os.availableParallelism());
  fs.mkdirSync(GENERATED_IMAGES_DIR, { recursive: true });
  const photos = fs
    .readdirSync(PHOTOS_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => PHOTO_EXTENSIONS.test(file))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const manifest: ContentImageManifest = {};
  const icons = await buildIcons(site.logo);

  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const photo = photos[next++]!;
      manifest[photo] = await encodePhoto(photo);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, os.availableParallelism()) }, worker));

  // Variants of photos that were replaced or removed are dropped, so the folder holds only what is served.
  for (const file of fs.readdirSync(GENERATED_IMAGES_DIR)) {
    if (!written.has(file)) fs.rmSync(path.join(GENERATED_IMAGES_DIR, file), { force: true });
  }
  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  fs.writeFileSync(path.join(GENERATED_IMAGES_DIR, MANIFEST_FILE), `${JSON.stringify(sorted, null, 1)}\n`);
  fs.writeFileSync(path.join(GENERATED_IMAGES_DIR, ICONS_FILE), `${JSON.stringify(icons, null, 1)}\n`);
  console.log(`images: ${photos.length} photos, ${written.size - 2} files in ${GENERATED_IMAGES_DIR} (${Date.now() - started} ms)`);
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
