import { type RefObject, useRef, useState } from "react";
import { onDemand, useOnDemand } from "#app/lib/on-demand.ts";
import { useLocale, useMessages } from "#app/lib/i18n.ts";
import { localizedPath } from "#core/i18n/locale.ts";

/**
 * The confirmation and the form behind it (Radix dialogs, Conform, zod, the chip lists) are a chunk of
 * their own: fetched when a pointer reaches the button, when it gets focus, or at the latest on the click.
 */
const joinDialogs = onDemand(() => import("#app/components/join/join-dialogs.tsx"), "the Join Us dialogs");
const preload = () => void joinDialogs.load();

/**
 * The Join Us entry (top bar and hamburger menu): asks for confirmation first (SPEC 2, "Join Us flow"), then
 * Continue opens the two-step form. A click before the dialogs' code has arrived opens them once it has. Without
 * JavaScript the button submits its little form and the browser goes to the /join page instead.
 */
export function JoinUsButton({
  className,
  onOpen,
  questions,
  returnFocusTo,
}: {
  className?: string;
  onOpen?: () => void;
  questions: readonly string[];
  /** Where focus goes when the dialogs close, if not back to this button (the phone menu hides it as Join Us opens). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const [confirming, setConfirming] = useState(false);
  const dialogs = useOnDemand(joinDialogs);
  const trigger = useRef<HTMLButtonElement>(null);
  const { nav } = useMessages();
  const locale = useLocale();
  return (
    <>
      <form action={localizedPath("/join", locale)} className="contents">
        <button
          ref={trigger}
          type="submit"
          className={className}
          aria-haspopup="dialog"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={(event) => {
            event.preventDefault();
            onOpen?.();
            preload();
            setConfirming(true);
          }}
        >
          {nav.joinUs}
        </button>
      </form>
      {dialogs && (
        <dialogs.JoinDialogs
          confirming={confirming}
          onConfirmingChange={setConfirming}
          questions={questions}
          returnFocusTo={returnFocusTo ?? trigger}
        />
      )}
    </>
  );
}
