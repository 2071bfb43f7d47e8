import { Pin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PublicAnnouncement } from "#server/services/announcements.ts";
import { EventDetails } from "./announced-event";
import { LinkedText } from "./linked-text";
import { fill } from "#core/i18n/catalogue.ts";
import { useBook } from "#app/lib/i18n.ts";
import { Picture } from "./picture";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

/**
 * Its image (if any), its title (or the spec's 'Announcement'), the description (line breaks kept, web addresses as
 * links, scrolls past ~12rem) and an action. `position` (1-based) names the scrollable description uniquely
 * ("Announcement 2 details"): cards may share a title, and screen readers list the regions by name.
 */
export function AnnouncementCard({
  announcement,
  position,
  priority,
  badges,
  href,
  children,
}: {
  announcement: PublicAnnouncement;
  position: number;
  priority: boolean;
  /** Shown above the title (the admin's state and times). */
  badges?: ReactNode;
  /** The announcement's own page, which the title links to. */
  href?: string;
  children: ReactNode;
}) {
  const words = useBook("announcements", announcementsEn).announcements;
  return (
    <article
      aria-labelledby={`announcement-${announcement.id}`}
      className="flex h-full flex-col overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm"
    >
      {announcement.image && (
        <Picture
          image={announcement.image}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
          priority={priority}
          className="block aspect-[4/3] w-full bg-slate-100"
          imgClassName="h-full w-full object-cover"
        />
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        {badges}
        <h2 id={`announcement-${announcement.id}`} className="flex items-start gap-2 text-xl font-bold text-brand-900">
          {announcement.pinned && (
            <>
              <Pin className="mt-1 size-4 shrink-0 text-brand-800" aria-hidden />
              <span className="sr-only">{words.pinned} </span>
            </>
          )}
          {href ? (
            <Link to={href} className="break-words underline-offset-4 hover:underline focus-visible:underline">
              {announcement.heading}
            </Link>
          ) : (
            <span className="break-words">{announcement.heading}</span>
          )}
        </h2>
        <div
          tabIndex={0}
          role="region"
          aria-label={fill(words.details, { position })}
          className="max-h-48 overflow-y-auto whitespace-pre-line break-words text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-800"
        >
          <LinkedText parts={announcement.description} />
        </div>
        {announcement.event && <EventDetails event={announcement.event} />}
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </article>
  );
}
