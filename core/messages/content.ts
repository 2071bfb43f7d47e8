import { APP_SCREENSHOT_LIMITS } from "#core/app-screenshots.ts";
import { CONTENT_PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from "#core/schemas/limits.ts";

/** What a content screen says once an item is deleted or the documentary video is taken off the home page. */
export const CONTENT_DONE = { deleted: "Deleted", videoRemoved: "Video removed" } as const;

/** Why a content screen's post or page was refused: no such list, gallery or upload, or no content to edit yet. */
export const CONTENT_REFUSED = {
  noSuchList: "No such list",
  nowhereToMove: "No such item, or nowhere to move it",
  noSuchGallery: "No such gallery",
  noContentYet: "The site has no content yet",
  noSuchUpload: "No such upload: choose the video again",
} as const;

/** A content screen's toasts and upload messages when a change was refused or failed without words of its own. */
export const CONTENT_FAILED = {
  delete: (kind: string) => `Failed to delete the ${kind}`,
  move: (kind: string) => `Failed to move the ${kind}`,
  removeVideo: "The video was not removed: it was changed by someone else. Reload to see the latest.",
  uploadNotSent: "The upload did not reach the server. Check the connection and try again.",
  videoNotSaved: (status: number) => `The video was not saved (error ${status}). Try again.`,
  photoNotSaved: (status: number) => `The photo was not saved (error ${status}). Try again.`,
} as const;

/** What a save made from an older copy of an item is told (a version check, not last-write-wins). */
export const CONFLICT_MESSAGE = "This was changed by someone else. Reload to see the latest.";

/** What a move is told when it does not say where to. */
export const MOVE_MESSAGES = {
  direction: "Say which way: up or down",
  to: "Say where to: a place in the list, counted from 0 at the top",
  either: "Say which way (up or down) or where to (a place in the list), not both",
  /** A place past the list's end; the list has `size` items. */
  outOfRange: (size: number) => `Say where to: a place from 0 to ${size - 1} in this list`,
} as const;

/** What a photo over the size limit is told. */
export const PHOTO_TOO_LARGE_MESSAGE = `The photo must be ${CONTENT_PHOTO_MAX_BYTES / 1024 / 1024} MB or smaller`;

/** What the video form says when no video was chosen. */
export const VIDEO_MISSING_MESSAGE = "Choose a video to upload";

/** What a refused photo is told: which formats work. */
export const PHOTO_FORMATS_MESSAGE = "Choose a JPEG, PNG, WebP or AVIF photo (HEIC and other files cannot be used)";

/** What a refused screenshot of the site (the install dialog's, core/app-screenshots.ts) is told. */
export const APP_SCREENSHOT_MESSAGES = {
  missing: "Choose a screenshot to upload",
  tooSmall: `The screenshot must be at least ${APP_SCREENSHOT_LIMITS.minSide} pixels wide and ${APP_SCREENSHOT_LIMITS.minSide} pixels high`,
  tooLong: `The screenshot is too long for its width: its long side must be at most ${APP_SCREENSHOT_LIMITS.maxAspectRatio} times its short side`,
  notPortrait: "A phone screenshot must be portrait: taller than it is wide",
  notLandscape: "A computer screenshot must be landscape: wider than it is tall",
} as const;

/** What a refused video is told. */
export const VIDEO_FORMATS_MESSAGE = "Choose an MP4 or WebM video (MOV and other files cannot be used)";

export const VIDEO_TOO_LARGE_MESSAGE = `The video must be ${VIDEO_MAX_BYTES / 1024 / 1024} MB or smaller`;

/** What an upload that did not arrive whole is told (a part lost, or the upload cleared away meanwhile). */
export const VIDEO_INCOMPLETE_MESSAGE = "The video did not arrive whole. Choose it again and save";

export const VIDEO_STORAGE_UNAVAILABLE_MESSAGE =
  "The video could not be stored: the file store cannot be reached. Try again in a few minutes.";

/** What the admin is told when the photo cannot be stored (the reason, naming the bucket, goes to the log). */
export const PHOTO_STORAGE_UNAVAILABLE_MESSAGE =
  "The photo could not be stored: the image store cannot be reached. Try again in a few minutes.";
