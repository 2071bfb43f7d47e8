import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";

/**
 * Select every message on the page, and delete the selected ones (behind a confirmation). The list is the page's data,
 * read again after the delete.
 */
export function MessageBulkBar({
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
  const fetcher = useFetcher<ActionAnswer>();
  const [confirming, setConfirming] = useState(false);
  const toastId = useRef<string>(undefined);
  const count = selectedIds.length;
  const allSelected = count > 0 && count === pageIds.length;
  const busy = fetcher.state !== "idle";

  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) {
      showToast.success("Messages deleted", { id: toastId.current });
      onDone();
    } else showToast.error(answerMessage(answer) ?? "Failed to delete the messages", { id: toastId.current });
    setConfirming(false);
  });

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-white px-4 py-3 shadow-sm">
      <label className="flex items-center gap-2 font-semibold text-slate-900">
        <input
          type="checkbox"
          className="size-5 accent-brand-800"
          checked={allSelected}
          ref={(box) => {
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
        <Button size="sm" variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
          Delete selected
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        busy={busy}
        onOpenChange={(open) => !open && !busy && setConfirming(false)}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={`Delete ${count} ${count === 1 ? "message" : "messages"}?`}
        onConfirm={() => {
          const form = new FormData();
          selectedIds.forEach((id, index) => form.append(`ids[${index}]`, id));
          toastId.current = showToast.loading("Deleting messages...");
          void fetcher.submit(form, { method: "post", action: "/admin/messages/delete" });
        }}
      >
        This cannot be undone. The messages are removed from the site for good.
      </ConfirmDialog>
    </div>
  );
}
