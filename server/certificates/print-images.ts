import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** What an image on a certificate is printed at: sharp enough on paper, no heavier than that. */
const DOTS_PER_INCH = 300;
const POINTS_PER_INCH = 72;

const prepared = new LRUCache<string, Promise<Uint8Array>>({ max: 16 });

/**
 * An image (PNG or JPEG) as a JPEG on white, of at most the pixels a box of `width` × `height` points needs in print,
 * made once for each image and box and reused for every certificate after.
 *
 * pdf-lib embeds a PNG by decoding and recompressing all of its pixels, in every document: some 60 ms for the society's
 * 700-pixel logo, more than the rest of a certificate. A JPEG it embeds as it is. The page is white under the image,
 * so the transparency a PNG may have is lost to nobody.
 */
export function printReadyJpeg(image: Uint8Array, box: { width: number; height: number }): Promise<Uint8Array> {
  const key = `${createHash("sha256").update(image).digest("base64")} ${box.width}×${box.height}`;
  let jpeg = prepared.get(key);
  if (!jpeg) {
    jpeg = converted(image, box);
    prepared.set(key, jpeg);
    jpeg.catch(() => prepared.delete(key));
  }
  return jpeg;
}

async function converted(image: Uint8Array, box: { width: number; height: number }): Promise<Uint8Array> {
  // Loaded at the first certificate, not at start, as server/images/encode-image.ts does: libvips is large.
  const { default: sharp } = await import("sharp");
  const pixels = (points: number) => Math.ceil((points / POINTS_PER_INCH) * DOTS_PER_INCH);
  const jpeg = await sharp(image)
    .autoOrient()
    .flatten({ background: "#ffffff" })
    .resize({ width: pixels(box.width), height: pixels(box.height), fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  return new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
}
