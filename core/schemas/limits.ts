/** What the forms (to say so early) and the server (to refuse before parsing) share about every form: size caps, the honeypot. */
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image plus the other fields and the multipart framing. */
export const ANNOUNCEMENT_UPLOAD_MAX_BYTES = ANNOUNCEMENT_IMAGE_MAX_BYTES + 64 * 1024;
/** A photo of the site's content (a team member's, a gallery's): phone photos are several MB. */
export const CONTENT_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** One content photo plus the other fields and the multipart framing. */
export const CONTENT_PHOTO_UPLOAD_MAX_BYTES = CONTENT_PHOTO_MAX_BYTES + 64 * 1024;
/**
 * The documentary video: a few minutes at 720p. It arrives in one request, which must end within the server's
 * HTTP_REQUEST_TIMEOUT_MS (docs/operations.md says when to raise it).
 */
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** The video plus the version field and the multipart framing. */
export const VIDEO_UPLOAD_MAX_BYTES = VIDEO_MAX_BYTES + 64 * 1024;
/** Every other form (login, password, join, contact…). */
export const FORM_MAX_BYTES = 64 * 1024;
/** The hidden field of the public forms that people never see and bots fill in; a submission with it is dropped. */
export const HONEYPOT_FIELD = "website";
