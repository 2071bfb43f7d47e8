/** Messages for WhatsApp groups, as the public pages' and the admin area's Share on WhatsApp write them. */

/** A message's parts: the title (bold), when and where, and one line of text. */
export interface WhatsAppMessageParts {
  title: string;
  when?: string | null;
  where?: string | null;
  line?: string | null;
}

/** How long the one line of text may be; a longer one is cut at a word, with "…". */
const LINE_MAX = 160;

/**
 * The message without its link: the title in WhatsApp's bold (`*…*`, so asterisks of its own are left out), the date and
 * place on a line, and one line of text. Written on the server for the public pages, whose scripts then only add the
 * link (whatsAppShareUrl).
 */
export function whatsAppMessage({ title, when, where, line }: WhatsAppMessageParts): string {
  const lines = [`*${title.replace(/\*/g, "").trim()}*`];
  const whenWhere = [when && `📅 ${when}`, where && `📍 ${where}`].filter(Boolean).join(" · ");
  if (whenWhere) lines.push(whenWhere);
  if (line) lines.push(line);
  return lines.join("\n");
}

/** The message with the page's address alone on its last line, which WhatsApp shows as the link's preview. */
export const withLink = (message: string, url: string): string => `${message}\n\n${url}`;

/** The address that opens WhatsApp with the message and its link written, for the visitor to choose the chat or group. */
export const whatsAppShareUrl = (message: string, url: string): string =>
  `https://wa.me/?text=${encodeURIComponent(withLink(message, url))}`;

/** The first line of a text that says something, cut to LINE_MAX at a word; empty for none. */
export function firstLineOf(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .find((candidate) => candidate.trim() !== "")
      ?.trim() ?? "";
  if (line.length <= LINE_MAX) return line;
  const cut = line.slice(0, LINE_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > LINE_MAX / 2 ? cut.lastIndexOf(" ") : cut.length).trimEnd()}…`;
}
