import type { Kysely } from "kysely";
import { newId, nowIso } from "../db/ids";
import type { Database, ImageVariant } from "../db/schema";
import { encodeUploadedImage } from "../images/encode-upload";
import { type ResponsiveImage, toResponsiveImage } from "#core/responsive-image";
import type { Logger } from "../logger";
import { imagesRepo, type StoredImage } from "../repos/images";
import type { FileStorage } from "../storage/storage";

export const UPLOADS_URL = "/uploads";

/**
 * Stores an uploaded image: re-encoded variants go to storage first, then one `images` row points at them.
 * If storage fails no row is written; if the row fails the files are removed again. Nothing points at a
 * missing file.
 */
export async function storeImage(
  deps: { db: Kysely<Database>; storage: FileStorage },
  input: Buffer,
  folder: string,
): Promise<StoredImage> {
  const encoded = await encodeUploadedImage(input);
  const id = newId();
  const storageKey = `${folder}/${id}`;
  const variants: ImageVariant[] = encoded.variants.map((v) => ({
    format: v.format,
    width: v.width,
    height: v.height,
    key: `${storageKey}/${v.width}.${v.format}`,
  }));

  const written: string[] = [];
  try {
    for (const [index, variant] of encoded.variants.entries()) {
      const key = variants[index]!.key;
      await deps.storage.put(key, variant.body, `image/${variant.format}`);
      written.push(key);
    }
    return await imagesRepo(deps.db).create({
      id,
      storage_key: storageKey,
      width: encoded.width,
      height: encoded.height,
      variants,
      created_at: nowIso(),
    });
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.storage.delete(key)));
    throw error;
  }
}

/** Removes an image's files; a file that cannot be removed is logged and left for the sweeper. */
export async function deleteImageFiles(storage: FileStorage, image: StoredImage, logger: Logger): Promise<boolean> {
  const results = await Promise.allSettled(image.variants.map((v) => storage.delete(v.key)));
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length > 0) {
    logger.warn({ imageId: image.id, failed: failed.length }, "image files could not be removed; the sweeper will retry");
    return false;
  }
  return true;
}

export function uploadedImageToResponsive(image: StoredImage, alt: string): ResponsiveImage {
  return toResponsiveImage(
    image.variants.map((v) => ({ format: v.format, width: v.width, url: `${UPLOADS_URL}/${v.key}` })),
    { width: image.width, height: image.height },
    alt,
  );
}
