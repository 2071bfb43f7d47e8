import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { preloadToasts } from "#app/components/ui/toasts.ts";
import { formsEn } from "#core/i18n/forms/en.ts";
import { useBook } from "#app/lib/i18n.ts";
import { JoinForm } from "./join-form";

/**
 * What Join Us opens (SPEC 2, "Join Us flow"): the confirmation first, then Continue opens the two-step form.
 * Loaded on demand by JoinUsButton, which keeps the trigger and whether the confirmation is open.
 */
export function JoinDialogs({
  confirming,
  onConfirmingChange,
  questions,
  returnFocusTo,
}: {
  confirming: boolean;
  onConfirmingChange: (open: boolean) => void;
  questions: readonly string[];
  /** Where focus goes when a dialog closes (the dialogs have no Radix trigger of their own to go back to). */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const words = useBook("forms", formsEn).join;
  const [formOpen, setFormOpen] = useState(false);
  // Once opened, the form stays mounted (closed), so its values live on while the dialog is closed.
  const [formWanted, setFormWanted] = useState(false);
  // The form's first toast ('Processing...') should not wait for the library: fetch it while the form is filled in.
  useEffect(() => {
    if (formWanted) preloadToasts();
  }, [formWanted]);

  // Continue closes the confirmation as the form opens: then focus belongs to the form, not to the trigger.
  const continuing = useRef(false);

  const focusTrigger = (event: Event) => {
    event.preventDefault();
    if (continuing.current) continuing.current = false;
    else returnFocusTo.current?.focus();
  };

  return (
    <>
      <ConfirmDialog
        open={confirming}
        onOpenChange={onConfirmingChange}
        onCloseAutoFocus={focusTrigger}
        title={words.confirmTitle}
        confirmLabel={words.continue}
        cancelLabel={words.cancel}
        onConfirm={() => {
          continuing.current = true;
          onConfirmingChange(false);
          setFormWanted(true);
          setFormOpen(true);
        }}
      >
        {words.confirmText}
      </ConfirmDialog>
      {formWanted && <JoinFormDialog open={formOpen} onOpenChange={setFormOpen} questions={questions} onCloseAutoFocus={focusTrigger} />}
    </>
  );
}

/**
 * The two-step form in its dialog. Closing it on step 1 resets the form; on step 2 the answers wait for the
 * applicant's return; while the application is on its way it cannot be closed. It stays mounted while closed.
 */
function JoinFormDialog({
  open,
  onOpenChange,
  questions,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  questions: readonly string[];
  onCloseAutoFocus: (event: Event) => void;
}) {
  const words = useBook("forms", formsEn).join;
  const [formKey, setFormKey] = useState(() => crypto.randomUUID());
  const step = useRef<1 | 2>(1);
  const submitting = useRef(false);
  const onStepChange = useCallback((now: 1 | 2) => {
    step.current = now;
  }, []);
  const onSubmittingChange = useCallback((now: boolean) => {
    submitting.current = now;
  }, []);
  const changeOpen = (next: boolean) => {
    if (submitting.current) return;
    if (!next && step.current === 1) setFormKey(crypto.randomUUID());
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus} closeLabel={words.close}>
        <DialogTitle>{words.title}</DialogTitle>
        <DialogDescription className="sr-only">{words.description}</DialogDescription>
        <div className="mt-4">
          <JoinForm
            key={formKey}
            questions={questions}
            submissionKey={formKey}
            onJoined={() => {
              // A fresh form (empty fields and lists, a new submission key) for the next applicant.
              setFormKey(crypto.randomUUID());
              onOpenChange(false);
            }}
            onStepChange={onStepChange}
            onSubmittingChange={onSubmittingChange}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
