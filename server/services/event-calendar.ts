import { createEvent } from "ics";
import { type Locale, localizedPath } from "#core/i18n/locale.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { plainText } from "#core/text-parts.ts";
import type { AnnouncedEvent } from "#server/repos/announcements.ts";
import type { PublicAnnouncement } from "./announcements/card";

/** An event announced without an end lasts this long in a calendar. */
export const EVENT_DEFAULT_LENGTH_MS = 60 * 60 * 1000;

/**
 * The iCalendar file (RFC 5545) of an announced event, for "Add to calendar": its title, times in UTC, place, the
 * announcement's text and its page in `locale` (an Urdu registrant's mail attaches one that links the Urdu page). The
 * uid stays the same across edits and languages, so importing it again updates the event.
 */
export function eventCalendar(
  announcement: PublicAnnouncement,
  event: AnnouncedEvent,
  site: { siteName: string; publicUrl: string },
  locale: Locale = "en",
): string {
  const start = Date.parse(event.startsAt);
  const end = event.endsAt === null ? start + EVENT_DEFAULT_LENGTH_MS : Date.parse(event.endsAt);
  const page = `${site.publicUrl}${localizedPath(announcementPagePath(announcement.id), locale)}`;
  const text = plainText(announcement.description);
  const { error, value } = createEvent({
    uid: `${announcement.id}@${new URL(site.publicUrl).host}`,
    productId: site.siteName,
    title: announcement.heading,
    description: `${text}\n\n${page}`,
    url: page,
    ...(event.location ? { location: event.location } : {}),
    start,
    startInputType: "utc",
    startOutputType: "utc",
    end,
    endInputType: "utc",
    endOutputType: "utc",
  });
  if (error || value === null) throw error ?? new Error("the calendar file could not be made");
  return value;
}
