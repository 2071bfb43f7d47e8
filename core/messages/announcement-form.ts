/** What the admin's announcement form says when a field or its image is refused (the spec's own are in the schema). */
export const ANNOUNCEMENT_MESSAGES = {
  publishAt: "Choose the date and time it goes live",
  expiresAt: "Choose a date and time, or leave it empty",
  expiresBeforePublish: "The expiry must be after the publish time",
  image: "Choose an image file",
  eventStartsAt: "Choose a date and time, or leave it empty",
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
