import fs from "node:fs";

/**
 * A real HEIC, as an iPhone saves its photos (HEVC in a HEIF container), 64x48: made from a JPEG with libheif's
 * `heif-enc` (x265), which no test machine needs, since no browser shows HEIC and the site refuses it.
 */
export const IPHONE_HEIC = fs.readFileSync(new URL("./fixtures/iphone-photo.heic", import.meta.url));
