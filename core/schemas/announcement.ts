import { z } from "zod";
import { WALL_TIME } from "#core/calendar-day.ts";
import { UNKNOWN_INTENT_MESSAGE } from "#core/messages/common.ts";
import { REGISTRATION_MESSAGES } from "#core/messages/registration.ts";
import { oneKindOfLineBreak, withoutNul } from "./text";
import { targetIdField } from "./intent";
import { ANNOUNCEMENT_IMAGE_MAX_BYTES } from "./limits";
import { httpLink, itemFields, optionalText, urduText } from "./content-forms";
import { capacityField, registrationQuestionsField } from "./registration";

import { ANNOUNCEMENT_MESSAGES } from "#core/messages/announcement-form.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
/**
 * SPEC 2: the card's title when the announcement has none (the catalogue's, which the Urdu pages translate), and its
 * button's words when the admin wrote none.
 */
export const DEFAULT_ANNOUNCEMENT_TITLE = announcementsEn.announcements.untitled;
export const DEFAULT_LINK_LABEL = announcementsEn.announcements.linkLabel;

export const ANNOUNCEMENT_LIMITS = { title: 120, description: 5000, linkLabel: 40, eventLocation: 120 } as const;

/** Where the card's button leads: the link typed in the form, or the site's own registration form. */
export const REGISTRATION_CHOICES = ["link", "here"] as const;
export type RegistrationChoice = (typeof REGISTRATION_CHOICES)[number];
/**
 * The button's words of an announcement that collects registrations here, when the admin wrote none: the registration
 * form's own button (the registration book's, which the Urdu pages translate).
 */
export const DEFAULT_REGISTER_LABEL = registrationEn.register.register;

/** When an announcement goes live: at once, at a set time, or not yet (a draft). */
export const PUBLISH_CHOICES = ["now", "scheduled", "draft"] as const;
export type PublishChoice = (typeof PUBLISH_CHOICES)[number];

/** Where an announcement stands, as the admin list shows and filters it. */
export const ANNOUNCEMENT_STATES = ["live", "scheduled", "draft", "expired"] as const;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

const wallTime = (message: string) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.string({ error: message }).regex(WALL_TIME, message).optional());

/**
 * SPEC 5, "Create announcement", and its edit: the description at least 10 characters, a link that is a URL, both
 * with the spec's messages; the image (at most one file, of an image type) and the link are optional. `image` is
 * read as a list, so "at most one file" is one check whatever the form sent; the server judges the bytes.
 */
export const announcementSchema = z
  .object({
    ...itemFields,
    title: optionalText("Title", ANNOUNCEMENT_LIMITS.title),
    description: withoutNul(
      z
        .string({ error: "Description must be at least 10 characters" })
        .overwrite(oneKindOfLineBreak)
        .trim()
        .min(10, "Description must be at least 10 characters")
        .max(ANNOUNCEMENT_LIMITS.description, `Description must be at most ${ANNOUNCEMENT_LIMITS.description} characters`),
      "Description",
    ),
    /** The title and description in Urdu, for the Urdu pages (either left empty: the English one shows there). */
    titleUr: urduText("Title", ANNOUNCEMENT_LIMITS.title),
    descriptionUr: urduText("Description", ANNOUNCEMENT_LIMITS.description),
    image: z.preprocess(
      (value) => [value ?? []].flat().filter((file) => !(file instanceof Blob && file.size === 0 && !file.type.startsWith("image/"))),
      z
        .array(z.instanceof(Blob, { error: ANNOUNCEMENT_MESSAGES.image }))
        .max(1, "Choose one image")
        .refine((files) => files.every((file) => file.size > 0 && file.type.startsWith("image/")), ANNOUNCEMENT_MESSAGES.image)
        .refine((files) => files.every((file) => file.size <= ANNOUNCEMENT_IMAGE_MAX_BYTES), "Image must be 5 MB or smaller")
        .transform((files) => files[0]),
    ),
    /** An edit's "Remove the image" (ignored when a new image is chosen). */
    removeImage: z.preprocess((value) => value === "on", z.boolean()),
    url: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      httpLink("Enter a valid URL").optional(),
    ),
    linkLabel: optionalText("Button label", ANNOUNCEMENT_LIMITS.linkLabel),
    publish: z.enum(PUBLISH_CHOICES, { error: "Choose when it goes live" }).default("now"),
    publishAt: wallTime(ANNOUNCEMENT_MESSAGES.publishAt),
    expiresAt: wallTime(ANNOUNCEMENT_MESSAGES.expiresAt),
    pinned: z.preprocess((value) => value === "on", z.boolean()),
    /**
     * "Send notification": push it to every subscriber once it is live (a checkbox, ticked by default on a new
     * announcement). Pushed once at most: an announcement already notified is not pushed again.
     */
    sendNotification: z.preprocess((value) => value === "on" || value === true, z.boolean()),
    /** The event it announces, if any: "Add to calendar" offers it. */
    eventStartsAt: wallTime(ANNOUNCEMENT_MESSAGES.eventStartsAt),
    eventEndsAt: wallTime(ANNOUNCEMENT_MESSAGES.eventStartsAt),
    eventLocation: optionalText("Place", ANNOUNCEMENT_LIMITS.eventLocation),
    registration: z.enum(REGISTRATION_CHOICES, { error: "Choose where people register" }).default("link"),
    /** With "Collect registrations here": the places (none: no limit), the closing time, the extra questions. */
    capacity: capacityField,
    registrationClosesAt: wallTime(REGISTRATION_MESSAGES.closesAt),
    questions: registrationQuestionsField,
  })
  .superRefine((value, context) => {
    if (value.publish === "scheduled" && !value.publishAt) {
      context.addIssue({ code: "custom", path: ["publishAt"], message: ANNOUNCEMENT_MESSAGES.publishAt });
    }
    // Both are wall times in one zone, so their text sorts as they do.
    if (value.publish === "scheduled" && value.publishAt && value.expiresAt && value.expiresAt <= value.publishAt) {
      context.addIssue({ code: "custom", path: ["expiresAt"], message: ANNOUNCEMENT_MESSAGES.expiresBeforePublish });
    }
    if (value.eventEndsAt && !value.eventStartsAt) {
      // Said at the end, the field just typed in (the form shows a field's message once that field was checked).
      context.addIssue({ code: "custom", path: ["eventEndsAt"], message: ANNOUNCEMENT_MESSAGES.eventEndsWithoutStart });
    }
    if (value.eventStartsAt && value.eventEndsAt && value.eventEndsAt <= value.eventStartsAt) {
      context.addIssue({ code: "custom", path: ["eventEndsAt"], message: ANNOUNCEMENT_MESSAGES.eventEndsAt });
    }
  });
export type AnnouncementInput = z.infer<typeof announcementSchema>;

/** A link the page may show: http or https as the form takes it; anything else (`javascript:`) is no link. */
export const isShowableLink = (url: string | null): url is string => url !== null && announcementSchema.shape.url.safeParse(url).success;

/** What /admin-announcement does itself, by its `intent` (saving one is the announcement form's, from several pages). */
export const announcementsActionSchema = z.discriminatedUnion(
  "intent",
  [z.object({ intent: z.literal("delete"), id: targetIdField("announcement") })],
  { error: UNKNOWN_INTENT_MESSAGE },
);
