import { z } from "zod";
import { APP_SCREENSHOT_LIMITS } from "#core/app-screenshots.ts";
import {
  CONFLICT_MESSAGE,
  MOVE_MESSAGES,
  PHOTO_FORMATS_MESSAGE,
  PHOTO_TOO_LARGE_MESSAGE,
  VIDEO_FORMATS_MESSAGE,
  VIDEO_INCOMPLETE_MESSAGE,
  VIDEO_MISSING_MESSAGE,
  VIDEO_TOO_LARGE_MESSAGE,
} from "#core/messages/content.ts";
import { chosenFile, oneKindOfLineBreak, withoutNul } from "./text";
import { CONTENT_PHOTO_MAX_BYTES, VIDEO_MAX_BYTES, VIDEO_MAX_PARTS } from "./limits";

/** Text the site shows: trimmed, at most `max` characters, each message naming the field. */
const trimmedText = (label: string, max: number, schema = z.string()) =>
  withoutNul(schema.overwrite(oneKindOfLineBreak).trim().max(max, `${label} must be at most ${max} characters`), label);

/** Required text: a missing or empty one is told so. */
export const requiredText = (label: string, max: number) =>
  trimmedText(label, max, z.string({ error: `${label} is required` })).min(1, `${label} is required`);

const optionalText = (label: string, max: number) => trimmedText(label, max).optional();

/**
 * A text's Urdu twin, for the public site's Urdu pages: optional (empty: none written, the Urdu page shows the English
 * one), with its English twin's limit. `label` is the English field's: "Tagline" gives "Tagline in Urdu".
 */
const urduText = (label: string, max: number) => optionalText(`${label} in Urdu`, max);

/** A link the site shows: http(s) only, so it can never become a `javascript:` link; anything else is told `message`. */
export const httpLink = (message: string) =>
  z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: message })
    // The URL parser takes a NUL byte (percent-encoding it), but the link is stored as typed.
    .refine((url) => !url.includes("\u0000"), message);

const webLink = (label: string) => httpLink(`${label} must be a link starting with https:// or http://`);

/** The version of the item the form was filled from; the save is refused when the stored one has moved on. */
const version = z.coerce.number({ error: CONFLICT_MESSAGE }).int(CONFLICT_MESSAGE).positive(CONFLICT_MESSAGE);

/** The id of an existing item (a saved edit), or nothing (a new one). */
const itemId = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "No such item")
  .optional();

/** A list item's form: its id and the version it was read at for an edit, neither for a new one. */
const itemFields = { id: itemId, version: version.optional() };

export const SITE_DETAILS_LIMITS = { name: 100, shortName: 20, tagline: 100, heroText: 500, mission: 2000 } as const;

/** /admin/content/home: the site's names and texts and its contact links. */
export const siteDetailsSchema = z.object({
  name: requiredText("Name", SITE_DETAILS_LIMITS.name),
  shortName: requiredText("Short name", SITE_DETAILS_LIMITS.shortName),
  tagline: requiredText("Tagline", SITE_DETAILS_LIMITS.tagline),
  heroText: requiredText("Hero text", SITE_DETAILS_LIMITS.heroText),
  mission: requiredText("Mission", SITE_DETAILS_LIMITS.mission),
  taglineUr: urduText("Tagline", SITE_DETAILS_LIMITS.tagline),
  heroTextUr: urduText("Hero text", SITE_DETAILS_LIMITS.heroText),
  missionUr: urduText("Mission", SITE_DETAILS_LIMITS.mission),
  videoChannelUrl: webLink("Video channel link"),
  whatsappContactUrl: webLink("WhatsApp link"),
  whatsappCommunityUrl: webLink("WhatsApp community link"),
  version,
});
export type SiteDetailsInput = z.infer<typeof siteDetailsSchema>;

export const GOAL_LIMITS = { title: 100, description: 500 } as const;

/** /admin/content/goals: one goal, new (no id) or edited (its id and the version it was read at). */
export const goalSchema = z.object({
  ...itemFields,
  title: requiredText("Title", GOAL_LIMITS.title),
  description: requiredText("Description", GOAL_LIMITS.description),
  titleUr: urduText("Title", GOAL_LIMITS.title),
  descriptionUr: urduText("Description", GOAL_LIMITS.description),
});
export type GoalInput = z.infer<typeof goalSchema>;

/**
 * Move up / Move down on any list (`direction`), or a drag that drops an item at a place (`to`: its place in the new
 * order, 0 at the top; the server checks it is within the list). One of the two.
 */
