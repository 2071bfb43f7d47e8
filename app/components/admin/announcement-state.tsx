import { clsx } from "clsx";
import type { AnnouncementState } from "#core/schemas/announcement.ts";
import type { AdminAnnouncement } from "#server/services/announcements.ts";

export const ANNOUNCEMENT_STATE_LABELS: Record<AnnouncementState, string> = {
  live: "Live",
  scheduled: "Scheduled",
  draft: "Draft",
  expired: "Expired",
};

const COLOURS: Record<AnnouncementState | "pinned", string> = {
  live: "bg-emerald-100 text-emerald-900",
  scheduled: "bg-sky-100 text-sky-900",
  draft: "bg-slate-200 text-slate-900",
  expired: "bg-amber-100 text-amber-900",
  pinned: "bg-brand-50 text-brand-900",
};

const Badge = ({ kind, children }: { kind: keyof typeof COLOURS; children: string }) => (
  <span className={clsx("rounded-full px-3 py-1 text-sm font-semibold", COLOURS[kind])}>{children}</span>
);

/** Where an announcement stands (the words carry it: the colour only helps the eye), pinned or not, and its times. */
export function AnnouncementStateLine({ announcement }: { announcement: AdminAnnouncement }) {
  const { state, publishAtText, expiresAtText } = announcement;
  const times = [
    state === "scheduled" && `Goes live ${publishAtText}`,
    (state === "live" || state === "expired") && `Published ${publishAtText}`,
    expiresAtText && `${state === "expired" ? "Expired" : "Expires"} ${expiresAtText}`,
  ].filter(Boolean);
  return (
    <div className="flex flex-col gap-2">
      <p className="flex flex-wrap gap-2">
        <Badge kind={state}>{ANNOUNCEMENT_STATE_LABELS[state]}</Badge>
        {announcement.pinned && <Badge kind="pinned">Pinned</Badge>}
      </p>
      {times.length > 0 && <p className="text-sm text-slate-700">{times.join(" · ")}</p>}
    </div>
  );
}
