/**
 * The kinds of gallery an admin makes, as their screens and a gallery's public page name them; the Explore SMC photos
 * are a gallery of their own, made by the import. Kept apart from the form schemas, so a public page that names a
 * kind loads no zod.
 */
export const GALLERY_KINDS = { event: "Event", activity: "Activity" } as const;
