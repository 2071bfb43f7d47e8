import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import type { SiteContent } from "#core/schemas/site-content.ts";
import type { Database } from "#server/db/schema.ts";
import type { EncodeCache } from "#server/images/encode-cache.ts";
import { type EncodeOptions, UnsupportedImageError } from "#server/images/encode-image.ts";
import type { Logger } from "#server/logger.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import type { StoredImage } from "#server/repos/images.ts";
import type { StoredSiteContent } from "#server/repos/site-content.ts";
import { deleteImageFiles, storeEncodedImage } from "#server/services/image-store.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { isVideoKey, storeVideoFile, VideoRefusedError } from "#server/services/video-store.ts";
import { CONTENT_DIR, ContentError, loadBuiltSite, referencedPhotos, referencedScreenshots } from "./load-site";

/** Photos imported at once. Encoding is bounded by sharp's own thread pool; more only adds memory. */
const IMPORT_CONCURRENCY = 4;

/** Where the content's photos are stored, beside the announcements' images. */
export const CONTENT_IMAGE_FOLDER = "content";

export interface ImportDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  encoder: EncodeCache;
}

/**
 * Puts content in the format of content/ (site.ts, already validated, and its photos under `contentDir`/photos) into
 * the database. Each photo goes through the one image pipeline into storage; a photo already imported (the same bytes)
 * keeps its image. `replace: false` is the first start's import: it does nothing when the site already has content,
 * also when another instance imports at the same moment. Returns whether the content was written.
 */
export async function importContent(
  deps: ImportDeps,
  site: SiteContent,
  {
    contentDir,
    replace,
    actor = AUDIT_ACTOR.system,
    onPhoto,
  }: {
    contentDir: string;
    replace: boolean;
    actor?: string;
    /** Called after each photo is stored: encoding a new photo takes about a second. */
    onPhoto?: (done: number, total: number) => void;
  },
): Promise<boolean> {
  const repos = createRepos(deps.db);
  if (!replace && (await repos.siteContent.hasContent())) return false;
  const before = await repos.siteContent.read();

  // First: a file that is not a video stops the import before any photo is encoded.
  const videoKey = site.documentaryVideo ? await importVideo(deps.storage, path.join(contentDir, site.documentaryVideo)) : null;
  // Then the screenshots (one image each, quick): one the install dialog cannot show stops the import, naming its field.
  const screenshotIds: Partial<Record<AppScreenshotFormFactor, string>> = {};
  for (const [field, formFactor, photo] of referencedScreenshots(site)) {
    const input = fs.readFileSync(path.join(contentDir, "photos", photo));
    const image = await importPhoto(deps, input, { screenshot: formFactor }).catch((error: unknown) => {
      throw error instanceof UnsupportedImageError ? new ContentError([`${field}: ${error.message}`]) : error;
    });
    screenshotIds[formFactor] = image.id;
  }
  const imageIds = new Map<string, string>();
  const photos = [...new Set(referencedPhotos(site).map(([, photo]) => photo))];
  // A few photos at a time: their files are written (and synced) while the next ones are read or encoded.
  let next = 0;
  const worker = async () => {
    while (next < photos.length) {
      const photo = photos[next++]!;
      const options: EncodeOptions = photo === site.logo ? { smallWidths: true, icons: true } : {};
      const image = await importPhoto(deps, fs.readFileSync(path.join(contentDir, "photos", photo)), options);
      imageIds.set(photo, image.id);
      onPhoto?.(imageIds.size, photos.length);
    }
  };
  await Promise.all(Array.from({ length: IMPORT_CONCURRENCY }, worker));

  const written = await inTransaction(deps.db, async (trx) => {
    // The settings row's lock, taken first: a second first start waits here until this one commits, then finds the
    // content in (checked and written in one step, so the two can never both import).
    await trx.siteContent.lockForWriting();
    if (!replace && (await trx.siteContent.hasContent())) return false;
    await trx.siteContent.replace(site, (photo) => imageIds.get(photo)!, videoKey, screenshotIds);
    await trx.auditLog.record(actor, "content.import", `photos=${photos.length}`);
    return true;
  }).catch(async (error: unknown) => {
    // Two first starts at once: the other one's content is in; this one's identical images are shared by hash.
    if (!replace && (await repos.siteContent.hasContent())) return false;
    throw error;
  });
  if (!written) return false;

  // Images of the replaced content that the new content no longer uses.
  const kept = new Set([...imageIds.values(), ...Object.values(screenshotIds)]);
  for (const image of before ? storedImagesOf(before) : []) {
    if (kept.has(image.id)) continue;
    if (await deleteImageFiles(deps.storage, image, deps.logger)) await repos.images.delete(image.id).catch(() => false);
  }
  if (before?.documentaryVideo && before.documentaryVideo !== videoKey) await deps.storage.delete(before.documentaryVideo);
  deps.logger.info({ photos: photos.length, replace }, "content imported");
  return true;
}

