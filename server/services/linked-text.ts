import LinkifyIt from "linkify-it";
import type { TextPart } from "#core/text-parts.ts";

// Web addresses only: "www.example.org" and "https://…" become links; e-mail addresses and other schemes stay text.
const linkify = new LinkifyIt().set({ fuzzyEmail: false });

/** `text` cut into plain runs and its web addresses, each a link; nothing else in it is interpreted. */
export function linkedText(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of linkify.match(text) ?? []) {
    if (!/^https?:\/\//i.test(match.url)) continue;
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ text: match.raw, href: match.url });
    from = match.lastIndex;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
