/**
 * The public pages: the same for every visitor, listed in the sitemap and rendered once and kept by the server's
 * page cache (docs/decisions/010-page-cache.md). Each event and activity with photos has one more (galleryPagePath),
 * and so has each live announcement (announcementPagePath).
 */
export const PUBLIC_PAGES = ["/", "/announcement", "/events-and-activities", "/explore-smc"] as const;

/** The page of one event or activity: /events-and-activities/<slug>. */
export const galleryPagePath = (slug: string) => `/events-and-activities/${slug}`;

/** The announcements as an RSS feed, which every page names as its alternate for feed readers. */
export const ANNOUNCEMENT_FEED_PATH = "/announcement/feed.xml";

/** The page of one announcement: /announcement/<id>. */
export const announcementPagePath = (id: string) => `/announcement/${id}`;

/** The "Add to calendar" file of an announcement's event. */
export const announcementCalendarPath = (id: string) => `/announcement/${id}/calendar.ics`;

/** The registration form of an announcement that collects registrations on the site (never cached: it counts places). */
export const announcementRegisterPath = (id: string) => `/announcement/${id}/register`;

/** Where a registrant's "Confirm your place" link leads, with `?token=` (never cached: it is one person's). */
export const announcementConfirmPath = (id: string) => `/announcement/${id}/confirm`;

/**
 * A registrant's ticket: its page, which its link and its QR code open. The token is in the query, which no log line
 * keeps (never cached: it is one person's).
 */
export const ticketPagePath = (token: string) => `/ticket?token=${token}`;

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

/** An announcement page's path: its id (a UUID), no query. */
const ANNOUNCEMENT_PAGE = /^\/announcement\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A gallery page's path as slugs make them (lowercase letters and digits in dash-separated words), no query. */
const GALLERY_PAGE = /^\/events-and-activities\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `url` (a path, with its query string if it has one) is a public page. */
export const isPublicPage = (url: string): boolean =>
  (PUBLIC_PAGES as readonly string[]).includes(url) || GALLERY_PAGE.test(url) || ANNOUNCEMENT_PAGE.test(url);

/** "Become a blood donor": the donor form, and the counts of donors (never cached: the counts change with every donor). */
export const BLOOD_DONORS_PAGE = "/blood-donors";

/** Where a donor's personal link leads, with `?token=` (never cached: it is one person's). */
export const BLOOD_DONOR_LINK_PAGE = "/blood-donors/me";

/** Where a donor asked by mail for a request answers, with `?token=` (never cached: it is one person's). */
export const BLOOD_ASK_ANSWER_PAGE = "/blood-donors/answer";

/** Where a member's "stay a member" link leads, with `?token=` (never cached: it is one person's). */
export const MEMBER_RENEWAL_PAGE = "/members/renew";
