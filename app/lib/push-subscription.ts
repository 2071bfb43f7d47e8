/**
 * This browser's push subscription, through the site's service worker (public/sw.js, which shows the notifications).
 * Loaded by the "Get notified" button once the page runs, not with the page.
 */
const SITE_WORKER = "/sw.js";
/** How often a subscription is sent again, so that retention keeps it while the visitor keeps coming. */
const REFRESH_EVERY_MS = 24 * 60 * 60 * 1000;
const REFRESHED_AT = "push-subscription-refreshed-at";

export interface SubscriptionFields {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The visitor refused notifications (now or before): the browser will not ask again. */
export class NotificationsBlocked extends Error {
  override name = "NotificationsBlocked";
}

const fieldsOf = (subscription: PushSubscription): SubscriptionFields => {
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" };
};

async function current(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The subscription this browser holds, if any; and, once a day, the fields to send again (`refresh`). */
export async function heldSubscription(now = Date.now()): Promise<{ held: boolean; refresh?: SubscriptionFields }> {
  const subscription = await current();
  if (!subscription) return { held: false };
  const refreshedAt = Number(localStorage.getItem(REFRESHED_AT) ?? 0);
  if (now - refreshedAt < REFRESH_EVERY_MS) return { held: true };
  localStorage.setItem(REFRESHED_AT, String(now));
  return { held: true, refresh: fieldsOf(subscription) };
}

/** Asks the visitor, then subscribes this browser with the site's VAPID public key; the fields to send the server. */
export async function subscribe(applicationServerKey: string): Promise<SubscriptionFields> {
  if ((await Notification.requestPermission()) !== "granted") throw new NotificationsBlocked();
  await navigator.serviceWorker.register(SITE_WORKER, { scope: "/" });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  localStorage.setItem(REFRESHED_AT, String(Date.now()));
  return fieldsOf(subscription);
}

/** Ends this browser's subscription; its endpoint, for the server to forget (undefined: there was none). */
export async function unsubscribe(): Promise<string | undefined> {
  const subscription = await current();
  if (!subscription) return undefined;
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  localStorage.removeItem(REFRESHED_AT);
  return endpoint;
}
