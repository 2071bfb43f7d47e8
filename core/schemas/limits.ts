/** Upload and form size caps, shared by the forms (to say so early) and the server (to refuse before parsing). */
export const ANNOUNCEMENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image plus the other fields and the multipart framing. */
export const ANNOUNCEMENT_UPLOAD_MAX_BYTES = ANNOUNCEMENT_IMAGE_MAX_BYTES + 64 * 1024;
/** Every other form (login, password, join, contact…). */
export const FORM_MAX_BYTES = 64 * 1024;
