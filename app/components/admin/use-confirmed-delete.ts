import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toasts";
import { type ActionAnswer, answerMessage } from "~/lib/answer-message";
import { useActionResult } from "~/lib/use-action-result";

/**
 * A delete behind a confirmation (SPEC 4, the request and announcement lists): the item waiting for it, the post to
 * `action(item)` and the spec's toasts (`loading` replaced by the outcome, when given; a refusal says the server's
 * reason, or `failure` when it gave none). The list itself is the
 * page's loader data, which React Router reads again after the delete, so a deleted item simply is not in it.
 */
export function useConfirmedDelete<T extends { id: string }>(options: {
  action: (item: T) => string;
  /** Fields posted with it (the version it was read at, say). */
  body?: (item: T) => Record<string, string>;
  loading?: string;
  success: string;
  failure: string;
}) {
  const fetcher = useFetcher<ActionAnswer>();
  // The item stays after the dialog is told to close, so its title and text keep naming it while it closes.
  const [selected, setSelected] = useState<T>();
  const [open, setOpen] = useState(false);
  const toastId = useRef<string>(undefined);
  const deleting = fetcher.state !== "idle";
  const cancel = () => setOpen(false);
  const select = (item: T) => {
    setSelected(item);
    setOpen(true);
  };

  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) showToast.success(options.success, { id: toastId.current });
    else showToast.error(answerMessage(answer) ?? options.failure, { id: toastId.current });
    cancel();
  });

  const onConfirm = () => {
    // The dialog opens only with an item selected.
    if (!open || !selected) return;
    toastId.current = options.loading ? showToast.loading(options.loading) : undefined;
    void fetcher.submit(options.body?.(selected) ?? null, { method: "post", action: options.action(selected) });
  };

  return {
    /** The item the dialog asks about: the last one selected, still there while the dialog closes. */
    selected,
    select,
    cancel,
    /** For the ConfirmDialog: it cannot be dismissed half-way. */
    dialog: { open, busy: deleting, onOpenChange: (wanted: boolean) => !wanted && !deleting && cancel(), onConfirm },
  };
}
