import { VARIANT_WIDTHS } from "#core/responsive-image.ts";
import { IMAGE_MAX_PIXELS } from "#core/schemas/limits.ts";

/** The widest a gallery photo is kept: its largest variant. Nothing wider than this is worth sending. */
export const WIDEST_KEPT = Math.max(...VARIANT_WIDTHS);
/** JPEG quality of a photo cut down in the browser: the server encodes it once more, so it must lose next to nothing. */
const JPEG_QUALITY = 0.92;
/** Where a JPEG's size is looked for: its frame header follows the metadata, which a camera keeps under 64 KB. */
const HEADER_BYTES = 256 * 1024;

/** The size to send a `width` x `height` photo at, or undefined when it is no wider than the widest kept. */
export function downscaledSize(width: number, height: number, widest: number = WIDEST_KEPT): { width: number; height: number } | undefined {
  if (width <= widest) return undefined;
  return { width: widest, height: Math.max(1, Math.round((height * widest) / width)) };
}

/**
 * The pixel size a JPEG's frame header (SOF0 to SOF15, without DHT, JPG and DAC) gives, before any orientation; undefined
 * when `bytes` are not a JPEG or end before the header.
 */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    // Fill bytes before a marker, and markers without a length (restart markers, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: (bytes[at + 5]! << 8) | bytes[at + 6]!, width: (bytes[at + 7]! << 8) | bytes[at + 8]! };
    }
    at += 2 + length;
  }
  return undefined;
}

/**
 * A camera's JPEG, turned upright by its EXIF orientation and cut to the widest size the site keeps, before it
 * travels: a 5 MB phone photo becomes a few hundred KB, so it arrives over a slow phone line within the server's
 * request time and the server encodes far fewer pixels. Everything else (PNG, WebP, AVIF, a file the browser cannot
 * decode, a browser without OffscreenCanvas) is sent as it is; the server checks and encodes every upload either way.
 */
export async function downscaledPhoto(file: File): Promise<Blob> {
  if (file.type !== "image/jpeg" || typeof OffscreenCanvas === "undefined" || typeof createImageBitmap === "undefined") return file;
  let bitmap: ImageBitmap | undefined;
  try {
    // Decoded only when it needs cutting, and never past the pixels the server takes: a 108-megapixel photo would take
    // over 400 MB of a phone's memory, and the server refuses it with its own message.
    const header = jpegSize(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer()));
    if (!header || header.width * header.height > IMAGE_MAX_PIXELS || Math.max(header.width, header.height) <= WIDEST_KEPT) return file;
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const size = downscaledSize(bitmap.width, bitmap.height);
    if (!size) return file;
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // The decoded photo's memory goes before the encoder's comes.
    bitmap.close();
    const smaller = await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
    return smaller.size < file.size ? smaller : file;
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
