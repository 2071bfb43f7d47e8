import crypto from "node:crypto";
import { DEFAULT_ANNOUNCEMENT_TITLE } from "#core/schemas/announcement.ts";
import { PUSH_SUBSCRIPTION_MESSAGES } from "#core/messages/push.ts";
import { pushEndpointSchema, pushSubscriptionSchema } from "#core/schemas/push-subscription.ts";
import { announcementPagePath } from "#core/public-pages.ts";
import { firstLineOf } from "#core/whatsapp.ts";
import type { Kysely } from "kysely";
import { networkLimitKey } from "#server/client-network.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { type VapidKeys, vapidKeys } from "#server/push/vapid-keys.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import type { SecretsKey } from "#server/secrets-key.ts";

/** Subscriptions posted per client network: a phone or two behind one address is far below it. */
const SUBSCRIBE_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 } as const;

/** Pending broadcasts fanned out per look; the next look takes the rest. */
const FAN_OUT_BATCH = 20;

export interface PushNotificationDeps {
  db: Kysely<Database>;
  logger: Logger;
  publicUrl: string;
  /** The key the VAPID private key is encrypted with. */
  secrets: SecretsKey;
  /** The VAPID subject (config's `push.subject`): a mailto: or https: contact for the push services. */
  vapidSubject: string;
  /** The address of the site's 192-pixel icon (absolute, or a path on the site); undefined: none. */
  icon?(): Promise<string | undefined>;
}

/** What a push says, as the page's service worker shows it: JSON, encrypted for each subscriber. */
export interface PushMessage {
  title: string;
  /** The announcement's first line of text, cut short. */
  body: string;
  /** The announcement's page, absolute. */
  url: string;
  /** The site's icon, absolute; absent when the site has none. */
  icon?: string;
  /** The same for every push of one announcement: a notification shown twice replaces itself. */
  tag: string;
}

/** What `web-push` signs a push with. */
export interface VapidDetails extends VapidKeys {
  subject: string;
}

export type SubscribeResult = { ok: true } | { ok: false; message: string; retryAfterSeconds?: number };

