/**
 * The screenshots of the site that the web app manifest lists, which Chrome shows in its richer install dialog: one
 * taken on a phone (portrait, the manifest's `form_factor: "narrow"`) and one on a computer (landscape, `"wide"`).
 * Chrome ignores a screenshot with a side under 320 pixels or a long side more than 2.3 times its short side.
 */
export const APP_SCREENSHOT_FORM_FACTORS = ["narrow", "wide"] as const;
export type AppScreenshotFormFactor = (typeof APP_SCREENSHOT_FORM_FACTORS)[number];

export const APP_SCREENSHOT_LIMITS = {
  /** The shortest side Chrome shows, in pixels. */
  minSide: 320,
  /** The longest side stored: a larger upload is scaled down to it (Chrome's own limit is 3840). */
  maxSide: 1920,
  /** How many times its short side the long side may be. */
  maxAspectRatio: 2.3,
  /** The manifest's `label`, which is also the screenshot's alt text. */
  label: 100,
} as const;
