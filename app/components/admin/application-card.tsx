import { Button } from "#app/components/ui/button.tsx";
import { ApplicationStatusBadge } from "./application-status-badge";
import type { ListedApplication } from "#server/services/applications.ts";

const orNA = (value: string | null) => (value && value.trim() ? value : "N/A");

/** The step-1 fields as label and value, in the spec's order: the rows of a `<dl>`. */
export function ContactRows({ application, localAddressLabel }: { application: ListedApplication; localAddressLabel: string }) {
  const rows: [string, string][] = [
    ["Name", application.fullname],
    ["Email", application.email],
    ["Phone", application.phone],
    ["Class", application.class],
    ["Department", application.department],
    ["Blood Group", orNA(application.bloodGroup)],
    [localAddressLabel, application.sargodhaAddress],
    ["Permanent Address", orNA(application.permanentAddress)],
  ];
  return rows.map(([label, value]) => (
    <div key={label} className="contents">
      <dt className="font-semibold text-slate-900">{`${label}:`}</dt>
      <dd className="break-words text-slate-700">{value}</dd>
    </div>
  ));
}

/** One application: its selection box, status and time, the step-1 fields and the two actions (SPEC 2, "Panel"). */
export function ApplicationCard({
  application,
  localAddressLabel,
  selected,
  onSelect,
  onDetails,
  onDelete,
}: {
  application: ListedApplication;
  localAddressLabel: string;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onDetails: () => void;
  onDelete: () => void;
}) {
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-white p-5 shadow-sm" aria-label={application.fullname}>
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-auto flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-5 accent-brand-800"
            checked={selected}
            onChange={(event) => onSelect(event.target.checked)}
            aria-label={`Select ${application.fullname}`}
          />
          <time dateTime={application.createdAt}>{application.submitted}</time>
        </label>
        <ApplicationStatusBadge status={application.status} />
        {application.possibleDuplicate && (
          <p className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Possible duplicate</p>
        )}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        <ContactRows application={application} localAddressLabel={localAddressLabel} />
      </dl>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button size="sm" onClick={onDetails}>
          View Full Details
        </Button>
        <Button size="sm" variant="danger" onClick={onDelete}>
          Delete
        </Button>
      </div>
    </article>
  );
}