/** Whether a browser's key (65 bytes, uncompressed, as the schema checked) is a point of P-256, which messages can be encrypted for. */
function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, "base64url");
  const coordinate = (from: number) => point.subarray(from, from + 32).toString("base64url");
  try {
    crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: coordinate(1), y: coordinate(33) }, format: "jwk" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Push notifications of announcements: the browsers' subscriptions ("Get notified" on /announcement), the site's VAPID
 * keys, and what the push worker asks (due broadcasts fanned out to every subscriber, each push's message). The
 * announcement's save queues a broadcast (server/services/announcements/editing.ts); the worker sends
 * (server/push/worker.ts).
 */
export function pushNotificationService(deps: PushNotificationDeps) {
  const { db, logger } = deps;
  const repos = createRepos(db);
  // A site not on https runs on a developer's machine or in the tests: a push service on this machine is taken too.
  const subscriptionSchema = pushSubscriptionSchema({ loopback: !deps.publicUrl.startsWith("https://") });
  let keys: Promise<VapidKeys> | undefined;
  const siteKeys = () =>
    (keys ??= vapidKeys(repos.settings, deps.secrets).catch((error: unknown) => {
      keys = undefined;
      throw error;
    }));

  async function iconUrl(): Promise<string | undefined> {
    try {
      const icon = await deps.icon?.();
      if (!icon) return undefined;
      return icon.startsWith("/") ? `${deps.publicUrl}${icon}` : new URL(icon).href;
    } catch {
      return undefined; // A push without an icon is still worth sending.
    }
  }

  return {
    /** The VAPID public key (base64url), the page's `applicationServerKey`; the key pair is made on the first call. */
    publicKey: async (): Promise<string> => (await siteKeys()).publicKey,

    /**
     * Stores a browser's subscription (`PushSubscription.toJSON()` as the page posts it), or refreshes the one it already
     * holds. Refused, with the reason, when it is not a push service's subscription.
     */
    async subscribe(
      subscription: unknown,
      { clientIp, now = new Date() }: { clientIp?: string; now?: Date } = {},
    ): Promise<SubscribeResult> {
      // Each endpoint stored is an address the server posts to at every announcement: a few per network, not a flood.
      if (clientIp !== undefined) {
        const { limit, windowMs } = SUBSCRIBE_LIMIT;
        const count = await repos.rateLimits.hit(networkLimitKey("push-subscribe", clientIp), limit, windowMs, now);
        if (!count.allowed) return { ok: false, message: PUSH_SUBSCRIPTION_MESSAGES.tooMany, retryAfterSeconds: count.retryAfterSeconds };
      }
      const parsed = subscriptionSchema.safeParse(subscription);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PUSH_SUBSCRIPTION_MESSAGES.endpoint };
      if (!isP256Point(parsed.data.keys.p256dh)) return { ok: false, message: PUSH_SUBSCRIPTION_MESSAGES.keys };
      await repos.pushSubscriptions.upsert(parsed.data, now.toISOString());
      return { ok: true };
    },

    /** Deletes the subscription of `endpoint` (the browser unsubscribed); whether there was one. */
    async unsubscribe(endpoint: string): Promise<boolean> {
      if (!pushEndpointSchema.safeParse(endpoint).success) return false;
      return repos.pushSubscriptions.deleteByEndpoint(endpoint);
    },

    /** How many browsers are subscribed (the admin area shows it). */
    subscriberCount: (): Promise<number> => repos.pushSubscriptions.count(),

    /** The keys and subject the worker signs pushes with. */
    vapidDetails: async (): Promise<VapidDetails> => ({ subject: deps.vapidSubject, ...(await siteKeys()) }),

    /**
     * Fans out the broadcasts due by `now`: each, in one transaction, becomes one push per subscriber (one INSERT …
     * SELECT). One whose announcement is gone or expired is given up; one whose announcement is now to be published
     * later waits for that. Answers how many were fanned out.
     */
    async fanOutDue(now: Date = new Date()): Promise<number> {
      const at = now.toISOString();
      let fannedOut = 0;
      for (const broadcast of await repos.pushBroadcasts.due(at, FAN_OUT_BATCH)) {
        const outcome = await inTransaction(db, async (trx) => {
          const announcement = await trx.announcements.findById(broadcast.announcementId);
          if (!announcement || (announcement.expiresAt !== null && announcement.expiresAt <= at)) {
            return (await trx.pushBroadcasts.cancel(broadcast.id)) ? "given up" : "taken";
          }
          if (announcement.publishAt === null || announcement.publishAt > at) {
            await trx.pushBroadcasts.postpone(broadcast.id, announcement.publishAt);
            return "postponed";
          }
          if (!(await trx.pushBroadcasts.markFannedOut(broadcast.id, at))) return "taken";
          const recipients = await trx.pushDeliveries.fanOut(broadcast.id, at);
          await trx.pushBroadcasts.setRecipients(broadcast.id, recipients);
          return recipients;
        });
        if (typeof outcome === "number") {
          fannedOut += 1;
          logger.info({ announcementId: broadcast.announcementId, recipients: outcome }, "push notification queued for every subscriber");
        } else if (outcome === "given up") {
          logger.info({ announcementId: broadcast.announcementId }, "push notification given up: the announcement is no longer live");
        }
      }
      return fannedOut;
    },

    /** What a push of this announcement says, as the announcement is at `now`; undefined when it is no longer live. */
    async message(announcementId: string, now: Date = new Date()): Promise<PushMessage | undefined> {
      const at = now.toISOString();
      const announcement = await repos.announcements.findById(announcementId);
      if (!announcement?.publishAt || announcement.publishAt > at) return undefined;
      if (announcement.expiresAt !== null && announcement.expiresAt <= at) return undefined;
      const icon = await iconUrl();
      return {
        title: announcement.title ?? DEFAULT_ANNOUNCEMENT_TITLE,
        body: firstLineOf(announcement.description),
        url: `${deps.publicUrl}${announcementPagePath(announcement.id)}`,
        ...(icon ? { icon } : {}),
        tag: `announcement-${announcement.id}`,
      };
    },
  };
}

export type PushNotificationService = ReturnType<typeof pushNotificationService>;
