import { useState } from "react";
import { useFetcher } from "react-router";
import type { ActionAnswer } from "#app/lib/answer-message.ts";
import { type AnswerToasts, useAnswerToasts } from "./answer-toasts";

/**
 * An action on one item of a list, behind one confirmation dialog for the whole list (SPEC 4, the request and
 * announcement lists): the item waiting for it, the post of `body(item)` to `action(item)` (the page it is on, unless
 * another is named) and the answer's toasts. An item with its own button uses `ActionButton`'s `confirm` instead; this
 * serves lists whose rows only say which item was chosen. The list itself is the page's loader data, which React
 * Router reads again after the post, so a deleted item simply is not in it.
 */
export function useConfirmedAction<T extends { id: string }>({
  action,
  body,
  toasts,
}: {
  action?: (item: T) => string;
  /** What is posted for the item: its intent and id, and the version it was read at, say; nothing when its URL says it all. */
  body?: (item: T) => Record<string, string>;
  toasts: AnswerToasts<ActionAnswer> & { failure: string };
}) {
  const fetcher = useFetcher<ActionAnswer>();
  // The item stays after the dialog is told to close, so its title and text keep naming it while it closes.
  const [selected, setSelected] = useState<T>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const cancel = () => setOpen(false);
  const select = (item: T) => {
    setSelected(item);
    setOpen(true);
  };
  const { announce } = useAnswerToasts(fetcher.data, { ...toasts, onSuccess: cancel, onFailure: cancel });

  const onConfirm = () => {
    // The dialog opens only with an item selected.
    if (!open || !selected) return;
    announce();
    void fetcher.submit(body?.(selected) ?? null, { method: "post", action: action?.(selected) });
  };

  return {
    /** The item the dialog asks about: the last one selected, still there while the dialog closes. */
    selected,
    select,
    cancel,
    /** For the ConfirmDialog: it cannot be dismissed half-way. */
    dialog: { open, busy, onOpenChange: (wanted: boolean) => !wanted && !busy && cancel(), onConfirm },
  };
}
