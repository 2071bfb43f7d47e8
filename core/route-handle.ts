import { CONTENT_PHOTO_UPLOAD_MAX_BYTES } from "#core/schemas/limits.ts";

/**
 * What a route module declares about itself in its `handle` export, read from the built route manifest: by the server
 * in front of React Router (server/http/route-rules.ts) and by tests/integration/access-control.test.ts, which holds
 * every route to its `recentPassword`.
 */
export interface RouteHandle {
  /**
   * Its writes ask for the password entered in the session within the last 10 minutes ("Confirm it's you"): every one
   * (`true`), or those whose `intent` is named here; its pages do not. Its middleware holds `writeGuardsFor(handle)`
   * (app/lib/admin-guards.server.ts), and the access-control test refuses a route or intent that declares this without
   * asking, or asks without declaring it.
   */
  recentPassword?: true | readonly string[];
  /**
   * On a page open before the sign-in is complete (the security page, while two-factor setup is owed), the intents
   * that still need a complete one: its middleware holds `writeGuardsFor(handle)`.
   */
  signInComplete?: readonly string[];
  /**
   * Its posts carry a photo or a part of the video: their bodies may be this large instead of a form's FORM_MAX_BYTES,
   * and they are read a few at a time, the others waiting with their bodies unread (server/http/request-guards.ts).
   */
  uploadMaxBytes?: number;
  /**
   * Its posts, which anyone may send (the sign-in's), change nothing the public pages show: unlike other admin writes,
   * they leave the page cache as it is, and cost no render of the public pages.
   */
  keepsPublicPages?: true;
  /**
   * The admin area (app/routes/admin/layout.tsx declares it for every route beneath): its answers are never stored by a
   * browser or proxy, and its writes may change the public pages (the page cache is emptied, unless `keepsPublicPages`).
   */
  adminArea?: true;
  /**
   * A page of the sign-in itself (the login, its code, forgot and reset password, an invitation, "Confirm it's you"):
   * never the admin page an admin is sent back to once signed in (server/http/route-rules.ts, `isAdminPage`).
   */
  signIn?: true;
  /**
   * The login: its posts wait for a free password-hashing slot before anything else reads them, and a flood of them is
   * turned away with 429 (server/http/request-guards.ts, `limitConcurrentLogins`).
   */
  login?: true;
}

/** The `handle` of a sign-in page whose posts anyone may send and which change nothing the public pages show. */
export const SIGN_IN_HANDLE = { keepsPublicPages: true, signIn: true } as const satisfies RouteHandle;

/** The `handle` of a route whose posts may carry a photo: their bodies are capped at CONTENT_PHOTO_UPLOAD_MAX_BYTES. */
export const PHOTO_FORM_HANDLE = { uploadMaxBytes: CONTENT_PHOTO_UPLOAD_MAX_BYTES } as const satisfies RouteHandle;

/** The `handle` of a route whose writes ask for a recent password. */
export const RECENT_PASSWORD_HANDLE = { recentPassword: true } as const satisfies RouteHandle;
