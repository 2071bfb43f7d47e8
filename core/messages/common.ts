/** What a form says once the server has stored it. */
export const SAVED = "Saved";
