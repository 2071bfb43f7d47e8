import { OPTIONAL_DATE_TIME } from "#core/messages/common.ts";

/** What the admin's announcement form says when a field or its image is refused (the spec's own are in the schema). */
export const ANNOUNCEMENT_MESSAGES = {
  publishAt: "Choose the date and time it goes live",
  expiresAt: OPTIONAL_DATE_TIME,
  expiresBeforePublish: "The expiry must be after the publish time",
  image: "Choose an image file",
  eventStartsAt: OPTIONAL_DATE_TIME,
  eventEndsAt: "The end must be after the start",
  eventEndsWithoutStart: "Choose when the event starts first",
} as const;

/**
 * What the admin is told when the image cannot be stored (the reason, naming the bucket, goes to the log): in the
 * spec's words for a new announcement, and the edit form's own for an edit.
 */
export const STORAGE_UNAVAILABLE_MESSAGE = "Failed to create announcement: the image store cannot be reached. Try again in a few minutes.";

export const EDIT_STORAGE_UNAVAILABLE_MESSAGE =
  "Failed to save announcement: the image store cannot be reached. Try again in a few minutes.";

/** The form's preview of the message Share on WhatsApp writes. */
export const WHATSAPP_PREVIEW_MESSAGES = {
  linkOnceSaved: "(the announcement's link, once it is saved)",
  copied: "Copied: paste it into a WhatsApp group",
  notCopied: "The message could not be copied: select it and copy it by hand.",
} as const;
