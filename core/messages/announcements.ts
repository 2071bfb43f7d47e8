/** What the announcement pages say once something is deleted; the announcement's words are the spec's. */
export const ANNOUNCEMENTS_DONE = {
  deleted: "Announcement deleted successfully!",
  registrationRemoved: "Registration removed",
} as const;
