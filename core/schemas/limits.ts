/** What the forms (to say so early) and the server (to refuse before parsing) share about every form: size caps, the honeypot. */
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image plus the other fields and the multipart framing. */
export const ANNOUNCEMENT_UPLOAD_MAX_BYTES = ANNOUNCEMENT_IMAGE_MAX_BYTES + 64 * 1024;
/** A photo of the site's content (a team member's, a gallery's): phone photos are several MB. */
export const CONTENT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** One content photo plus the other fields and the multipart framing. */
export const CONTENT_PHOTO_UPLOAD_MAX_BYTES = CONTENT_PHOTO_MAX_BYTES + 64 * 1024;
/** Decompression-bomb guard for every image: about 40 megapixels, decoded by neither the server nor the admin's browser. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The documentary video: a few minutes at 720p. */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/**
 * A video is sent in parts of this size, each its own request: on a slow line each still arrives well within the
 * server's HTTP_REQUEST_TIMEOUT_MS, and a part that fails is sent again, not the whole film.
 */
export const VIDEO_PART_BYTES = 8 * 1024 * 1024;
export const VIDEO_MAX_PARTS = Math.ceil(VIDEO_MAX_BYTES / VIDEO_PART_BYTES);
/** Every other form (login, password, join, contact…). */
export const FORM_MAX_BYTES = 64 * 1024;
/** The hidden field of the public forms that people never see and bots fill in; a submission with it is dropped. */
export const HONEYPOT_FIELD = "website";
