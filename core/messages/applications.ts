import { SAVED } from "./common";

/**
 * What the admin panel says once applications are changed (the toast, or the page's notice after a post without
 * JavaScript); the deletions' words are the spec's.
 */
export const APPLICATIONS_DONE = {
  statusSet: "Status updated",
  noteAdded: SAVED,
  deleted: (count: number) => (count === 1 ? "User deleted successfully" : "Users deleted successfully"),
} as const;
