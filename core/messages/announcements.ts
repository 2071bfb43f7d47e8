/** What the announcement pages say once something is saved, deleted or shared; the announcement's words are the spec's. */
export const ANNOUNCEMENTS_DONE = {
  created: "Announcement created!",
  saved: "Announcement saved!",
  deleted: "Announcement deleted successfully!",
  registrationRemoved: "Registration removed",
  linkCopied: "Link copied",
} as const;

/** The announcement pages' toasts when a load, a change or a copy failed; the spec's words, spelling and all. */
export const ANNOUNCEMENTS_FAILED = {
  fetch: "Failed to fetch announcemetns",
  create: "Failed to create announcement",
  save: "Failed to save announcement",
  delete: "Failed to delete announcement",
  removeRegistration: "Failed to remove the registration",
  copyLink: (url: string) => `Could not copy the link: ${url}`,
} as const;
