import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { APP_SCREENSHOT_FORM_FACTORS, type AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import { galleryPhotoEntry, type SiteContent, siteSchema } from "#core/schemas/site-content.ts";

export const CONTENT_DIR = path.resolve("content");

export class ContentError extends Error {
  constructor(
    readonly problems: string[],
    folder = "content",
  ) {
    super(`${folder}/site.ts is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ContentError";
  }
}

/** The server build is older than the content it serves; the start stops, naming each stale file and what to run. */
export class OutdatedBuildError extends Error {
  constructor(readonly problems: string[]) {
    super(`The build is older than the content:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "OutdatedBuildError";
  }
}

function fieldName(pathParts: readonly PropertyKey[]): string {
  return pathParts.reduce<string>(
    (name, part) => (typeof part === "number" ? `${name}[${part}]` : name ? `${name}.${String(part)}` : String(part)),
    "",
  );
}

/** Every photo path the content refers to, with the field it came from. */
export function referencedPhotos(site: SiteContent): Array<[field: string, photo: string]> {
  const refs: Array<[string, string]> = [
    ["logo", site.logo],
    ["president.photo", site.president.photo],
  ];
  site.team.forEach((m, i) => m.img && refs.push([`team[${i}].img`, m.img]));
  site.collaborators.forEach((c, i) => refs.push([`collaborators[${i}].img`, c.img]));
  site.resources.forEach((r, i) => refs.push([`resources[${i}].img`, r.img]));
  for (const key of ["eventGroups", "activityGroups"] as const) {
    site[key].forEach((g, i) => g.photos.forEach((p, j) => refs.push([`${key}[${i}].photos[${j}]`, galleryPhotoEntry(p).img])));
  }
  site.explorePhotos.forEach((p, i) => refs.push([`explorePhotos[${i}]`, galleryPhotoEntry(p).img]));
  return refs;
}

/** The screenshots for the install dialog the content names (encoded apart from its photos), with their fields. */
export function referencedScreenshots(site: SiteContent): Array<[field: string, formFactor: AppScreenshotFormFactor, photo: string]> {
  return APP_SCREENSHOT_FORM_FACTORS.flatMap((formFactor) => {
    const screenshot = site.appScreenshots?.[formFactor];
    return screenshot ? [[`appScreenshots.${formFactor}.img`, formFactor, screenshot.img] as const] : [];
  });
}

/**
 * Validates the society's content: its shape (every field named on error), and that each photo and the
 * video it names exist. Throws ContentError listing every problem at once.
 */
export function validateSite(input: unknown, contentDir = CONTENT_DIR): SiteContent {
  // Named as the people who keep it know it: "content", or the folder as given.
  const folder = path.resolve(contentDir) === CONTENT_DIR ? "content" : contentDir;
  const parsed = siteSchema.safeParse(input);
  if (!parsed.success) {
    throw new ContentError(
      parsed.error.issues.map((issue) => `${fieldName(issue.path) || "site"}: ${issue.message}`),
      folder,
    );
  }
  const site = parsed.data;
  const problems = [...referencedPhotos(site), ...referencedScreenshots(site).map(([field, , photo]) => [field, photo] as const)]
    .filter(([, photo]) => !fs.existsSync(path.join(contentDir, "photos", photo)))
    .map(([field, photo]) => `${field}: ${folder}/photos/${photo} does not exist`);
  if (site.documentaryVideo && !fs.existsSync(path.join(contentDir, site.documentaryVideo))) {
    problems.push(`documentaryVideo: ${folder}/${site.documentaryVideo} does not exist`);
  }
  if (problems.length > 0) throw new ContentError(problems, folder);
  return site;
}

/** content/site.ts's format from another folder (an export, or a society's own copy), validated against its photos. */
export async function loadSiteFrom(dir: string): Promise<SiteContent> {
  const file = path.resolve(dir, "site.ts");
  if (!fs.existsSync(file)) throw new ContentError([`${file} does not exist`]);
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown; site?: unknown };
  return validateSite(module.site ?? module.default, dir);
}

/** The content's TypeScript files changed after `builtFile` was made (the server build that bundles them), if any. */
export function contentNewerThan(builtFile: string, contentDir = CONTENT_DIR): string[] {
  const builtAt = fs.statSync(builtFile).mtimeMs;
  return fs
    .readdirSync(contentDir)
    .filter((name) => name.endsWith(".ts") && fs.statSync(path.join(contentDir, name)).mtimeMs > builtAt)
    .map((name) => `content/${name} is newer than the last build: run \`npm run build\``);
}

/**
 * The starting content a server build carries (content/site.ts, validated), refused while the build is older than it.
 * The file dates are checked before loading: a build's copy of old content may name photos since removed, and that
 * error would hide the real cause. A literal import path, so the production build bundles the content with the server
 * (build/host/main.js runs without a TypeScript loader).
 */
export async function loadBuiltSite({
  builtFile,
  contentDir = CONTENT_DIR,
}: {
  /** The running server build; undefined when running from source, which always reads the current content. */
  builtFile: string | undefined;
  contentDir?: string;
}): Promise<SiteContent> {
  const newer = builtFile ? contentNewerThan(builtFile, contentDir) : [];
  if (newer.length > 0) throw new OutdatedBuildError(newer);
  const module = (await import("#content/site.ts")) as { default?: unknown; site?: unknown };
  return validateSite(module.site ?? module.default, contentDir);
}
