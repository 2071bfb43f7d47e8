import os from "node:os";
import type { Kysely } from "kysely";
import { newId, nowIso } from "#server/db/ids.ts";
import type { Database, ImageVariant } from "#server/db/schema.ts";
import { type EncodedImage, type EncodedVariant, type EncodeOptions, encodeImage } from "#server/images/encode-image.ts";
import { type ResponsiveImage, toResponsiveImage } from "#core/responsive-image.ts";
import type { Logger } from "#server/logger.ts";
import { imagesRepo, type StoredImage } from "#server/repos/images.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { inTurnQueue } from "#server/in-turn.ts";

export const UPLOADS_URL = "/uploads";

interface ImageStoreDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

/**
 * Images are encoded one at a time, each on all cores but one: the event loop keeps a core of its own, so the public
 * pages go on answering while twenty phone photos are encoded. The rest wait their turn.
 */
const encodeInTurn = inTurnQueue(1);
let encoderThreadsSet = false;
export async function inEncoderTurn<T>(encode: () => Promise<T>): Promise<T> {
  return encodeInTurn(async () => {
    if (!encoderThreadsSet) {
      const { default: sharp } = await import("sharp");
      sharp.concurrency(Math.max(1, os.availableParallelism() - 1));
      encoderThreadsSet = true;
    }
    return encode();
  });
}

/** Stores an uploaded image: re-encoded (encodeImage, one image at a time), then stored as `storeEncodedImage` does. */
export async function storeImage(deps: ImageStoreDeps, input: Buffer, folder: string, options?: EncodeOptions): Promise<StoredImage> {
  return storeEncodedImage(deps, await inEncoderTurn(() => encodeImage(input, options)), folder);
}

/**
 * Stores an encoded image: its variants go to storage first, then one `images` row points at them. If storage fails
 * no row is written; if the row fails the files are removed again. Nothing points at a missing file.
 * Variant keys are `<folder>/<id>-<width>.<format>`: one stem per image, which a gallery photo's compact form relies on.
 */
export async function storeEncodedImage(
  deps: ImageStoreDeps,
  encoded: EncodedImage,
  folder: string,
  sourceHash: string | null = null,
): Promise<StoredImage> {
  const id = newId();
  const storageKey = `${folder}/${id}`;
  const variants: ImageVariant[] = encoded.variants.map((v) => storedVariant(storageKey, v));

  const removeAll = () => Promise.allSettled(variants.map((v) => deps.storage.delete(v.key)));
  // All at once: a local disk syncs each file, a bucket answers each put, and neither needs the others to finish first.
  const puts = await Promise.allSettled(
    encoded.variants.map((variant, index) => deps.storage.put(variants[index]!.key, variant.body, `image/${variant.format}`)),
  );
  const failed = puts.find((put) => put.status === "rejected");
  if (failed) {
    await removeAll();
    throw failed.reason;
  }
  try {
    return await imagesRepo(deps.db).create({
      id,
      storageKey: storageKey,
      width: encoded.width,
      height: encoded.height,
      variants,
      sourceHash: sourceHash,
      createdAt: nowIso(),
    });
  } catch (error) {
    await removeAll();
    throw error;
  }
}

/** Where a variant is stored and what is known of it. Only a preview is JPEG, and only a preview or an icon PNG. */
export const storedVariant = (storageKey: string, { body, ...variant }: EncodedVariant): ImageVariant => ({
  ...variant,
  key: `${storageKey}-${variant.width}.${variant.format}`,
  bytes: body.length,
});

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

/** Where a stored file is served. */
export const storedFileUrl = (key: string) => `${UPLOADS_URL}/${key}`;

/** The picture sources of a stored image (its AVIF and WebP variants). */
export function storedImageToResponsive(image: StoredImage, alt: string): ResponsiveImage {
  return toResponsiveImage(
    image.variants.flatMap((v) =>
      v.format === "avif" || v.format === "webp" ? [{ format: v.format, width: v.width, url: storedFileUrl(v.key) }] : [],
    ),
    { width: image.width, height: image.height },
    alt,
  );
}

/** Removes the image (row, then files) unless something still shows it; a file that cannot go is left to the sweeper. */
export async function deleteImageIfUnused(deps: ImageStoreDeps & { logger: Logger }, imageId: string): Promise<void> {
  const repo = imagesRepo(deps.db);
  const [orphan] = await repo.listUnreferenced([imageId]);
  if (orphan && (await deleteImageFiles(deps.storage, orphan, deps.logger))) await repo.delete(orphan.id);
}
