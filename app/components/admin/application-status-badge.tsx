import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from "#core/schemas/applications.ts";
import { clsx } from "clsx";

const COLOURS: Record<ApplicationStatus, string> = {
  new: "bg-sky-100 text-sky-900",
  contacted: "bg-amber-100 text-amber-900",
  accepted: "bg-emerald-100 text-emerald-900",
  rejected: "bg-slate-200 text-slate-900",
};

/** Where a request stands, in words and a colour (the words carry it: the colour only helps the eye). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span data-testid="status-badge" className={clsx("rounded-full px-3 py-1 text-sm font-semibold", COLOURS[status])}>
      {APPLICATION_STATUS_LABELS[status]}
    </span>
  );
}
