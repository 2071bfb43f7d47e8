import type { ReactNode } from "react";
import type { PublicAnnouncement } from "../../../server/services/announcements";
import { Picture } from "./picture";

/**
 * Image, the title 'Announcement', the description (line breaks kept, scrolls past ~12rem) and an action.
 * `position` (1-based) names the scrollable description uniquely ("Announcement 2 details"): every card has
 * the same title, and screen readers list the regions by name.
 */
export function AnnouncementCard({
  announcement,
  position,
  priority,
  children,
}: {
  announcement: PublicAnnouncement;
  position: number;
  priority: boolean;
  children: ReactNode;
}) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-brand-100 bg-white shadow-sm">
      <Picture
        image={announcement.image}
        sizes="(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw"
        priority={priority}
        className="block aspect-[4/3] w-full bg-slate-100"
        imgClassName="h-full w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h2 className="text-xl font-bold text-brand-900">Announcement</h2>
        <div
          tabIndex={0}
          role="region"
          aria-label={`Announcement ${position} details`}
          className="max-h-48 overflow-y-auto whitespace-pre-line break-words text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-800"
        >
          {announcement.description}
        </div>
        <div className="mt-auto pt-2">{children}</div>
      </div>
    </article>
  );
}
