import { href, Link } from "react-router";
import { BLOOD_REQUEST_STATUS_LABELS, type BloodRequestStatus } from "#core/messages/blood.ts";
import { clsx } from "clsx";
import { countOf } from "#core/count-of.ts";
import type { Route } from "../../../routes/admin/blood/+types/index";
import type { BloodRequestView } from "#server/services/blood-requests.ts";

type ListedBloodRequest = Route.ComponentProps["loaderData"]["requests"][number];

/** What a request asks for, and where: "B+, 2 units: <hospital>, <city>". */
export const requestTitle = ({ patientGroup, units, hospital, city }: BloodRequestView) =>
  `${patientGroup}, ${countOf(units, "unit")}: ${hospital}, ${city}`;

const STATUS_TONES: Record<BloodRequestStatus, string> = {
  open: "bg-red-100 text-red-900",
  fulfilled: "bg-green-100 text-green-900",
  "not-needed": "bg-slate-100 text-slate-800",
  expired: "bg-amber-100 text-amber-900",
};

export function StatusBadge({ status }: { status: BloodRequestStatus }) {
  return (
    <span className={clsx("rounded px-2 py-0.5 text-sm font-semibold", STATUS_TONES[status])}>{BLOOD_REQUEST_STATUS_LABELS[status]}</span>
  );
}

/** The requests, open ones first: group, units, hospital, when, and how many donors were asked and said yes. */
export function BloodRequestList({ requests }: { requests: ListedBloodRequest[] }) {
  if (requests.length === 0) return <p className="text-slate-700">No requests yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-brand-100 rounded-xl border border-brand-100 bg-white" aria-label="Blood requests">
      {requests.map((request) => (
        <li key={request.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
          <Link to={href("/admin/blood/:id", { id: request.id })} className="font-bold text-brand-800 underline">
            {requestTitle(request)}
          </Link>
          <StatusBadge status={request.status} />
          <span className="text-sm text-slate-700">Needed by {request.neededByText}</span>
          <span className="text-sm text-slate-700">
            {request.asked} asked, {request.yes} said yes
          </span>
        </li>
      ))}
    </ul>
  );
}
