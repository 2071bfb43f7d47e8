import { z } from "zod";
import {
  appScreenshotSchema,
  collaboratorSchema,
  galleryPhotoSchema,
  gallerySchema,
  goalSchema,
  logoSchema,
  presidentSchema,
  resourceSchema,
  siteDetailsSchema,
  socialLinkSchema,
  teamMemberSchema,
  videoSchema,
} from "./content-forms";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";

/**
 * What each site content screen's action does, by its form's `intent` (its lists' moves and deletes are
 * /admin/content/<list>/<id>/(move|delete), shared by every screen; the video's upload is the uploader's own).
 */

/** A screen whose one form saves a new item or an edit of one. */
const save = { intent: z.literal("save") };
const unknownIntent = { error: UNKNOWN_INTENT_MESSAGE };

/**
 * /admin/content/home: the site's details, the logo, the install dialog's screenshots (on a phone, "narrow", and on a
 * computer, "wide"), the president's card, taking the video off, a social link.
 */
export const homeContentActionSchema = z.discriminatedUnion(
  "intent",
  [
    siteDetailsSchema.safeExtend({ intent: z.literal("details") }),
    logoSchema.safeExtend({ intent: z.literal("logo") }),
    appScreenshotSchema.safeExtend({ intent: z.literal("screenshot-narrow") }),
    appScreenshotSchema.safeExtend({ intent: z.literal("screenshot-wide") }),
    presidentSchema.safeExtend({ intent: z.literal("president") }),
    videoSchema.safeExtend({ intent: z.literal("remove-video") }),
    socialLinkSchema.safeExtend({ intent: z.literal("social-link") }),
  ],
  unknownIntent,
);

export const goalsActionSchema = z.discriminatedUnion("intent", [goalSchema.safeExtend(save)], unknownIntent);
export const teamActionSchema = z.discriminatedUnion("intent", [teamMemberSchema.safeExtend(save)], unknownIntent);
export const collaboratorsActionSchema = z.discriminatedUnion("intent", [collaboratorSchema.safeExtend(save)], unknownIntent);
export const resourcesActionSchema = z.discriminatedUnion("intent", [resourceSchema.safeExtend(save)], unknownIntent);
export const galleriesActionSchema = z.discriminatedUnion("intent", [gallerySchema.safeExtend(save)], unknownIntent);
/** /admin/content/galleries/<id>: a photo's alt text and whether it is the cover (its upload is the uploader's own). */
export const galleryActionSchema = z.discriminatedUnion("intent", [galleryPhotoSchema.safeExtend(save)], unknownIntent);
