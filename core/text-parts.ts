/** A run of text as the page shows it: plain, or a link to `href` (always http or https). */
export interface TextPart {
  text: string;
  href?: string;
}

/** The runs as plain text again, links as they were written: for descriptions, calendar files and search snippets. */
export const plainText = (parts: readonly TextPart[]): string => parts.map((part) => part.text).join("");
