import { useEffect, useRef, useState } from "react";
import { href, useFetcher } from "react-router";
import type { action as notificationsAction } from "#app/routes/notifications.ts";
import { NOT_DONE } from "#core/messages/common.ts";
import { useBook } from "#app/lib/i18n.ts";
import { Button } from "#app/components/ui/button.tsx";
import { showToast } from "#app/components/ui/toasts.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";

const loadPush = () => import("#app/lib/push-subscription.ts");

/** Whether this browser can take push notifications (an iPhone only once the site is on its home screen). */
const canBeNotified = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/**
 * "Get notified": subscribes this browser to a notification of each new announcement (the Push API, with the site's
 * VAPID key), and the same button ends it. Shown only where the browser can, once the page runs: nothing without
 * JavaScript, where it could not work.
 */
export function GetNotified({ publicKey }: { publicKey: string }) {
  const fetcher = useFetcher<typeof notificationsAction>();
  const { notify } = useBook("announcements", announcementsEn);
  const [subscribed, setSubscribed] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  /** The subscription whose post is on its way: undone in this browser if the server refuses it. */
  const posting = useRef(false);
  const post = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action: href("/notifications") });

  useEffect(() => {
    if (!canBeNotified()) return;
    loadPush()
      .then(async (push) => {
        const { held, refresh } = await push.heldSubscription();
        setSubscribed(held);
        if (refresh) await post({ intent: "subscribe", ...refresh });
      })
      .catch(() => setSubscribed(false));
    // Once, when the page runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The server's answer to the subscription just made: said in a toast (nothing on the page moves); refused, this
  // browser's subscription goes too, so the button says what holds.
  const settled = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (!settled || !posting.current) return;
    posting.current = false;
    if (settled.ok) return void showToast.success(notify.on);
    showToast.error(settled.result.error?.[""]?.[0] ?? NOT_DONE);
    void loadPush()
      .then((push) => push.unsubscribe())
      .then(() => setSubscribed(false));
  }, [settled, notify.on]);

  if (subscribed === undefined) return null;

  async function toggle() {
    setBusy(true);
    try {
      const push = await loadPush();
      if (subscribed) {
        const endpoint = await push.unsubscribe();
        if (endpoint) await post({ intent: "unsubscribe", endpoint });
        setSubscribed(false);
        showToast.success(notify.off);
        return;
      }
      const fields = await push.subscribe(publicKey);
      posting.current = true;
      await post({ intent: "subscribe", ...fields });
      setSubscribed(true);
    } catch (error) {
      showToast.error(error instanceof Error && error.name === "NotificationsBlocked" ? notify.blocked : NOT_DONE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void toggle()}>
      {subscribed ? notify.unsubscribe : notify.subscribe}
    </Button>
  );
}
