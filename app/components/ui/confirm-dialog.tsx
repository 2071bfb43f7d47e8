import { AlertDialog } from "radix-ui";
import { type ReactNode, useRef } from "react";
import { Button, type ButtonProps } from "./button";
import { Spinner } from "./spinner";

/**
 * A question that must be answered (Radix alert dialog: focus trapped, Escape and Cancel answer no, an outside click
 * does not dismiss it). While `busy`, both buttons are disabled and a spinner turns on the confirming one. Closed, it
 * gives the focus back to the control that had it when it opened (the button that asked), while that is still on the
 * page, unless `onCloseAutoFocus` decides.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmVariant,
  busy = false,
  onConfirm,
  onCloseAutoFocus,
  ...root
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The public site's dialogs say it in the page's language. */
  cancelLabel?: string;
  confirmVariant?: ButtonProps["variant"];
  busy?: boolean;
  onConfirm: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  // Radix returns the focus to an AlertDialog.Trigger; these dialogs are opened by the page's own buttons (one per row
  // of a list), which Radix does not know, and without this the focus would fall to the page's body.
  const opener = useRef<HTMLElement | null>(null);
  const returnFocus = (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
  return (
    <AlertDialog.Root {...root}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70" />
        <AlertDialog.Content
          onOpenAutoFocus={() => {
            // Called before the focus moves into the dialog.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={onCloseAutoFocus ?? returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{children}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button variant={confirmVariant} disabled={busy} onClick={onConfirm}>
              {busy && <Spinner />}
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
