import { type ReactNode, type RefObject, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { useAnswerToasts } from "#app/components/admin/forms/answer-toasts.ts";
import type { PageSelection } from "./page-selection";

/** The form an action (its `intent`) on the selected items posts: `ids[0]`, `ids[1]`, … */
export function idsForm(intent: string, ids: readonly string[]): FormData {
  const form = new FormData();
  form.append("intent", intent);
  ids.forEach((id, index) => form.append(`ids[${index}]`, id));
  return form;
}

/**
 * An admin list's selection: "Select all on this page", how many are selected, the list's own actions on them
 * (`children`) and "Delete selected" behind a confirmation, with its toasts. The list is the page's data, read again
 * after each action. `selectAllRef` lets an action put the focus back on "Select all" once its buttons are gone.
 */
export function SelectionBar({
  selection,
  deletion,
  selectAllRef,
  busy: othersBusy = false,
  children,
}: {
  selection: PageSelection;
  deletion: {
    /** Where the delete posts, and as which of that page's intents. */
    action: string;
    intent: string;
    title: (count: number) => string;
    text: string;
    toasts: { loading: string; failure: string };
  };
  selectAllRef?: RefObject<HTMLInputElement | null>;
  /** Another action on the selection is running. */
  busy?: boolean;
  children?: ReactNode;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  const ownRef = useRef<HTMLInputElement | null>(null);
  const selectAllBox = selectAllRef ?? ownRef;
  const [confirming, setConfirming] = useState(false);
  // How many the dialog asks about: kept while it closes, when the deleted ones have already left the selection.
  const [asked, setAsked] = useState(0);
  const count = selection.selectedIds.length;
  const allSelected = count > 0 && count === selection.pageIds.length;
  const deleting = fetcher.state !== "idle";

  const { announce } = useAnswerToasts(fetcher.data, {
    ...deletion.toasts,
    onSuccess: () => {
      selection.clear();
      setConfirming(false);
    },
    onFailure: () => setConfirming(false),
  });

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
          onChange={(event) => selection.selectAll(event.target.checked)}
        />
        Select all on this page
      </label>
      {/* Always in the page, so a screen reader announces the count as it changes (a live region must exist first). */}
      <p className="text-slate-800 empty:sr-only" aria-live="polite">
        {count > 0 ? `${count} selected` : ""}
      </p>
      {count > 0 && (
        <>
          {children}
          <Button
            size="sm"
            variant="danger"
            disabled={deleting || othersBusy}
            onClick={() => {
              setAsked(count);
              setConfirming(true);
            }}
          >
            Delete selected
          </Button>
        </>
      )}
      <ConfirmDialog
        onCloseAutoFocus={(event) => {
          // The button that opened it may be gone with the selection: focus goes to "Select all" instead of the page.
          event.preventDefault();
          selectAllBox.current?.focus();
        }}
        open={confirming}
        busy={deleting}
        onOpenChange={(open) => !open && !deleting && setConfirming(false)}
        confirmLabel="Delete"
        confirmVariant="danger"
        title={deletion.title(asked)}
        onConfirm={() => {
          announce();
          void fetcher.submit(idsForm(deletion.intent, selection.selectedIds), { method: "post", action: deletion.action });
        }}
      >
        {deletion.text}
      </ConfirmDialog>
    </div>
  );
}
