import { SAVED } from "./common";

/**
 * What the admin panel says once applications are changed (the toast, or the page's notice after a post without
 * JavaScript); the deletions' and the Join Us switch's words are the spec's.
 */
export const APPLICATIONS_DONE = {
  statusSet: "Status updated",
  noteAdded: SAVED,
  deleted: (count: number) => (count === 1 ? "User deleted successfully" : "Users deleted successfully"),
  joinUsToggled: "Toggled successfully",
} as const;

/** The admin panel's toasts while a change runs, and when it was refused or failed without words of its own. */
export const APPLICATIONS_FAILED = {
  deleting: "Deleting user...",
  delete: "Failed to delete user",
  deletingMany: "Deleting users...",
  deleteMany: "Failed to delete users",
  updatingStatus: "Updating status...",
  status: "Failed to update the status",
  history: "The history could not be loaded.",
  togglingJoinUs: "toggling...",
  toggleJoinUs: "Failed to toggle",
} as const;

/** Why the Join Us switch's post was refused (only a hand-made request sends another value). */
export const APPLICATIONS_REFUSED = { joinUsNotBoolean: 'visible must be "true" or "false"' } as const;
