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
  const [selected, setSelected] = useState<T>();
  const toastId = useRef<string>(undefined);
  const deleting = fetcher.state !== "idle";
  const cancel = () => setSelected(undefined);

  useActionResult(fetcher.data, (answer) => {
    if (answer.ok) showToast.success(options.success, { id: toastId.current });
    else showToast.error(answerMessage(answer) ?? options.failure, { id: toastId.current });
    cancel();
  });

  const onConfirm = () => {
    // The dialog is open only while an item is selected.
    if (!selected) return;
    toastId.current = options.loading ? showToast.loading(options.loading) : undefined;
    void fetcher.submit(options.body?.(selected) ?? null, { method: "post", action: options.action(selected) });
  };

  return {
    selected,
    select: setSelected,
    cancel,
    /** For the ConfirmDialog: it cannot be dismissed half-way. */
    dialog: { open: selected !== undefined, busy: deleting, onOpenChange: (open: boolean) => !open && !deleting && cancel(), onConfirm },
  };
}
