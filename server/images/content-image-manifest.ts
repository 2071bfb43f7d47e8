import fs from "node:fs";
import path from "node:path";
import type { ImageVariantUrl } from "#core/responsive-image";

/** Where `scripts/build-images.ts` writes the encoded content photos, served at /images/. */
export const GENERATED_IMAGES_DIR = path.resolve(".generated/images");
export const CONTENT_IMAGES_URL = "/images";
export const MANIFEST_FILE = "manifest.json";

export interface ManifestEntry {
  width: number;
  height: number;
  variants: ImageVariantUrl[];
}

/** Keyed by the photo's path under content/photos/. */
export type ContentImageManifest = Record<string, ManifestEntry>;

/** PNG icons made from the society's logo: browser tab, home screen, web app manifest. */
export interface SiteIcons {
  favicon32: string;
  appleTouch180: string;
  icon192: string;
  icon512: string;
}
export const ICONS_FILE = "icons.json";
export const ICON_SIZES = { favicon32: 32, appleTouch180: 180, icon192: 192, icon512: 512 } as const;

export function readIcons(dir = GENERATED_IMAGES_DIR): SiteIcons {
  const file = path.join(dir, ICONS_FILE);
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\``);
  return JSON.parse(fs.readFileSync(file, "utf8")) as SiteIcons;
}

export function readManifest(dir = GENERATED_IMAGES_DIR): ContentImageManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: run \`npm run build\` to encode the photos under content/photos/`);
  }
  return JSON.parse(fs.readFileSync(file, "utf8")) as ContentImageManifest;
}
