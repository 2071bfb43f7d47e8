import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";

export const VIDEO_FALLBACK_TEXT = "Sorry, the video cannot be played right now.";

/**
 * 'How it's started': a dialog of that title with the documentary, autoplaying with controls. The video is only
 * requested once the dialog opens. Closes by its button, Escape or a click outside.
 */
export function VideoDialog({ videoUrl }: { videoUrl: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <Dialog onOpenChange={(open) => open && setFailed(false)}>
      <DialogTrigger asChild>
        <Button variant="outlineOnDark">
          How it&apos;s started
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-[calc(100%-2rem)] sm:max-w-[600px]">
        <DialogTitle>How it&apos;s started</DialogTitle>
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
