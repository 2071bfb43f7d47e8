import type { Metadata, OutputInfo, Sharp } from "sharp";
import { APP_SCREENSHOT_LIMITS, type AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { APP_SCREENSHOT_MESSAGES } from "#core/messages/content.ts";
import { SMALL_VARIANT_WIDTHS, VARIANT_WIDTHS, variantWidthsFor } from "#core/responsive-image.ts";
import { IMAGE_MAX_PIXELS } from "#core/schemas/limits.ts";

/** Formats accepted, recognised by their bytes (never by name or declared type). SVG is refused. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif", "gif"]);
const PHOTO_FORMATS = new Set(["jpeg", "png", "webp", "heif"]);

/** The encoder's settings. AVIF effort 2 is within ~10% of effort 4's size at a sixth of its time (on the demo photos). */
const ENCODER = {
  avif: { quality: 50, effort: 2 },
  webp: { quality: 74, effort: 4 },
} as const;

/**
 * A shared link's picture (Open Graph, Twitter card, feed enclosure): JPEG or PNG, since several preview clients do not
 * read WebP, in the 1.91:1 shape WhatsApp, Facebook and X draw large.
 */
export const PREVIEW = {
  width: 1200,
  height: 630,
  jpeg: { quality: 78, mozjpeg: true },
  /** A logo's card: the logo whole, this far from every edge, on white (a transparent PNG shows black in some apps). */
  card: { margin: 60, background: "#ffffff" },
} as const;

/** Square PNG icons made from a logo: browser tab, home screen, web app manifest. */
export const ICON_SIZES = { favicon32: 32, appleTouch180: 180, icon192: 192, icon512: 512 } as const;

/** A screenshot of the site (the install dialog's): mostly text, which stays sharp with full-resolution colour. */
const SCREENSHOT_ENCODER = { quality: 82, effort: 4, smartSubsample: true } as const;

export interface EncodeOptions {
  /** Also the small widths, for a picture drawn small as well as large (the logo). */
  smallWidths?: boolean;
  /** Also the square PNG icons (the logo). */
  icons?: boolean;
  /** Photos only (JPEG, PNG, WebP, AVIF), refused otherwise with `message`: a content photo's upload. */
  photosOnly?: { message: string };
  /**
   * A screenshot of the site taken on a phone ("narrow") or a computer ("wide"), for the install dialog: checked as
   * Chrome judges it, and stored as one WebP in its own size (encodeScreenshot) instead of responsive variants.
   */
  screenshot?: AppScreenshotFormFactor;
}

/** Changes whenever the encoder would make different files, so a cache of encodings is never reused across it. */
export const ENCODER_FINGERPRINT = JSON.stringify({
  ENCODER,
  VARIANT_WIDTHS,
  SMALL_VARIANT_WIDTHS,
  ICON_SIZES,
  PREVIEW,
  SCREENSHOT_ENCODER,
  APP_SCREENSHOT_LIMITS,
  decode: "once",
});

export class UnsupportedImageError extends Error {
  constructor(message = "The file is not a supported image (JPEG, PNG, WebP, AVIF or GIF)") {
    super(message);
    this.name = "UnsupportedImageError";
  }
}

export interface EncodedVariant {
  format: "avif" | "webp" | "png" | "jpeg";
  width: number;
  height: number;
  body: Buffer;
  /** The link-preview picture (encodePreview): one per image. */
  preview?: true;
}

export interface EncodedImage {
  width: number;
  height: number;
  variants: EncodedVariant[];
}

/**
 * Decodes an image (an upload or a photo of the starting content) and re-encodes it into responsive AVIF and WebP
 * variants and its link preview (a logo's card when `icons`, else a photo's), turned upright by its EXIF orientation. Re-encoding drops every piece of metadata (EXIF, GPS, XMP) and
 * anything smuggled after the image data; a truncated or corrupt file fails.
 */
export async function encodeImage(input: Buffer, options: EncodeOptions = {}): Promise<EncodedImage> {
  // Loaded at the first encoding, not at start: libvips holds ~27 MB that a server answering pages never needs.
  const { default: sharp } = await import("sharp");
  let metadata: Metadata;
  try {
    // The header only: no pixel is decoded here, so the size can be judged (and named) before anything is allocated.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedImageError(options.photosOnly?.message);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) throw new UnsupportedImageError(options.photosOnly?.message);
  // HEIF holds both AVIF (AV1) and a phone's HEIC (HEVC), which no browser shows and libvips does not decode here.
  const isPhoto = PHOTO_FORMATS.has(metadata.format) && (metadata.format !== "heif" || metadata.compression === "av1");
  if (options.photosOnly && !isPhoto) throw new UnsupportedImageError(options.photosOnly.message);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > IMAGE_MAX_PIXELS) {
    throw new UnsupportedImageError(`The image is too large (at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels)`);
  }

  const oriented = metadata.autoOrient;
  if (options.screenshot) return encodeScreenshot(input, oriented, options.screenshot);
  const widths = variantWidthsFor(oriented.width, options.smallWidths ? [...SMALL_VARIANT_WIDTHS, ...VARIANT_WIDTHS] : VARIANT_WIDTHS);
  const widest = Math.max(...widths, ...(options.icons ? Object.values(ICON_SIZES) : []));
  // One decode, upright and at the widest size any output needs (a JPEG is decoded at a fraction of its size right
  // away): a phone photo is 12 megapixels, and decoding it again for each of six variants would take six times as long.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: Math.min(widest, oriented.width), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedImageError("The image is damaged or incomplete");
  }
  const { width, height, channels } = base.info;
  const source = () => sharp(base.data, { raw: { width, height, channels } });

  const variants: EncodedVariant[] = [];
  for (const variantWidth of widths) {
    const resized = source().resize({ width: variantWidth, withoutEnlargement: true });
    for (const format of ["avif", "webp"] as const) {
      const { data, info } = await resized.clone()[format](ENCODER[format]).toBuffer({ resolveWithObject: true });
      variants.push({ format, width: info.width, height: info.height, body: data });
    }
  }
  if (options.icons) {
    for (const size of Object.values(ICON_SIZES)) {
      const body = await source()
        .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
      variants.push({ format: "png", width: size, height: size, body });
    }
  }
  variants.push(await encodePreview(source, { width, height }, options.icons ? "card" : "photo"));
  return { width: oriented.width, height: oriented.height, variants };
}

