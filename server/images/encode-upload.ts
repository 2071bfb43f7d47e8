import type { Metadata } from "sharp";
import { variantWidthsFor } from "#core/responsive-image";

/** Formats accepted from uploads, recognised by their bytes (never by name or declared type). SVG is refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif"]);
/** Decompression-bomb guard: about 40 megapixels. */
export const MAX_INPUT_PIXELS = 40_000_000;

export class UnsupportedImageError extends Error {
  constructor(message = "The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF)") {
    super(message);
    this.name = "UnsupportedImageError";
  }
}

export interface EncodedVariant {
  format: "avif" | "webp";
  width: number;
  height: number;
  body: Buffer;
}

export interface EncodedImage {
  width: number;
  height: number;
  variants: EncodedVariant[];
}

/**
 * Decodes an uploaded image and re-encodes it into responsive AVIF and WebP variants. Re-encoding drops every
 * piece of metadata (EXIF, GPS, XMP) and anything smuggled after the image data; a truncated or corrupt file fails.
 */
export async function encodeUploadedImage(input: Buffer): Promise<EncodedImage> {
  // Loaded at the first upload, not at start: libvips holds ~27 MB that a server answering pages never needs.
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    // The header only: no pixel is decoded here, so the size can be judged (and named) before anything is allocated.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImageError();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new UnsupportedImageError();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new UnsupportedImageError(`The image is too large (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  }

  const source = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false }).rotate();
  let oriented: { width: number; height: number };
  try {
    const { info } = await source().toBuffer({ resolveWithObject: true });
    oriented = { width: info.width, height: info.height };
  } catch {
    throw new UnsupportedImageError("The image is damaged or incomplete");
  }

  const variants: EncodedVariant[] = [];
  for (const width of variantWidthsFor(oriented.width)) {
    const resized = source().resize({ width, withoutEnlargement: true });
    for (const format of ["avif", "webp"] as const) {
      const encoder = format === "avif" ? resized.clone().avif({ quality: 50, effort: 3 }) : resized.clone().webp({ quality: 76 });
      const { data, info } = await encoder.toBuffer({ resolveWithObject: true });
      variants.push({ format, width: info.width, height: info.height, body: data });
    }
  }
  return { ...oriented, variants };
}
