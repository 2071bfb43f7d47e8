import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

/**
 * A delete behind a confirmation (SPEC 4, the request and announcement lists): the item waiting for it, the post to
 * `action(item)`, the spec's toasts (`loading` replaced by the outcome, when given), and the items gone since the page
 * loaded. `ready` says whether the selection still names what the delete needs.
 */
export function useConfirmedDelete<T extends { id: string }>(options: {
  action: (item: T) => string;
  loading?: string;
  success: string;
  failure: string;
  ready?: (item: T) => boolean;
}) {
  const fetcher = useFetcher<{ ok: true } | { ok: false; error: string }>();
  const [selected, setSelected] = useState<T>();
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef<{ id: string; toastId?: string }>(undefined);
  const deleting = fetcher.state !== "idle";
  const cancel = () => setSelected(undefined);

  useActionResult(fetcher.data, (answer) => {
    const { id, toastId } = pending.current!;
    if (answer.ok) {
      setRemoved((previous) => new Set(previous).add(id));
      showToast.success(options.success, { id: toastId });
    } else {
      showToast.error(answer.error || options.failure, { id: toastId });
    }
    cancel();
  });

  const onConfirm = () => {
    if (!selected || options.ready?.(selected) === false) {
      showToast.error("Please refresh the page and Try again!");
      cancel();
      return;
    }
    pending.current = { id: selected.id, toastId: options.loading && showToast.loading(options.loading) };
    void fetcher.submit(null, { method: "post", action: options.action(selected) });
  };

  return {
    selected,
    select: setSelected,
    cancel,
    /** What is still to show of `items`. */
    remaining: <U extends { id: string }>(items: U[]) => items.filter((item) => !removed.has(item.id)),
    /** For the ConfirmDialog: it cannot be dismissed half-way. */
    dialog: { open: selected !== undefined, busy: deleting, onOpenChange: (open: boolean) => !open && !deleting && cancel(), onConfirm },
  };
}
