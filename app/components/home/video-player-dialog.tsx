import { type RefObject, useState } from "react";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "#app/components/ui/dialog.tsx";
import type { HomeWords } from "#core/i18n/home/en.ts";

/**
 * The dialog 'How it's started' opens: the documentary, autoplaying with controls; the video is only requested
 * once the dialog opens. Closes by its button, Escape or a click outside. Loaded on demand by VideoDialog, which gives
 * it its words (so the home page's book stays in the home page's own script).
 */
export function VideoPlayerDialog({
  open,
  onOpenChange,
  videoUrl,
  returnFocusTo,
  words: home,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  videoUrl: string | null;
  /** The button that opened it: the dialog has no Radix trigger of its own, so closing it focuses that by hand. */
  returnFocusTo: RefObject<HTMLElement | null>;
  words: HomeWords["home"];
}) {
  const [failed, setFailed] = useState(false);
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
        closeLabel={home.close}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>{home.howItStarted}</DialogTitle>
        <DialogDescription className="sr-only">{home.documentary}</DialogDescription>
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
              {home.videoUnavailable}
            </video>
          ) : (
            <p role="status" className="rounded-md bg-slate-100 p-6 text-center text-slate-800">
              {home.videoUnavailable}
            </p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
