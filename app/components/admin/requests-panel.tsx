import { useRef, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { DeleteConfirmDialog } from "./delete-confirm-dialog";
import { useActionResult } from "~/lib/use-action-result";
import { RequestCard } from "./request-card";
import { RequestDetailsDialog } from "./request-details-dialog";
import type { AdminApplication } from "./types";

/** 'Admin Panel - All Requests (N)', the empty state or the card grid, and the two dialogs (SPEC 2 and 4). */
export function RequestsPanel({ applications, localAddressLabel }: { applications: AdminApplication[]; localAddressLabel: string }) {
  const revalidator = useRevalidator();
  const fetcher = useFetcher<{ ok: boolean }>();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const [details, setDetails] = useState<AdminApplication>();
  const [selected, setSelected] = useState<AdminApplication>();
  const [confirming, setConfirming] = useState(false);
  const deleting = fetcher.state !== "idle";
  const pending = useRef<{ id: string; toastId: string }>(undefined);
  const shown = applications.filter((application) => !removed.has(application.id));

  const closeConfirm = () => {
    setConfirming(false);
    setSelected(undefined);
  };

  useActionResult(fetcher.data, ({ ok }) => {
    const { id, toastId } = pending.current!;
    if (ok) {
      setRemoved((previous) => new Set(previous).add(id));
      showToast.success("User deleted successfully", { id: toastId });
    } else {
      showToast.error("Failed to delete user", { id: toastId });
    }
    closeConfirm();
  });

  const deleteSelected = () => {
    if (!selected) {
      showToast.error("Please refresh the page and Try again!");
      closeConfirm();
      return;
    }
    pending.current = { id: selected.id, toastId: showToast.loading("Deleting user...") };
    void fetcher.submit(null, { method: "post", action: `/admin/requests/${encodeURIComponent(selected.id)}/delete` });
  };

  return (
    <section aria-labelledby="requests-heading" className="mt-8">
      <h1 id="requests-heading" className="text-2xl font-extrabold text-brand-900 sm:text-3xl">
        {`Admin Panel - All Requests (${shown.length})`}
      </h1>
      {revalidator.state === "loading" && (
        <p className="mt-2 flex items-center gap-2 text-slate-700" role="status">
          <Spinner className="size-4" /> Loading…
        </p>
      )}
      {shown.length === 0 ? (
        <div className="mt-16 flex flex-col items-center gap-4 text-center">
          <p className="text-xl font-semibold text-slate-800">No user requested to join the organization..</p>
          <Button asChild>
            <Link to="/">Go Back</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
          {shown.map((application) => (
            <li key={application.id}>
              <RequestCard
                application={application}
                localAddressLabel={localAddressLabel}
                onDetails={() => setDetails(application)}
                onDelete={() => {
                  setSelected(application);
                  setConfirming(true);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <RequestDetailsDialog application={details} onClose={() => setDetails(undefined)} />
      <DeleteConfirmDialog
        open={confirming}
        title={`Are you absolutely sure you want to delete ${selected?.fullname ?? "this user"}?`}
        deleting={deleting}
        onCancel={closeConfirm}
        onConfirm={deleteSelected}
      >
        This action cannot be undone. This will permanently delete the user's information and remove it from our servers.
      </DeleteConfirmDialog>
    </section>
  );
}
