import { englishPath } from "./i18n/locale";

/**
 * The public pages: the same for every visitor, listed in the sitemap and rendered once and kept by the server's
 * page cache (docs/decisions/010-page-cache.md). Each event and activity with photos has one more (galleryPagePath),
 * and so has each live announcement (announcementPagePath).
 */
export const PUBLIC_PAGES = ["/", "/announcement", "/events-and-activities", "/explore-smc"] as const;

/**
 * What the site's service worker (public/sw.js) shows for a page never opened on the phone, once the network is gone.
 * The same for every visitor, so the page cache keeps it; not in the sitemap.
 */
export const OFFLINE_PAGE = "/offline";
/** The offline page in Urdu, for the Urdu pages. */
export const URDU_OFFLINE_PAGE = "/ur/offline";

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

/** An announcement page's path: its id (a UUID), no query. */
const ANNOUNCEMENT_PAGE = /^\/announcement\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A gallery page's path as slugs make them (lowercase letters and digits in dash-separated words), no query. */
const GALLERY_PAGE = /^\/events-and-activities\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Whether `url` (a path, with its query string if it has one) is a public page, in English or in Urdu (under /ur,
 * core/i18n/locale.ts). The offline pages are not.
 */
export function isPublicPage(url: string): boolean {
  const path = englishPath(url);
  return (PUBLIC_PAGES as readonly string[]).includes(path) || GALLERY_PAGE.test(path) || ANNOUNCEMENT_PAGE.test(path);
}

/** "Become a blood donor": the donor form, and the counts of donors (never cached: the counts change with every donor). */
export const BLOOD_DONORS_PAGE = "/blood-donors";

/** Where a donor's personal link leads, with `?token=` (never cached: it is one person's). */
export const BLOOD_DONOR_LINK_PAGE = "/blood-donors/me";

/** Where a donor asked by mail for a request answers, with `?token=` (never cached: it is one person's). */
export const BLOOD_ASK_ANSWER_PAGE = "/blood-donors/answer";

/** Where a member's "stay a member" link leads, with `?token=` (never cached: it is one person's). */
export const MEMBER_RENEWAL_PAGE = "/members/renew";
