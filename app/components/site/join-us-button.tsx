import { useState } from "react";
import { Button } from "~/components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";

/**
 * The Join Us entry (top bar and hamburger menu): asks for confirmation first (SPEC 2, "Join Us flow").
 */
export function JoinUsButton({ className, onOpen }: { className?: string; onOpen?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          onOpen?.();
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
            <Button onClick={() => setConfirming(false)}>Continue</Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
