import { countOf } from "#core/count-of.ts";
import { APPLICATIONS_PAGE_SIZE, type ApplicationFilter, applicationFilterQuery } from "#core/schemas/applications.ts";
import { useState } from "react";
import { href, Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { usePageSelection } from "./page-selection";
import { Pager } from "./pager";
import { ApplicationBulkBar } from "./application-bulk-bar";
import { ApplicationCard } from "./application-card";
import { ApplicationDetailsDialog } from "./application-details-dialog";
import { ApplicationFilters } from "./application-filters";
import { useConfirmedAction } from "#app/components/admin/forms/confirmed-action.ts";
import type { ListedApplication } from "#server/services/applications.ts";
import type { Route } from "../../routes/admin/requests/+types/index";
import { APPLICATIONS_FAILED } from "#core/messages/applications.ts";

type PanelData = Extract<Route.ComponentProps["loaderData"], { view: "panel" }>;

/**
 * 'Admin Panel - All Requests (N)' (N: every request held), the filters, one page of requests newest first with
 * their selection and bulk actions, or the spec's empty state when there are none at all; and the dialogs.
 */
export function ApplicationList({
  requests,
  filter,
  localAddressLabel,
}: {
  /** One page of the application list, as the panel's loader sends it. */
  requests: PanelData["requests"];
  filter: ApplicationFilter;
  localAddressLabel: string;
}) {
  const { applications, total, matching, page, pages } = requests;
  // The request whose details are open, as it was when opened: the dialog reads it afresh itself, and stays open when a
  // change takes it off this page (its new status filtered away).
  const [details, setDetails] = useState<ListedApplication>();
  const selection = usePageSelection(applications.map((a) => a.id));
  const remove = useConfirmedAction<ListedApplication>({
    action: () => href("/admin"),
    body: ({ id }) => ({ intent: "delete", id }),
    toasts: { loading: APPLICATIONS_FAILED.deleting, failure: APPLICATIONS_FAILED.delete },
  });

  const first = (page - 1) * APPLICATIONS_PAGE_SIZE + 1;
  return (
    <section aria-labelledby="requests-heading" className="mt-8">
      <h1 id="requests-heading" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {`Admin Panel - All Requests (${total})`}
      </h1>
      {total === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No user requested to join the organization..</p>
          <Button asChild>
            <Link to="/">Go Back</Link>
          </Button>
        </div>
      ) : (
        <>
          <ApplicationFilters filter={filter} />
          <p className="mt-4 text-slate-800" role="status">
            {matching === 0
              ? "No request matches these filters."
              : `Showing ${first}–${first + applications.length - 1} of ${countOf(matching, "request")}`}
          </p>
          {applications.length > 0 && <ApplicationBulkBar selection={selection} />}
          <ul className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2">
            {applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard
                  application={application}
                  localAddressLabel={localAddressLabel}
                  selected={selection.isSelected(application.id)}
                  onSelect={(on) => selection.toggle(application.id, on)}
                  onDetails={() => setDetails(application)}
                  onDelete={() => remove.select(application)}
                />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={pages}
            label="Request pages"
            href={(to) => `${href("/admin")}${applicationFilterQuery({ ...filter, page: to })}`}
          />
        </>
      )}
      <ApplicationDetailsDialog application={details} localAddressLabel={localAddressLabel} onClose={() => setDetails(undefined)} />
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
