import { REQUEST_STATUS_LABELS, REQUEST_STATUSES } from "#core/schemas/requests";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { inputClass } from "~/components/ui/field";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";

/**
 * Select every request on the page, and what to do with the selected ones: set their status, or delete them (behind
 * the same confirmation as one). The list is the page's data, read again after each action.
 */
export function RequestBulkBar({
  pageIds,
  selectedIds,
  onSelectAll,
  onDone,
}: {
  pageIds: readonly string[];
  selectedIds: readonly string[];
  onSelectAll: (on: boolean) => void;
  onDone: () => void;
}) {
  const statusFetcher = useFetcher<ActionAnswer>();
  const deleteFetcher = useFetcher<ActionAnswer>();
  const [status, setStatus] = useState("contacted");
  const selectAllBox = useRef<HTMLInputElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const toastId = useRef<string>(undefined);
  const count = selectedIds.length;
  const allSelected = count > 0 && count === pageIds.length;

  useActionResult(statusFetcher.data, (answer) => {
    if (answer.ok) {
      showToast.success("Status updated", { id: toastId.current });
      onDone();
      // The buttons it was pressed with go with the selection: the keyboard carries on from "Select all".
      selectAllBox.current?.focus();
    } else showToast.error(answerMessage(answer) ?? "Failed to update the status", { id: toastId.current });
  });
  useActionResult(deleteFetcher.data, (answer) => {
    if (answer.ok) {
      showToast.success("Users deleted successfully", { id: toastId.current });
      onDone();
    } else showToast.error(answerMessage(answer) ?? "Failed to delete users", { id: toastId.current });
    setConfirming(false);
  });

  const idsForm = () => {
    const form = new FormData();
    selectedIds.forEach((id, index) => form.append(`ids[${index}]`, id));
    return form;
  };
  const busy = statusFetcher.state !== "idle" || deleteFetcher.state !== "idle";

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-white px-4 py-3 shadow-sm">
      <label className="flex items-center gap-2 font-semibold text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-brand-800"
          checked={allSelected}
          ref={(box) => {
            selectAllBox.current = box;
            if (box) box.indeterminate = count > 0 && !allSelected;
          }}
          onChange={(event) => onSelectAll(event.target.checked)}
        />
        Select all on this page
      </label>
      {/* Always in the page, so a screen reader announces the count as it changes (a live region must exist first). */}
      <p className="text-slate-800 empty:sr-only" aria-live="polite">
        {count > 0 ? `${count} selected` : ""}
      </p>
      {count > 0 && (
        <>
          <div className="flex items-center gap-2">
            <label htmlFor="bulk-status" className="sr-only">
              New status for the selected requests
            </label>
            <select id="bulk-status" value={status} onChange={(event) => setStatus(event.target.value)} className={`${inputClass} w-auto`}>
              {REQUEST_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {REQUEST_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              className="whitespace-nowrap"
              disabled={busy}
              onClick={() => {
                const form = idsForm();
                form.set("status", status);
                toastId.current = showToast.loading("Updating status...");
                void statusFetcher.submit(form, { method: "post", action: "/admin/requests/status" });
              }}
            >
              Set status
            </Button>
          </div>
          <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete selected
          </Button>
        </>
      )}
      <ConfirmDialog
        onCloseAutoFocus={(event) => {
          // The button that opened it is gone with the selection: focus goes to "Select all" instead of the page.
          event.preventDefault();
          selectAllBox.current?.focus();
        }}
        open={confirming}
        busy={deleteFetcher.state !== "idle"}
        onOpenChange={(open) => !open && deleteFetcher.state === "idle" && setConfirming(false)}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={`Are you absolutely sure you want to delete ${count} ${count === 1 ? "user" : "users"}?`}
        onConfirm={() => {
          toastId.current = showToast.loading("Deleting users...");
          void deleteFetcher.submit(idsForm(), { method: "post", action: "/admin/requests/delete" });
        }}
      >
        This action cannot be undone. This will permanently delete the users' information and remove it from our servers.
      </ConfirmDialog>
    </div>
  );
}
