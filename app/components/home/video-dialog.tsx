import { useRef, useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { onDemand, useOnDemand } from "#app/lib/on-demand.ts";
import { useBook } from "#app/lib/i18n.ts";
import { homeEn } from "#core/i18n/home/en.ts";

/**
 * The dialog's code (Radix's dialog: focus trap, dismissal, scroll lock) is a chunk of its own: fetched when a
 * pointer reaches the button, when it gets focus, or at the latest on the click.
 */
const videoPlayer = onDemand(() => import("./video-player-dialog"), "the video dialog");
const preload = () => void videoPlayer.load();

/**
 * 'How it's started' (SPEC 2, "Hero"): opens a dialog of that title with the documentary. A click before the
 * dialog's code has arrived opens it once it has.
 */
export function VideoDialog({ videoUrl }: { videoUrl: string | null }) {
  const [open, setOpen] = useState(false);
  const player = useOnDemand(videoPlayer);
  const trigger = useRef<HTMLButtonElement>(null);
  const { home } = useBook("home", homeEn);
  return (
    <>
      <Button
        ref={trigger}
        variant="outlineOnDark"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          preload();
          setOpen(true);
        }}
      >
        {home.howItStarted}
      </Button>
      {player && <player.VideoPlayerDialog open={open} onOpenChange={setOpen} videoUrl={videoUrl} returnFocusTo={trigger} words={home} />}
    </>
  );
}