/** Why a screenshot of `size` (upright) cannot be the `formFactor` one Chrome shows; undefined when it can. */
function screenshotRefusal(size: { width: number; height: number }, formFactor: AppScreenshotFormFactor): string | undefined {
  const short = Math.min(size.width, size.height);
  const long = Math.max(size.width, size.height);
  if (short < APP_SCREENSHOT_LIMITS.minSide) return APP_SCREENSHOT_MESSAGES.tooSmall;
  if (long > short * APP_SCREENSHOT_LIMITS.maxAspectRatio) return APP_SCREENSHOT_MESSAGES.tooLong;
  if (formFactor === "narrow" && size.height <= size.width) return APP_SCREENSHOT_MESSAGES.notPortrait;
  if (formFactor === "wide" && size.width <= size.height) return APP_SCREENSHOT_MESSAGES.notLandscape;
  return undefined;
}

/**
 * A screenshot of the site for the install dialog, once `encodeImage` knows it is a photo of `size` (upright): refused
 * unless Chrome would show it as the `formFactor` one, else one WebP in the size it was taken, turned upright and
 * scaled down only when its long side is over APP_SCREENSHOT_LIMITS.maxSide. No link preview: it is never shared. Its
 * width and height are the stored file's, which the manifest states exactly.
 */
async function encodeScreenshot(
  input: Buffer,
  size: { width: number; height: number },
  formFactor: AppScreenshotFormFactor,
): Promise<EncodedImage> {
  const refusal = screenshotRefusal(size, formFactor);
  if (refusal) throw new UnsupportedImageError(refusal);
  const { default: sharp } = await import("sharp");
  const { maxSide } = APP_SCREENSHOT_LIMITS;
  let encoded: { data: Buffer; info: OutputInfo };
  try {
    encoded = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
      .webp(SCREENSHOT_ENCODER)
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new UnsupportedImageError("The image is damaged or incomplete");
  }
  const { width, height } = encoded.info;
  return { width, height, variants: [{ format: "webp", width, height, body: encoded.data }] };
}

/**
 * The link preview of an upright picture of `size` (`source` makes a pipeline of its pixels). A photo: a JPEG cropped
 * to PREVIEW's shape around what draws the eye (smaller for a smaller photo, never enlarged). A logo ("card"): the
 * logo whole, centred on a white PREVIEW-sized PNG, since a crop would cut it.
 */
export async function encodePreview(
  source: () => Sharp,
  size: { width: number; height: number },
  kind: "photo" | "card",
): Promise<EncodedVariant> {
  if (kind === "photo") {
    const scale = Math.min(1, size.width / PREVIEW.width, size.height / PREVIEW.height);
    const { data, info } = await source()
      .resize(Math.round(PREVIEW.width * scale), Math.round(PREVIEW.height * scale), { fit: "cover", position: "attention" })
      .flatten({ background: PREVIEW.card.background })
      .jpeg(PREVIEW.jpeg)
      .toBuffer({ resolveWithObject: true });
    return { format: "jpeg", width: info.width, height: info.height, body: data, preview: true };
  }
  const { default: sharp } = await import("sharp");
  const { margin, background } = PREVIEW.card;
  const logo = await source()
    .resize(PREVIEW.width - 2 * margin, PREVIEW.height - 2 * margin, { fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
  const body = await sharp({ create: { width: PREVIEW.width, height: PREVIEW.height, channels: 3, background } })
    .composite([{ input: logo, gravity: "centre" }])
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return { format: "png", width: PREVIEW.width, height: PREVIEW.height, body, preview: true };
}
