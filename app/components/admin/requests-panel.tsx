import { useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useConfirmedDelete } from "./use-confirmed-delete";
import { RequestCard } from "./request-card";
import { RequestDetailsDialog } from "./request-details-dialog";
import type { Route } from "../../routes/admin/+types/panel";

/** A join request as the panel's loader sends it: the serialised shape the page receives. */
export type JoinRequest = Extract<Route.ComponentProps["loaderData"], { view: "panel" }>["applications"][number];

/** 'Admin Panel - All Requests (N)', the empty state or the card grid, and the two dialogs (SPEC 2 and 4). */
export function RequestsPanel({ applications, localAddressLabel }: { applications: JoinRequest[]; localAddressLabel: string }) {
  const [details, setDetails] = useState<JoinRequest>();
  const remove = useConfirmedDelete<JoinRequest>({
    action: ({ id }) => `/admin/requests/${encodeURIComponent(id)}/delete`,
    loading: "Deleting user...",
    success: "User deleted successfully",
    failure: "Failed to delete user",
  });

  return (
    <section aria-labelledby="requests-heading" className="mt-8">
      <h1 id="requests-heading" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {`Admin Panel - All Requests (${applications.length})`}
      </h1>
      {applications.length === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No user requested to join the organization..</p>
          <Button asChild>
            <Link to="/">Go Back</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
          {applications.map((application) => (
            <li key={application.id}>
              <RequestCard
                application={application}
                localAddressLabel={localAddressLabel}
                onDetails={() => setDetails(application)}
                onDelete={() => remove.select(application)}
              />
            </li>
          ))}
        </ul>
      )}
      <RequestDetailsDialog application={details} onClose={() => setDetails(undefined)} />
      <ConfirmDialog
        {...remove.dialog}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={`Are you absolutely sure you want to delete ${remove.selected?.fullname ?? "this user"}?`}
      >
        This action cannot be undone. This will permanently delete the user's information and remove it from our servers.
      </ConfirmDialog>
    </section>
  );
}
