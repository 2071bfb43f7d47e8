import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { APP_SCREENSHOT_FORM_FACTORS } from "#core/app-screenshots.ts";
import { galleryPhotoEntry, type SiteContent } from "#core/schemas/site-content.ts";
import type { Database } from "#server/db/schema.ts";
import { createRepos } from "#server/repos/index.ts";
import type { StoredImage } from "#server/repos/images.ts";
import type { StoredGallery } from "#server/repos/site-content.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { copyVideoToFile, videoFormatOfKey } from "#server/services/video-store.ts";
import { slugify } from "./slug";

/**
 * Writes the site's content to `dir` in the format of content/: site.ts, the photos under photos/ (each the largest
 * variant the site stores, which is what the pages show at most) and the documentary video. Importing the folder
 * gives back the same site. Returns how many photos were written.
 */
export async function exportContent(deps: { db: Kysely<Database>; storage: FileStorage }, dir: string): Promise<number> {
  const stored = await createRepos(deps.db).siteContent.read();
  if (!stored) throw new Error("the site has no content to export yet");

  /** Each image is written once, under the first name it is given; later uses name the same file. */
  const written = new Map<string, string>();
  const photo = async (image: StoredImage, name: string): Promise<string> => {
    const existing = written.get(image.id);
    if (existing) return existing;
    const largest = image.variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
    if (!largest) throw new Error(`image ${image.id} has no WebP variant to export`);
    const file = await deps.storage.get(largest.key);
    if (!file) throw new Error(`the stored file ${largest.key} is missing`);
    const relative = `${name}.webp`;
    fs.mkdirSync(path.dirname(path.join(dir, "photos", relative)), { recursive: true });
    fs.writeFileSync(path.join(dir, "photos", relative), file.body);
    written.set(image.id, relative);
    return relative;
  };
  const numbered = (index: number) => String(index + 1).padStart(2, "0");
  /** A gallery photo as content/site.ts writes it: its path, with its alt text when an admin wrote one. */
  const galleryPhoto = async (p: StoredGallery["photos"][number], name: string) => {
    const img = await photo(p.image, name);
    return p.alt ? { img, alt: p.alt } : img;
  };
  const gallery = async (g: StoredGallery, folder: string) => {
    const photos = await sequential(g.photos, (p, i) => galleryPhoto(p, `${folder}/${slugify(g.name)}/${numbered(i)}`));
    const cover = g.coverIndex === null ? undefined : photos[g.coverIndex];
    return {
      name: g.name,
      ...writtenTexts({ date: g.date, description: g.description, nameUr: g.nameUr, descriptionUr: g.descriptionUr }),
      photos,
      ...(cover ? { cover: galleryPhotoEntry(cover).img } : {}),
    };
  };
  const galleries = (kind: StoredGallery["kind"]) => stored.galleries.filter((g) => g.kind === kind);
  /** The install dialog's screenshots that are stored, as content/site.ts writes them (none: no field). */
  const appScreenshots: NonNullable<SiteContent["appScreenshots"]> = {};
  for (const formFactor of APP_SCREENSHOT_FORM_FACTORS) {
    const screenshot = stored.appScreenshots[formFactor];
    if (!screenshot) continue;
    appScreenshots[formFactor] = { img: await photo(screenshot.image, `screenshots/${formFactor}`), label: screenshot.label };
  }

  fs.mkdirSync(dir, { recursive: true });
  const site: SiteContent = {
    name: stored.name,
    shortName: stored.shortName,
    tagline: stored.tagline,
    heroText: stored.heroText,
    logo: await photo(stored.logo, "logo"),
    logoAlt: stored.logoAlt,
    ...(Object.keys(appScreenshots).length > 0 ? { appScreenshots } : {}),
    mission: stored.mission,
    ...writtenTexts({ taglineUr: stored.taglineUr, heroTextUr: stored.heroTextUr, missionUr: stored.missionUr }),
    goals: stored.goals.map((g) => ({
      title: g.title,
      description: g.description,
      ...writtenTexts({ titleUr: g.titleUr, descriptionUr: g.descriptionUr }),
    })),
    president: { ...stored.president, photo: await photo(stored.president.photo, "president") },
    team: await sequential(stored.team, async (m, i) => ({
      title: m.title,
      name: m.name,
      ...(m.image ? { img: await photo(m.image, `team/${numbered(i)}-${slugify(m.name)}`) } : {}),
      ...writtenTexts({ description: m.description, titleUr: m.titleUr, descriptionUr: m.descriptionUr }),
    })),
    collaborators: await sequential(stored.collaborators, async (c, i) => ({
      name: c.name,
      description: c.description,
      ...(c.url ? { url: c.url } : {}),
      img: await photo(c.image, `collaborators/${numbered(i)}-${slugify(c.name)}`),
    })),
    resources: await sequential(stored.resources, async (r, i) => ({
      title: r.title,
      menuLabel: r.menuLabel,
      img: await photo(r.image, `resources/${numbered(i)}-${slugify(r.title)}`),
      url: r.url,
    })),
    videoChannelUrl: stored.videoChannelUrl,
    socialLinks: stored.socialLinks,
    whatsapp: stored.whatsapp,
    ...writtenTexts({ localAddressLabel: stored.localAddressLabel }),
    eventGroups: await sequential(galleries("event"), (g) => gallery(g, "events")),
    activityGroups: await sequential(galleries("activity"), (g) => gallery(g, "activities")),
    explorePhotos: await sequential(
      galleries("explore").flatMap((g) => g.photos),
      (p, i) => galleryPhoto(p, `explore/${numbered(i)}`),
    ),
    joinQuestions: stored.joinQuestions,
    documentaryVideo: stored.documentaryVideo ? `video/documentary.${videoFormatOfKey(stored.documentaryVideo)}` : null,
  };
  if (stored.documentaryVideo && site.documentaryVideo) {
    fs.mkdirSync(path.join(dir, "video"), { recursive: true });
    await copyVideoToFile(deps.storage, stored.documentaryVideo, path.join(dir, site.documentaryVideo));
  }
  fs.writeFileSync(
    path.join(dir, "site.ts"),
    `/** The site's content, exported by \`npm run admin -- content export\` (format: content/README.md). */\n` +
      `export const site = ${JSON.stringify(site, null, 2)};\n\nexport default site;\n`,
  );
  return written.size;
}

/** The texts that are written, as content/site.ts writes them: those that are not (null or empty) are left out. */
function writtenTexts<K extends string>(texts: Record<K, string | null>): Partial<Record<K, string>> {
  return Object.fromEntries(Object.entries<string | null>(texts).filter(([, text]) => text)) as Partial<Record<K, string>>;
}

/** `map` one item at a time, in order (photos are written to disk one by one). */
async function sequential<T, R>(items: readonly T[], map: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) results.push(await map(item, index));
  return results;
}
