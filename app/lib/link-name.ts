/**
 * A link's accessible name that says what it is for beside its visible words: "Register: Blood donation camp". Given as
 * the link's aria-label rather than as an sr-only ": <subject>" span, which Chromium reads as a block of its own
 * ("Register : Blood donation camp"). The visible words come first, so speaking them still finds the link.
 */
export const linkName = (words: string, subject: string) => `${words}: ${subject}`;
