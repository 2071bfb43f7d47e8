/** Tickets and door links as the browser and the server both read them: their addresses, and a scanned ticket's token. */
import { englishPath } from "./i18n/locale";

/** Where a door link leads, with `?token=`: one event's check-in screen for a volunteer with no account (never cached). */
export const DOOR_PAGE = "/door";
export const doorPagePath = (token: string) => `${DOOR_PAGE}?token=${token}`;

/** A ticket's token: 43 characters of base64url. */
export const TICKET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token a scanned QR code carries: a ticket's link in either language (/ticket, or /ur/ticket as an Urdu
 * registrant's mail draws it; of this site or another spelling of its address) or the bare token; undefined for
 * anything else (another code held up to the camera).
 */
export function ticketTokenIn(scanned: string): string | undefined {
  const text = scanned.trim();
  if (TICKET_TOKEN.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  const token = url.searchParams.get("token") ?? "";
  return englishPath(url.pathname) === "/ticket" && TICKET_TOKEN.test(token) ? token : undefined;
}

/**
 * A short code as typed at the door, in the form `shortCode` gives, or undefined when it cannot be one: case, spaces
 * and dashes do not matter, and the letters Crockford's alphabet leaves out read as the digits they look like (O as 0,
 * I and L as 1).
 */
export function normalizeShortCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (!/^[0-9A-HJKMNP-TV-Z]{8}$/.test(code)) return undefined;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** How many people one search at the door lists. */
export const DOOR_SEARCH_LIMIT = 20;

/**
 * The people a search at the door finds among `people`: a part of the name, or the ticket's short code (`shortCodeOf`,
 * asked only when the search can be a code) typed in any case, with or without its dash. At most DOOR_SEARCH_LIMIT, and
 * how many more matched. Nothing for an empty search.
 */
export function searchTheDoor<Person extends { name: string }>(
  people: readonly Person[],
  query: string,
  shortCodeOf: (person: Person) => string,
) {
  const words = query.trim().toLowerCase();
  const code = normalizeShortCode(query);
  const matching =
    words === ""
      ? []
      : people.filter((person) => person.name.toLowerCase().includes(words) || (code !== undefined && shortCodeOf(person) === code));
  const found = matching.slice(0, DOOR_SEARCH_LIMIT);
  return { found, more: matching.length - found.length };
}
