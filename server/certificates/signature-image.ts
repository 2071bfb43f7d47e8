import { CERTIFICATE_MESSAGES } from "#core/messages/certificates.ts";
import { UnsupportedImageError } from "#server/images/encode-image.ts";

/** A signature is a small picture: larger ones are refused before they are decoded whole. */
const SIGNATURE_MAX_PIXELS = 25_000_000;
/** What is kept of it: enough for print at the size a certificate shows it, at 300 dpi. */
const KEPT = { width: 1200, height: 400 };
const FORMATS = new Set(["png", "jpeg", "webp"]);

/**
 * A signatory's signature image as uploaded (PNG, JPEG or WebP, judged by its bytes), as it is kept: a PNG at most
 * 1200 × 400, upright, without the file's metadata. Throws UnsupportedImageError for anything else.
 */
export async function keptSignatureImage(upload: Uint8Array): Promise<Buffer> {
  // Loaded when a signature is uploaded, not at start: libvips is large.
  const { default: sharp } = await import("sharp");
  let metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw new UnsupportedImageError(CERTIFICATE_MESSAGES.signatureFormat);
  }
  if (!metadata.format || !FORMATS.has(metadata.format)) throw new UnsupportedImageError(CERTIFICATE_MESSAGES.signatureFormat);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > SIGNATURE_MAX_PIXELS)
    throw new UnsupportedImageError(CERTIFICATE_MESSAGES.signatureFormat);
  return sharp(upload)
    .autoOrient()
    .resize({ ...KEPT, fit: "inside", withoutEnlargement: true })
    .png()
    .toBuffer();
}
