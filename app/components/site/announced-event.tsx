import { CalendarPlus } from "lucide-react";
import { announcementCalendarPath } from "#core/public-pages";
import type { PublicAnnouncement } from "../../../server/services/announcements";
import { Button } from "~/components/ui/button";

/** When and where the announced event is. */
export function EventDetails({ event }: { event: NonNullable<PublicAnnouncement["event"]> }) {
  return (
    <p className="text-slate-800">
      <span className="font-semibold">When:</span> <time dateTime={event.startsAt}>{event.when}</time>
      {event.location && (
        <>
          <br />
          <span className="font-semibold">Where:</span> {event.location}
        </>
      )}
    </p>
  );
}

/** The event as a calendar file: a phone opens it in its calendar app, a computer saves it. */
export function AddToCalendar({ announcement, className }: { announcement: PublicAnnouncement; className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <a href={announcementCalendarPath(announcement.id)} download="event.ics">
        <CalendarPlus className="size-4" aria-hidden />
        Add to calendar
        <span className="sr-only">: {announcement.heading}</span>
      </a>
    </Button>
  );
}
