/** What the Messages page says once messages are deleted (the toast, or the page's notice after a post without JavaScript). */
export const INBOX_DONE = {
  deleted: (count: number) => (count === 1 ? "Message deleted" : "Messages deleted"),
} as const;