/** The stored image made from these bytes with these options, encoding and storing it the first time. */
async function importPhoto(deps: ImportDeps, input: Buffer, options: EncodeOptions): Promise<StoredImage> {
  const repos = createRepos(deps.db);
  const sourceHash = crypto.createHash("sha256").update(JSON.stringify(options)).update(input).digest("hex");
  const existing = await repos.images.findBySourceHash(sourceHash);
  if (existing) return existing;
  const encoded = await deps.encoder.encode(input, options);
  try {
    return await storeEncodedImage(deps, encoded, CONTENT_IMAGE_FOLDER, sourceHash);
  } catch (error) {
    // Another instance stored the same photo meanwhile (the hash is unique); use theirs.
    const stored = await repos.images.findBySourceHash(sourceHash);
    if (stored) return stored;
    throw error;
  }
}

/** Stores the content folder's video; one that is not an MP4 or WebM video stops the import, naming the file. */
async function importVideo(storage: FileStorage, file: string): Promise<string> {
  try {
    return await storeVideoFile(storage, file);
  } catch (error) {
    if (error instanceof VideoRefusedError) throw new ContentError([`documentaryVideo: ${file} is not an MP4 or WebM video`]);
    throw error;
  }
}

/** Every image the content uses, once each. */
function storedImagesOf(content: StoredSiteContent): StoredImage[] {
  const images = [
    content.logo,
    content.president.photo,
    ...Object.values(content.appScreenshots).flatMap((screenshot) => (screenshot ? [screenshot.image] : [])),
    ...content.team.flatMap((m) => (m.image ? [m.image] : [])),
    ...content.collaborators.map((c) => c.image),
    ...content.resources.map((r) => r.image),
    ...content.galleries.flatMap((g) => g.photos.map((p) => p.image)),
  ];
  return [...new Map(images.map((image) => [image.id, image])).values()];
}

/**
 * The first start's import of the starting content (content/site.ts and content/photos/); nothing happens once the site
 * has content. `builtFile` is the running server build, which carries its own copy of site.ts.
 */
export async function importStartingContent(deps: ImportDeps, builtFile: string | undefined): Promise<boolean> {
  if (await createRepos(deps.db).siteContent.hasContent()) {
    await storeVideoNamedByPath(deps);
    return false;
  }
  const site = await loadBuiltSite({ builtFile });
  return importContent(deps, site, { contentDir: CONTENT_DIR, replace: false });
}

/**
 * A site imported while videos were files under content/ names its video by that path: it is stored now, as an import
 * would store it (or dropped, when the file is gone), so the site shows it as before.
 */
async function storeVideoNamedByPath(deps: ImportDeps): Promise<void> {
  const details = await createRepos(deps.db).siteContent.details();
  const named = details?.documentaryVideo;
  if (!details || !named || isVideoKey(named)) return;
  const file = path.join(CONTENT_DIR, named);
  const key = fs.existsSync(file) ? await importVideo(deps.storage, file) : null;
  await inTransaction(deps.db, async (trx) => {
    // Another instance starting at the same moment did it first: its save raised the version, this one changes nothing.
    if ((await trx.siteContent.updateDetails(details.version, { documentaryVideo: key })) === "saved") await trx.siteContent.raiseVersion();
  });
  deps.logger.info({ video: key ?? "none" }, "the content's video moved into storage");
}
