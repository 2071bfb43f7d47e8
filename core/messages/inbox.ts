/** What the Messages page says once messages are deleted (the toast, or the page's notice after a post without JavaScript). */
export const INBOX_DONE = {
  deleted: (count: number) => (count === 1 ? "Message deleted" : "Messages deleted"),
} as const;

/** The Messages page's toasts while a change runs, and when it was refused without words of its own. */
export const INBOX_FAILED = {
  deleting: "Deleting message...",
  delete: "Failed to delete the message",
  deletingMany: "Deleting messages...",
  deleteMany: "Failed to delete the messages",
  markRead: "Failed to mark the message as read",
} as const;
