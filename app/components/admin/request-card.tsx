import { Button } from "~/components/ui/button";
import type { JoinRequest } from "./requests-panel";

const orNA = (value: string | null) => (value && value.trim() ? value : "N/A");

/** One join request: the step-1 fields and the two actions (SPEC 2, "Panel"). */
export function RequestCard({
  application,
  localAddressLabel,
  onDetails,
  onDelete,
}: {
  application: JoinRequest;
  localAddressLabel: string;
  onDetails: () => void;
  onDelete: () => void;
}) {
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
  return (
    <article className="flex flex-col gap-4 rounded-xl border border-brand-100 bg-white p-5 shadow-sm" aria-label={application.fullname}>
      {application.possibleDuplicate && (
        <p className="self-start rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">Possible duplicate</p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-900">{`${label}:`}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
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
