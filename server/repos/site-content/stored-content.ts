import type { AppScreenshotFormFactor } from "#core/app-screenshots.ts";
import type { GalleryKind } from "#server/db/schema.ts";
import type { StoredImage } from "#server/repos/images.ts";

/** The tables of the site's content, parents before the tables whose rows point at them. */
export const CONTENT_TABLES = [
  "siteDetails",
  "contentGoals",
  "teamMembers",
  "collaborators",
  "resources",
  "socialLinks",
  "galleries",
  "galleryPhotos",
] as const;

/**
 * The site's content as stored: the shape of content/site.ts, with each photo an image row. A field ending in `Ur` is
 * its twin's Urdu text, null when none is written.
 */
export interface StoredSiteContent {
  name: string;
  shortName: string;
  tagline: string;
  heroText: string;
  logo: StoredImage;
  logoAlt: string;
  /** The screenshots of the site for the install dialog, on a phone and on a computer: each its image and label, or null. */
  appScreenshots: Record<AppScreenshotFormFactor, { image: StoredImage; label: string } | null>;
  mission: string;
  taglineUr: string | null;
  heroTextUr: string | null;
  missionUr: string | null;
  goals: Array<{ title: string; description: string; titleUr: string | null; descriptionUr: string | null }>;
  president: { name: string; title: string; message: string; photo: StoredImage };
  team: Array<{
    title: string;
    name: string;
    description: string | null;
    image: StoredImage | null;
    titleUr: string | null;
    descriptionUr: string | null;
  }>;
  collaborators: Array<{ name: string; description: string; url?: string; image: StoredImage }>;
  resources: Array<{ title: string; menuLabel: string; url: string; image: StoredImage }>;
  videoChannelUrl: string;
  socialLinks: Array<{ network: "facebook" | "instagram"; label: string; url: string }>;
  whatsapp: { contactUrl: string; communityUrl: string };
  localAddressLabel: string | null;
  galleries: StoredGallery[];
  joinQuestions: string[];
  /** The stored video's key (server/services/video-store.ts), or null. */
  documentaryVideo: string | null;
}

export interface StoredGallery {
  kind: GalleryKind;
  name: string;
  slug: string;
  date: string | null;
  description: string | null;
  nameUr: string | null;
  descriptionUr: string | null;
  photos: Array<{ image: StoredImage; alt: string | null }>;
  /** Which of `photos` the admin chose as its cover; null: none chosen (the first stands for it). */
  coverIndex: number | null;
}
