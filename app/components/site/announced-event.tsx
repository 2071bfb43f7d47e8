import { announcementsEn } from "#core/i18n/announcements/en.ts";
import type { PublicAnnouncement } from "#server/services/announcements.ts";
import { useBook } from "#app/lib/i18n.ts";

/** When and where the announced event is. */
export function EventDetails({ event }: { event: NonNullable<PublicAnnouncement["event"]> }) {
  const words = useBook("announcements", announcementsEn).announcements;
  return (
    <p className="text-slate-800">
      <span className="font-semibold">{words.when}</span> <time dateTime={event.startsAt}>{event.when}</time>
      {event.location && (
        <>
          <br />
          <span className="font-semibold">{words.where}</span> {event.location}
        </>
      )}
    </p>
  );
}
