import { clsx } from "clsx";
import { Share2 } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useBook } from "#app/lib/i18n.ts";
import { ANNOUNCEMENTS_DONE, ANNOUNCEMENTS_FAILED } from "#core/messages/announcements.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

/**
 * Shares the page at `path`: the phone's share sheet where the browser has one, otherwise its address is copied.
 * Shown once scripts run (its place kept before, so nothing moves); without them, the link to the page is there to copy.
 */
export function ShareButton({ title, path, className }: { title: string; path: string; className?: string }) {
  const hydrated = useHydrated();
  const { announcements: words } = useBook("announcements", announcementsEn);
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === "function") {
      // Closing the share sheet rejects; that is the visitor's choice, not a failure.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast.success(ANNOUNCEMENTS_DONE.linkCopied);
    } catch {
      showToast.error(ANNOUNCEMENTS_FAILED.copyLink(url));
    }
  };
  return (
    // Drawn from the start but hidden (unseen, unreachable, unread) until the page runs, so its arrival moves nothing.
    <Button variant="outline" className={clsx(className, !hydrated && "invisible")} onClick={() => void share()}>
      <Share2 className="size-4" aria-hidden />
      {words.share}
      <span className="sr-only">{title}</span>
    </Button>
  );
}