export const moveItemSchema = z
  .object({
    direction: z.enum(["up", "down"], { error: MOVE_MESSAGES.direction }).optional(),
    to: z
      .string({ error: MOVE_MESSAGES.to })
      .regex(/^(0|[1-9][0-9]{0,5})$/, MOVE_MESSAGES.to)
      .transform(Number)
      .optional(),
  })
  .refine((move) => (move.direction === undefined) !== (move.to === undefined), MOVE_MESSAGES.either);

/** The file types a photo field offers; the server judges the bytes. */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/avif";

const optionalPhoto = chosenFile(
  z
    .instanceof(Blob, { error: PHOTO_FORMATS_MESSAGE })
    .refine((file) => file.size <= CONTENT_PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE)
    .optional(),
);

/** The file types the video field offers; the server judges the bytes. */
export const VIDEO_ACCEPT = "video/mp4,video/webm";

/** /admin/content/home: the documentary's removal (at the version the page was read at). */
export const videoSchema = z.object({ version });
export type VideoInput = z.infer<typeof videoSchema>;

/**
 * /admin/content/home: the documentary's upload, once its parts are stored (app/lib/video-upload.ts sends them): which
 * upload, how many parts, and the version the page was read at.
 */
export const videoUploadSchema = videoSchema.extend({
  upload: z.string({ error: VIDEO_INCOMPLETE_MESSAGE }).min(1, VIDEO_INCOMPLETE_MESSAGE).max(100, VIDEO_INCOMPLETE_MESSAGE),
  parts: z.coerce
    .number({ error: VIDEO_INCOMPLETE_MESSAGE })
    .int(VIDEO_INCOMPLETE_MESSAGE)
    .min(1, VIDEO_INCOMPLETE_MESSAGE)
    .max(VIDEO_MAX_PARTS, VIDEO_TOO_LARGE_MESSAGE),
});
export type VideoUploadInput = z.infer<typeof videoUploadSchema>;

/** The video form as the browser checks it before sending anything: a video chosen, of a type and size the server takes. */
export const videoChoiceSchema = videoSchema.extend({
  video: chosenFile(
    z
      .instanceof(Blob, { error: VIDEO_MISSING_MESSAGE })
      // A file the browser cannot name a type for is left to the server, which reads its first bytes.
      .refine((file) => file.type === "" || VIDEO_ACCEPT.split(",").includes(file.type), VIDEO_FORMATS_MESSAGE)
      .refine((file) => file.size <= VIDEO_MAX_BYTES, VIDEO_TOO_LARGE_MESSAGE),
  ),
});

export const PRESIDENT_LIMITS = { name: 100, title: 100, message: 2000 } as const;

/** /admin/content/home: the president's card and message; a new photo replaces the one shown. */
export const presidentSchema = z.object({
  name: requiredText("Name", PRESIDENT_LIMITS.name),
  title: requiredText("Title", PRESIDENT_LIMITS.title),
  message: requiredText("Message", PRESIDENT_LIMITS.message),
  photo: optionalPhoto,
  version,
});
export type PresidentInput = z.infer<typeof presidentSchema>;

export const LOGO_LIMITS = { alt: 200 } as const;

/** /admin/content/home: the logo (top bar, footer, browser tab and home-screen icons) and what it shows, in words. */
export const logoSchema = z.object({
  alt: requiredText("Description", LOGO_LIMITS.alt),
  photo: optionalPhoto,
  version,
});
export type LogoInput = z.infer<typeof logoSchema>;

/**
 * /admin/content/home: a screenshot of the site for the install dialog (one taken on a phone, one on a computer; which
 * one is the form's intent) and its label. A new picture replaces the one stored; `removePhoto` takes it away.
 */
export const appScreenshotSchema = z.object({
  label: requiredText("Label", APP_SCREENSHOT_LIMITS.label),
  photo: optionalPhoto,
  /** Checked to take the stored screenshot away (the manifest then lists none of this kind). */
  removePhoto: z.literal("on").optional(),
  version,
});
export type AppScreenshotInput = z.infer<typeof appScreenshotSchema>;

export const SOCIAL_LINK_LIMITS = { label: 60 } as const;

/** The social networks a link may point to: each has its icon on the public site. */
export const SOCIAL_NETWORKS = { facebook: "Facebook", instagram: "Instagram" } as const;

