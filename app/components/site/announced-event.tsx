import type { PublicAnnouncement } from "#server/services/announcements.ts";

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
