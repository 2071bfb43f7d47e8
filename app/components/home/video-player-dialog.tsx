import { type RefObject, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import { useMessages } from "#app/lib/i18n.ts";

export const VIDEO_FALLBACK_TEXT = "Sorry, the video cannot be played right now.";

/**
 * The dialog 'How it's started' opens: the documentary, autoplaying with controls; the video is only requested
 * once the dialog opens. Closes by its button, Escape or a click outside. Loaded on demand by VideoDialog.
 */
export function VideoPlayerDialog({
  open,
  onOpenChange,
  videoUrl,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string | null;
  /** The button that opened it: the dialog has no Radix trigger of its own, so closing it focuses that by hand. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const [failed, setFailed] = useState(false);
  const { home } = useMessages();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // The next opening tries the video again.
        if (!next) setFailed(false);
        onOpenChange(next);
      }}
    >
      <DialogContent
        className="max-w-[calc(100%-2rem)] sm:max-w-[600px]"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{home.howItStarted}</DialogTitle>
        <DialogDescription className="sr-only">The society's documentary video.</DialogDescription>
        <div className="mt-4">
          {videoUrl && !failed ? (
            <video
              src={videoUrl}
              controls
              autoPlay
              playsInline
              preload="metadata"
              className="aspect-video w-full rounded-md bg-black"
              onError={() => setFailed(true)}
            >
              {VIDEO_FALLBACK_TEXT}
            </video>
          ) : (
            <p role="status" className="rounded-md bg-slate-100 p-6 text-center text-slate-800">
              {VIDEO_FALLBACK_TEXT}
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
