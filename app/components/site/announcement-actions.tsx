import { CalendarPlus, ExternalLink } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { announcementCalendarPath, announcementPagePath } from "#core/public-pages.ts";
import type { PublicAnnouncement } from "#server/services/announcements.ts";
import type { SiteChrome } from "#server/services/site-content.ts";
import { Button } from "#app/components/ui/button.tsx";
import { linkName } from "#app/lib/link-name.ts";
import { ShareButton } from "./share-button";
import { WhatsAppShareLink } from "./whatsapp-share-link";
import { useBook, useLocale } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

/**
 * What a visitor can do with an announcement, on its card and on its page: open its link (or its registration form), take its event into a
 * calendar, share it on WhatsApp or otherwise. `stacked`: one full-width button under another (the card).
 */
export function AnnouncementActions({ announcement, stacked = false }: { announcement: PublicAnnouncement; stacked?: boolean }) {
  const width = stacked ? "w-full" : undefined;
  const publicUrl = useRouteLoaderData<SiteChrome>("root")?.publicUrl ?? "";
  const { announcements: words } = useBook("announcements", announcementsEn);
  const pagePath = localizedPath(announcementPagePath(announcement.id), useLocale());
  return (
    <div className={stacked ? "flex flex-col gap-2" : "flex flex-wrap gap-2"}>
      {announcement.link?.external && (
        <Button asChild className={width}>
          <a href={announcement.link.url} target="_blank" rel="noopener noreferrer">
            {announcement.link.label}
            <ExternalLink className="size-4" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      )}
      {announcement.link && !announcement.link.external && (
        // The site's own registration form.
        <Button asChild className={width}>
          <Link to={announcement.link.url} aria-label={linkName(announcement.link.label, announcement.heading)}>
            {announcement.link.label}
          </Link>
        </Button>
      )}
      {announcement.registrationClosed && <p className="font-semibold text-slate-700">{words.registrationClosed}</p>}
      {announcement.event && (
        // The event as a calendar file: a phone opens it in its calendar app, a computer saves it.
        <Button asChild variant="outline" className={width}>
          <a
            href={announcementCalendarPath(announcement.id)}
            download="event.ics"
            aria-label={linkName(words.addToCalendar, announcement.heading)}
          >
            <CalendarPlus className="size-4" aria-hidden />
            {words.addToCalendar}
          </a>
        </Button>
      )}
      <WhatsAppShareLink
        className={width}
        title={announcement.heading}
        message={announcement.whatsAppMessage}
        url={`${publicUrl}${pagePath}`}
      />
      <ShareButton title={announcement.heading} path={pagePath} className={width} />
    </div>
  );
}
