/** Tickets and door links as the browser and the server both read them: their addresses, and a scanned ticket's token. */

/** Where a door link leads, with `?token=`: one event's check-in screen for a volunteer with no account (never cached). */
export const DOOR_PAGE = "/door";
export const doorPagePath = (token: string) => `${DOOR_PAGE}?token=${token}`;

/** A ticket's token: 43 characters of base64url. */
export const TICKET_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token a scanned QR code carries: a ticket's link (of this site or another spelling of its address) or the bare
 * token; undefined for anything else (another code held up to the camera).
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
  return url.pathname === "/ticket" && TICKET_TOKEN.test(token) ? token : undefined;
}
