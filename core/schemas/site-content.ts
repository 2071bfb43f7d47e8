import { z } from "zod";
import { APP_SCREENSHOT_LIMITS } from "#core/app-screenshots.ts";
import {
  COLLABORATOR_LIMITS,
  GALLERY_LIMITS,
  GOAL_LIMITS,
  LOGO_LIMITS,
  RESOURCE_LIMITS,
  SITE_DETAILS_LIMITS,
  SOCIAL_LINK_LIMITS,
  TEAM_MEMBER_LIMITS,
} from "./content-forms";

/**
 * The shape of `content/site.ts`: everything a society changes without touching code.
 * Photo fields are paths relative to `content/photos/` (for example "events/med-doc/01.jpg").
 */

const text = z.string().trim().min(1, "must not be empty");
/** Text with the same limit as its field in the admin's forms (content-forms.ts), so imported content can be edited. */
const textUpTo = (max: number) => text.max(max, `must be at most ${max} characters`);
/**
 * A text's Urdu twin (its name ends in `Ur`), for the Urdu pages: optional, empty allowed (none written: the Urdu page
 * shows the English text), with its English twin's limit.
 */
const urduUpTo = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).optional();
const externalUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const photoPath = z
  .string()
  .regex(/^[a-z0-9][a-z0-9/_.-]*\.(jpe?g|png|webp)$/i, "must be a .jpg, .png or .webp path under content/photos/")
  .refine((p) => !p.split("/").includes(".."), "must stay inside content/photos/");

const goal = z.object({
  title: textUpTo(GOAL_LIMITS.title),
  description: textUpTo(GOAL_LIMITS.description),
  titleUr: urduUpTo(GOAL_LIMITS.title),
  descriptionUr: urduUpTo(GOAL_LIMITS.description),
});

const teamMember = z.object({
  title: textUpTo(TEAM_MEMBER_LIMITS.title),
  name: textUpTo(TEAM_MEMBER_LIMITS.name),
  img: photoPath.optional(),
  description: textUpTo(TEAM_MEMBER_LIMITS.description).optional(),
  titleUr: urduUpTo(TEAM_MEMBER_LIMITS.title),
  descriptionUr: urduUpTo(TEAM_MEMBER_LIMITS.description),
});

const collaborator = z.object({
  name: textUpTo(COLLABORATOR_LIMITS.name),
  description: textUpTo(COLLABORATOR_LIMITS.description),
  img: photoPath,
  /** Its own site or page; its card links there. */
  url: externalUrl.optional(),
});

const resource = z.object({
  title: textUpTo(RESOURCE_LIMITS.title),
  /** The label of this resource in the top bar's Resources dropdown. */
  menuLabel: textUpTo(RESOURCE_LIMITS.menuLabel),
  img: photoPath,
  url: externalUrl,
});

const socialLink = z.object({
  network: z.enum(["facebook", "instagram"]),
  label: textUpTo(SOCIAL_LINK_LIMITS.label),
  url: externalUrl,
});

/** A screenshot of the site for the install dialog: the picture (under `photos/`) and its label. */
const appScreenshot = z.object({ img: photoPath, label: textUpTo(APP_SCREENSHOT_LIMITS.label) });

/** A gallery photo: its path, or its path with the alt text an admin wrote (without one: gallery name + number). */
const galleryPhoto = z.union([photoPath, z.object({ img: photoPath, alt: textUpTo(GALLERY_LIMITS.alt) })]);
export type GalleryPhotoEntry = z.infer<typeof galleryPhoto>;
/** A gallery photo's path and alt text, whichever way it was written. */
export const galleryPhotoEntry = (photo: GalleryPhotoEntry): { img: string; alt?: string } =>
  typeof photo === "string" ? { img: photo } : photo;

/** An event's or activity's gallery. One without photos stays off the public site until it has some. */
const photoGroup = z
  .object({
    name: textUpTo(GALLERY_LIMITS.name),
    date: z.iso.date({ error: "must be a date such as 2026-03-14" }).optional(),
    description: textUpTo(GALLERY_LIMITS.description).optional(),
    nameUr: urduUpTo(GALLERY_LIMITS.name),
    descriptionUr: urduUpTo(GALLERY_LIMITS.description),
    photos: z.array(galleryPhoto),
    /** The photo that stands for the gallery where it is shared (one of `photos`); without one, the first. */
    cover: photoPath.optional(),
  })
  .refine((g) => !g.cover || g.photos.some((p) => galleryPhotoEntry(p).img === g.cover), {
    path: ["cover"],
    message: "must be one of the gallery's photos",
  });

export const siteSchema = z.object({
  name: textUpTo(SITE_DETAILS_LIMITS.name),
  shortName: textUpTo(SITE_DETAILS_LIMITS.shortName),
  tagline: textUpTo(SITE_DETAILS_LIMITS.tagline),
  heroText: textUpTo(SITE_DETAILS_LIMITS.heroText),
  logo: photoPath,
  logoAlt: textUpTo(LOGO_LIMITS.alt),
  /**
   * Screenshots of the site that Chrome's install dialog shows: one taken on a phone (`narrow`, portrait) and one on a
   * computer (`wide`, landscape), each optional.
   */
  appScreenshots: z.object({ narrow: appScreenshot.optional(), wide: appScreenshot.optional() }).optional(),
  mission: textUpTo(SITE_DETAILS_LIMITS.mission),
  /** The tagline, hero text and mission in Urdu, for the Urdu pages (/ur/…); each optional. */
  taglineUr: urduUpTo(SITE_DETAILS_LIMITS.tagline),
  heroTextUr: urduUpTo(SITE_DETAILS_LIMITS.heroText),
  missionUr: urduUpTo(SITE_DETAILS_LIMITS.mission),
  goals: z.array(goal),
  president: z.object({ name: text, title: text, message: text, photo: photoPath }),
  team: z.array(teamMember),
  collaborators: z.array(collaborator),
  resources: z.array(resource),
  videoChannelUrl: externalUrl,
  socialLinks: z.array(socialLink),
  whatsapp: z.object({ contactUrl: externalUrl, communityUrl: externalUrl }),
  /** How the admin's request cards label the applicant's local address (the join form's street address). */
  localAddressLabel: text.optional(),
  eventGroups: z.array(photoGroup),
  activityGroups: z.array(photoGroup),
  explorePhotos: z.array(galleryPhoto),
  /**
   * The six questions of the join form's second step (SPEC section 3), in order: four answered in free
   * text, the last two as lists.
   */
  joinQuestions: z.array(text.max(300, "must be at most 300 characters")).length(6, "must list exactly six questions"),
  /** Path under content/ of the documentary video, or null when there is none. */
  documentaryVideo: z
    .string()
    .regex(/^video\/[a-z0-9_.-]+\.(mp4|webm)$/i, "must be a .mp4 or .webm file under content/video/")
    .nullable(),
});

export type SiteContent = z.infer<typeof siteSchema>;
export type PhotoGroup = z.infer<typeof photoGroup>;
