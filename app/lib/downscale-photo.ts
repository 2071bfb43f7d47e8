import { VARIANT_WIDTHS } from "#core/responsive-image";

/** The widest a gallery photo is kept: its largest variant. Nothing wider than this is worth sending. */
export const WIDEST_KEPT = Math.max(...VARIANT_WIDTHS);
/** JPEG quality of a photo cut down in the browser: the server encodes it once more, so it must lose next to nothing. */
const JPEG_QUALITY = 0.92;

/** The size to send a `width` x `height` photo at, or undefined when it is no wider than the widest kept. */
export function downscaledSize(width: number, height: number, widest: number = WIDEST_KEPT): { width: number; height: number } | undefined {
  if (width <= widest) return undefined;
  return { width: widest, height: Math.max(1, Math.round((height * widest) / width)) };
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
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const size = downscaledSize(bitmap.width, bitmap.height);
    if (!size) return file;
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext("2d");
    if (!context) return file;
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const smaller = await canvas.convertToBlob({ type: "image/jpeg", quality: JPEG_QUALITY });
    return smaller.size < file.size ? smaller : file;
  } catch {
    return file;
  } finally {
    bitmap?.close();
  }
}
