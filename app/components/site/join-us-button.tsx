import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";

/** The form (react-hook-form, zod, the chip lists) is a chunk of its own, fetched when Join Us is clicked. */
const loadJoinForm = () => import("~/components/join/join-form-dialog");
const JoinFormDialog = lazy(loadJoinForm);

/**
 * The Join Us entry (top bar and hamburger menu): asks for confirmation first (SPEC 2, "Join Us flow"),
 * then Continue opens the two-step form.
 */
export function JoinUsButton({ className, onOpen, questions }: { className?: string; onOpen?: () => void; questions: readonly string[] }) {
  const [confirming, setConfirming] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  // Once opened, the form stays mounted (closed), so its values live on while the dialog is closed.
  const [formWanted, setFormWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          onOpen?.();
          void loadJoinForm();
          setConfirming(true);
        }}
      >
        Join Us
      </button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Are you absolutely sure you want to join us?</AlertDialogTitle>
          <AlertDialogDescription>
            By continuing you agree to become part of our mission: to grow in faith, knowledge and service together. We will
            keep you updated about our activities, events and opportunities.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button
              onClick={() => {
                setConfirming(false);
                setFormWanted(true);
                setFormOpen(true);
              }}
            >
              Continue
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      {formWanted && (
        <Suspense fallback={null}>
          <JoinFormDialog open={formOpen} onOpenChange={setFormOpen} questions={questions} />
        </Suspense>
      )}
    </>
  );
}
