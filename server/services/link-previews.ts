import type { LinkPreviewImage } from "#core/responsive-image.ts";
import { encodePreview } from "#server/images/encode-image.ts";
import { imagesRepo, type StoredImage } from "#server/repos/images.ts";
import { siteContentRepo } from "#server/repos/site-content.ts";
import { inEncoderTurn, storedFileUrl, storedVariant } from "./image-store";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import type { Logger } from "#server/logger.ts";

/** How many images one housekeeping round gives a preview: a few minutes of encoding at most. */
const BACKFILL_BATCH = 200;

/** The image's link preview; null until it has one (housekeeping makes those of images stored without). */
export function storedImagePreview(image: StoredImage, alt: string): LinkPreviewImage | null {
  const preview = image.variants.find((variant) => variant.preview);
  if (!preview) return null;
  const photo = preview.format === "jpeg";
  return {
    src: storedFileUrl(preview.key),
    width: preview.width,
    height: preview.height,
    type: photo ? "image/jpeg" : "image/png",
    alt,
    photo,
  };
}

/**
 * Gives images stored without a link preview theirs, made from the largest WebP (a logo, known by its icons, gets its
 * card), one encoding at a time like uploads; then raises the content version so the pages show them. Returns how
 * many it made. An image deleted meanwhile leaves no file behind.
 */
export async function addMissingPreviews(deps: { db: Kysely<Database>; storage: FileStorage; logger: Logger }): Promise<number> {
  const images = imagesRepo(deps.db);
  let made = 0;
  for (const image of await images.listWithoutPreview(BACKFILL_BATCH)) {
    const largest = image.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
    const file = largest && (await deps.storage.get(largest.key));
    if (!largest || !file) {
      deps.logger.warn({ imageId: image.id }, "image has no WebP to make its link preview from");
      continue;
    }
    const kind = image.variants.some((v) => v.format === "png") ? "card" : "photo";
    const encoded = await inEncoderTurn(async () => {
      const { default: sharp } = await import("sharp");
      return encodePreview(() => sharp(file.body), largest, kind);
    });
    const variant = storedVariant(image.storageKey, encoded);
    await deps.storage.put(variant.key, encoded.body, `image/${encoded.format}`);
    if (await images.addPreview(image, variant)) made += 1;
    else if (!(await images.findById(image.id))) await deps.storage.delete(variant.key);
  }
  if (made > 0) {
    await siteContentRepo(deps.db).raiseVersion();
    deps.logger.info({ made }, "link previews made for images stored without one");
  }
  return made;
}
