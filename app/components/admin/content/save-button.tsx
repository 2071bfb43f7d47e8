import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { showToast } from "~/components/ui/toasts";
import { useActionResult } from "~/lib/use-action-result";

/** Every content form saves with this button. */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Button type="submit" disabled={busy} className="self-start">
      {busy && <Spinner />}
      Save
    </Button>
  );
}

/** "Saved" once the server has stored the form; a refusal is shown at its fields or at the top of the form. */
export function useSavedToast<Answer extends { ok: boolean }>(answer: Answer | undefined, onSaved?: (answer: Answer) => void): void {
  useActionResult(answer, (taken) => {
    if (!taken.ok) return;
    showToast.success("Saved");
    onSaved?.(taken);
  });
}
