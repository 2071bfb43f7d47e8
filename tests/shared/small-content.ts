import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type { SiteContent } from "#core/schemas/site-content.ts";
import type { StoredImage } from "#server/repos/images.ts";
import type { StoredSiteContent } from "#server/repos/site-content.ts";

/** The photos of `smallSite()`, each a plain picture of its own colour. */
export const SMALL_SITE_PHOTOS: Record<string, string> = {
  "logo.png": "#115e59",
  "team/a.jpg": "#22aa77",
  "events/a/1.jpg": "#aa7722",
  "events/a/2.jpg": "#2277aa",
  "explore/1.jpg": "#777777",
};

/** A small but complete site in the format of content/: every list with an entry, every photo a real picture. */
export function smallSite(): SiteContent {
  const url = "https://example.org/";
  return {
    name: "Test Society",
    shortName: "TS",
    tagline: "Testing together",
    heroText: "Hero text",
    logo: "logo.png",
    logoAlt: "Test Society logo",
    mission: "Our mission",
    goals: [
      { title: "First", description: "One" },
      { title: "Second", description: "Two" },
    ],
    president: { name: "Ayesha Khan", title: "President", message: "Welcome", photo: "team/a.jpg" },
    team: [
      { title: "Secretary", name: "Sara Malik", img: "team/a.jpg", description: "Line one\nLine two" },
      { title: "Treasurer", name: "Bilal Ahmed" },
    ],
    collaborators: [
      { name: "Partner", description: "Helps", img: "logo.png", url: "https://partner.example.org/" },
      { name: "Unlinked partner", description: "Helps too", img: "logo.png" },
    ],
    resources: [{ title: "Notes", menuLabel: "Notes", img: "explore/1.jpg", url }],
    videoChannelUrl: url,
    socialLinks: [{ network: "facebook", label: "Facebook", url }],
    whatsapp: { contactUrl: url, communityUrl: url },
    eventGroups: [
      {
        name: "Med Doc",
        date: "2026-03-14",
        description: "The yearly medical documentary night.",
        photos: ["events/a/1.jpg", { img: "events/a/2.jpg", alt: "The audience at Med Doc" }],
        cover: "events/a/2.jpg",
      },
    ],
    activityGroups: [
      { name: "Sports", photos: ["events/a/2.jpg"] },
      { name: "Study Circle", photos: [] },
    ],
    explorePhotos: [{ img: "explore/1.jpg", alt: "The college gate" }],
    joinQuestions: ["Q1", "Q2", "Q3", "Q4", "Q5", "Q6"],
    documentaryVideo: "video/film.webm",
  };
}

/** The small site's video: a WebM file's first bytes and some more (enough for the server to take it as a WebM video). */
export const SMALL_SITE_VIDEO = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
  Buffer.from("webm"),
  Buffer.alloc(4096, 7),
]);

/** Writes one photo of the small site (640x480 in `colour`) under `contentDir`/photos. */
export async function writeSmallSitePhoto(contentDir: string, photo: string, colour: string): Promise<void> {
  const file = path.join(contentDir, "photos", photo);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const image = sharp({ create: { width: 640, height: 480, channels: 3, background: colour } });
  fs.writeFileSync(file, await (photo.endsWith(".png") ? image.png() : image.jpeg()).toBuffer());
}

/** The small site's video under `contentDir` (`bytes` to make it another video). */
export function writeSmallSiteVideo(contentDir: string, bytes: Buffer = SMALL_SITE_VIDEO): void {
  fs.mkdirSync(path.join(contentDir, "video"), { recursive: true });
  fs.writeFileSync(path.join(contentDir, "video", "film.webm"), bytes);
}

/** The small site in `contentDir`: site.ts and its photos, as `npm run admin -- content import` reads them. */
export async function writeSmallSite(contentDir: string, site: SiteContent = smallSite()): Promise<void> {
  for (const [photo, colour] of Object.entries(SMALL_SITE_PHOTOS)) await writeSmallSitePhoto(contentDir, photo, colour);
  writeSmallSiteVideo(contentDir);
  fs.writeFileSync(path.join(contentDir, "site.ts"), `export const site = ${JSON.stringify(site)};\nexport default site;\n`);
}

/**
 * Stored content with each image replaced by its size and the order in which it first appears: two sites compare
 * equal when they say the same, show pictures of the same sizes, and share a picture in the same places.
 */
export function comparableContent(content: StoredSiteContent): unknown {
  const seen = new Map<string, number>();
  return JSON.parse(
    JSON.stringify(content, (_key, value: unknown) => {
      if (value && typeof value === "object" && "variants" in value && "storageKey" in value) {
        const image = value as StoredImage;
        if (!seen.has(image.id)) seen.set(image.id, seen.size);
        return { picture: seen.get(image.id), width: image.width, height: image.height };
      }
      return value;
    }),
  ) as unknown;
}