/** /admin/content/home: one social link beside the hero and in Contact. */
export const socialLinkSchema = z.object({
  ...itemFields,
  network: z.enum(["facebook", "instagram"], { error: "Choose Facebook or Instagram" }),
  label: requiredText("Label", SOCIAL_LINK_LIMITS.label),
  url: webLink("Link"),
});
export type SocialLinkInput = z.infer<typeof socialLinkSchema>;

export const TEAM_MEMBER_LIMITS = { name: 100, title: 100, description: 500 } as const;

/** /admin/content/team: one member (or pair, or wing) with an optional photo and a multi-line description. */
export const teamMemberSchema = z.object({
  ...itemFields,
  name: requiredText("Name", TEAM_MEMBER_LIMITS.name),
  title: requiredText("Title", TEAM_MEMBER_LIMITS.title),
  description: optionalText("Description", TEAM_MEMBER_LIMITS.description),
  titleUr: urduText("Title", TEAM_MEMBER_LIMITS.title),
  descriptionUr: urduText("Description", TEAM_MEMBER_LIMITS.description),
  photo: optionalPhoto,
  /** Checked to take the current photo away (the card then shows the name's first letter). */
  removePhoto: z.literal("on").optional(),
});
export type TeamMemberInput = z.infer<typeof teamMemberSchema>;

/** A photo a new item must have: an edit may keep the one it has. */
const photoForNewItems = (message: string) => (value: { id?: string; photo?: Blob }, context: z.RefinementCtx) => {
  if (!value.id && !value.photo) context.addIssue({ code: "custom", path: ["photo"], message });
};

export const COLLABORATOR_LIMITS = { name: 100, description: 300 } as const;

/** /admin/content/collaborators: a partner with its logo and, optionally, a link to its own site. */
export const collaboratorSchema = z
  .object({
    ...itemFields,
    name: requiredText("Name", COLLABORATOR_LIMITS.name),
    description: requiredText("Description", COLLABORATOR_LIMITS.description),
    url: z.preprocess((value) => (value === "" ? undefined : value), webLink("Link").optional()),
    photo: optionalPhoto,
  })
  .superRefine(photoForNewItems("Choose the collaborator's logo"));
export type CollaboratorInput = z.infer<typeof collaboratorSchema>;

export const RESOURCE_LIMITS = { title: 100, menuLabel: 40 } as const;

/** /admin/content/resources: a card with its picture and the shared folder it opens, and its name in the menu. */
export const resourceSchema = z
  .object({
    ...itemFields,
    title: requiredText("Title", RESOURCE_LIMITS.title),
    menuLabel: requiredText("Menu label", RESOURCE_LIMITS.menuLabel),
    url: webLink("Link"),
    photo: optionalPhoto,
  })
  .superRefine(photoForNewItems("Choose a picture for the card"));
export type ResourceInput = z.infer<typeof resourceSchema>;

export const GALLERY_LIMITS = { name: 100, description: 1000, alt: 200 } as const;

/** /admin/content/galleries: "New gallery" or an edit of one (its photos are uploaded one by one after it is saved). */
export const gallerySchema = z.object({
  ...itemFields,
  name: requiredText("Name", GALLERY_LIMITS.name),
  kind: z.enum(["event", "activity"], { error: "Choose Event or Activity" }),
  date: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.iso.date({ error: "Date must be a date, such as 2026-03-14" }).optional(),
  ),
  description: optionalText("Description", GALLERY_LIMITS.description),
  nameUr: urduText("Name", GALLERY_LIMITS.name),
  descriptionUr: urduText("Description", GALLERY_LIMITS.description),
});
export type GalleryInput = z.infer<typeof gallerySchema>;

/** One photo uploaded into a gallery. */
export const galleryPhotoUploadSchema = z.object({
  photo: chosenFile(
    z.instanceof(Blob, { error: "Choose a photo" }).refine((file) => file.size <= CONTENT_PHOTO_MAX_BYTES, PHOTO_TOO_LARGE_MESSAGE),
  ),
});

/** A gallery photo's alt text (empty: the gallery's name and the photo's position), and whether it is the cover. */
export const galleryPhotoSchema = z.object({
  id: itemId.unwrap(),
  version,
  alt: optionalText("Alt text", GALLERY_LIMITS.alt),
  cover: z.literal("on").optional(),
});
export type GalleryPhotoInput = z.infer<typeof galleryPhotoSchema>;

/* The field builders other admin forms share with the content forms. */
export { itemFields, optionalText, urduText };
