import crypto from "node:crypto";
import type https from "node:https";
import os from "node:os";
import webPush from "web-push";
import { errorMessage } from "#core/errors.ts";
import type { PushConfig } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import { backoffMs } from "#server/mail/outbox-worker.ts";
import type { ClaimedPush } from "#server/repos/push-deliveries.ts";
import type { Repos } from "#server/repos/index.ts";
import type { PushNotificationService, VapidDetails } from "#server/services/push-notifications.ts";

export type PushWorkerSettings = Pick<PushConfig, "pollMs" | "maxAttempts" | "backoffBaseMs" | "backoffMaxMs" | "leaseMs">;

export interface PushWorkerOptions {
  repos: Pick<Repos, "pushDeliveries" | "pushSubscriptions">;
  push: Pick<PushNotificationService, "fanOutDue" | "message" | "vapidDetails">;
  logger: Logger;
  settings: PushWorkerSettings;
  /** Pushes claimed under one lease at a time. */
  batchSize?: number;
  /** Pushes in flight at once. */
  concurrency?: number;
  /** A push service that has not answered in this long is tried again later. */
  sendTimeoutMs?: number;
  /** How long a push service keeps a push for a browser that is offline (its TTL header). */
  ttlSeconds?: number;
  /** The TLS agent pushes go through; Node's own unless given (the tests: one that trusts their push service). */
  agent?: https.Agent;
  /** Identifies this process in leases; unique per start. */
  owner?: string;
  random?: () => number;
}

/** A VAPID token's lifetime (RFC 8292: at most 24 hours; web-push's own is 12) and how long one is used for new pushes. */
const VAPID_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
const VAPID_TOKEN_REUSE_MS = 60 * 60 * 1000;
/** Push services whose token is kept: the browsers' are a handful. */
const VAPID_TOKENS_KEPT = 100;

/** What became of one push. */
type Outcome =
  | { kind: "sent" }
  /** 404 or 410: the subscription is gone for good. */
  | { kind: "gone"; status: number }
  /** 429, 5xx or no answer: later. */
  | { kind: "later"; reason: string; retryAfterMs?: number }
  /** Any other refusal: never. */
  | { kind: "refused"; reason: string };

/** A short, stable name for an endpoint in the log: an endpoint is a capability (whoever has it can push), never logged. */
export const endpointHash = (endpoint: string): string => crypto.createHash("sha256").update(endpoint).digest("hex").slice(0, 12);

/** Retry-After in milliseconds (seconds, or an HTTP date); undefined when absent or unreadable. */
function retryAfterMs(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== "string") return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * An error of the connection (refused, reset, timed out, no such host, TLS), as against one of the push itself (keys
 * that encrypt nothing: ERR_CRYPTO_…).
 */
function connectionFailure(error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code === "string" && !code.startsWith("ERR_CRYPTO")) return code;
  if (error instanceof Error && error.message === "Socket timeout") return "timeout";
  return undefined;
}

/**
 * Sends the pushes of announcements: fans out the broadcasts that are due (server/services/push-notifications.ts), then
 * claims due pushes a batch at a time under one lease and sends them, `concurrency` at once, each encrypted for its
 * subscriber and signed with the site's VAPID key, its message made from the announcement as it is then. A push sent is
 * deleted at once; a subscription its push service calls gone (404, 410) is deleted with its pushes; 429, 5xx and no
 * answer come back after a backoff until the attempts run out; anything else is given up. Given-up pushes are logged
 * once each, naming the subscription by a hash of its endpoint.
 *
 * A restart loses no push and repeats none that was recorded: a push is deleted right after its push service took it,
 * `stop()` lets the pushes in flight finish and gives back the claimed ones not started, and a crashed process's lease
 * runs out so another takes its pushes. Only the pushes a crashed process had in flight (at most `concurrency`, sent
 * but not yet deleted) can go twice; they carry the announcement's Topic and tag, so the push service and the browser
 * show the second as the first.
 */
export function pushWorker(options: PushWorkerOptions) {
  const { repos, push, logger, settings } = options;
  const { batchSize = 50, concurrency = 20, sendTimeoutMs = 15_000, ttlSeconds = 24 * 60 * 60 } = options;
  // The lease covers a whole batch sent in turns of `concurrency`, each turn at most a send's timeout.
  const leaseMs = Math.max(settings.leaseMs, Math.ceil(batchSize / concurrency) * sendTimeoutMs + 30_000);
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const random = options.random ?? Math.random;
  let stopping = false;
  let running: Promise<void> | undefined;
  /** Woken while busy: the next pause is skipped, so a broadcast queued meanwhile is not left to the next poll. */
  let nudged = false;
  let wakeUp: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = undefined;
        nudged = false;
        resolve();
      };
      const timer = setTimeout(done, nudged ? 0 : ms);
      wakeUp = done;
    });

  /**
   * The VAPID Authorization header for a push service (its origin, the token's audience), signed once and used for
   * VAPID_TOKEN_REUSE_MS: signing is three quarters of a push's work (0.7 of 0.9 ms), once per push service instead.
   */
  const tokens = new Map<string, { authorization: string; until: number }>();
  function vapidAuthorization(endpoint: string, vapid: VapidDetails): string {
    const audience = new URL(endpoint).origin;
    const key = `${audience} ${vapid.publicKey} ${vapid.subject}`;
    const now = Date.now();
    const cached = tokens.get(key);
    if (cached && cached.until > now) return cached.authorization;
    const expiration = Math.floor((now + VAPID_TOKEN_LIFETIME_MS) / 1000);
    const { Authorization } = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, "aes128gcm", expiration);
    if (tokens.size >= VAPID_TOKENS_KEPT) tokens.clear();
    tokens.set(key, { authorization: Authorization, until: now + VAPID_TOKEN_REUSE_MS });
    return Authorization;
  }

  async function send(delivery: ClaimedPush, payload: string, vapid: VapidDetails): Promise<Outcome> {
    // Outside the try: a token that cannot be signed is the site's fault, not the subscription's (the push is kept).
    const authorization = vapidAuthorization(delivery.endpoint, vapid);
    try {
      await webPush.sendNotification({ endpoint: delivery.endpoint, keys: delivery.keys }, payload, {
        // Signed here (vapidAuthorization) rather than by web-push for every push.
        headers: { Authorization: authorization },
        TTL: ttlSeconds,
        urgency: "normal",
        // One per announcement (a UUID's 32 hex digits): a push sent again replaces the first while it waits.
        topic: delivery.announcementId.replace(/-/g, ""),
        timeout: sendTimeoutMs,
        ...(options.agent ? { agent: options.agent } : {}),
      });
      return { kind: "sent" };
    } catch (error) {
      if (error instanceof webPush.WebPushError) {
        const status = error.statusCode;
        if (status === 404 || status === 410) return { kind: "gone", status };
        if (status === 429 || status >= 500) {
          const after = retryAfterMs((error.headers as Record<string, unknown> | undefined)?.["retry-after"]);
          return { kind: "later", reason: `HTTP ${status}`, ...(after === undefined ? {} : { retryAfterMs: after }) };
        }
        return { kind: "refused", reason: `HTTP ${status}` };
      }
      const failure = connectionFailure(error);
      // Not the connection: web-push could not make the push (keys that are no P-256 point): it never will.
      return failure ? { kind: "later", reason: failure } : { kind: "refused", reason: "unsendable subscription" };
    }
  }

  async function deliver(delivery: ClaimedPush, payload: string, vapid: VapidDetails): Promise<void> {
    const outcome = await send(delivery, payload, vapid);
    const context = { announcementId: delivery.announcementId, subscription: endpointHash(delivery.endpoint), attempts: delivery.attempts };
    switch (outcome.kind) {
      case "sent":
        if (!(await repos.pushDeliveries.sent(delivery.id, owner)))
          logger.warn(context, "push sent after its lease passed to another process");
        return;
      case "gone":
        await repos.pushSubscriptions.delete(delivery.subscriptionId);
        logger.info({ ...context, status: outcome.status }, "push subscription gone: deleted");
        return;
      case "refused":
        await repos.pushDeliveries.giveUp(delivery.id, owner);
        logger.warn({ ...context, reason: outcome.reason, permanent: true }, "push given up: refused by the push service");
        return;
      case "later": {
        if (delivery.attempts >= settings.maxAttempts) {
          await repos.pushDeliveries.giveUp(delivery.id, owner);
          logger.warn({ ...context, reason: outcome.reason, permanent: false }, "push given up: out of attempts");
          return;
        }
        const backoff = backoffMs(delivery.attempts, settings.backoffBaseMs, settings.backoffMaxMs, random);
        const delay = Math.max(backoff, Math.min(outcome.retryAfterMs ?? 0, settings.backoffMaxMs));
        await repos.pushDeliveries.retry(delivery.id, owner, outcome.reason, new Date(Date.now() + delay));
        logger.debug({ ...context, reason: outcome.reason, retryInMs: delay }, "push failed; will retry");
        return;
      }
    }
  }

  /** Each claimed push's message, made once per announcement from the announcement as it is now. */
  async function messagesOf(batch: readonly ClaimedPush[]): Promise<Map<string, string | undefined>> {
    const messages = new Map<string, string | undefined>();
    for (const { announcementId } of batch) {
      if (messages.has(announcementId)) continue;
      const message = await push.message(announcementId);
      messages.set(announcementId, message && JSON.stringify(message));
    }
    return messages;
  }

  async function sendBatch(batch: readonly ClaimedPush[]): Promise<void> {
    const [vapid, messages] = await Promise.all([push.vapidDetails(), messagesOf(batch)]);
    // An announcement deleted, expired or unpublished since it was fanned out: none of its pushes go.
    const ended = new Map(batch.filter((d) => messages.get(d.announcementId) === undefined).map((d) => [d.broadcastId, d.announcementId]));
    for (const [broadcastId, announcementId] of ended) {
      const dropped = await repos.pushDeliveries.deleteForBroadcast(broadcastId);
      logger.info({ announcementId, dropped }, "pushes given up: the announcement is no longer live");
    }
    const queue = batch.filter((d) => !ended.has(d.broadcastId));
    const lane = async () => {
      while (!stopping) {
        const delivery = queue.shift();
        if (!delivery) return;
        try {
          await deliver(delivery, messages.get(delivery.announcementId)!, vapid);
        } catch (error) {
          // Signing the token or recording the outcome failed (database gone?): the lease runs out and the push is tried again.
          logger.error(
            { announcementId: delivery.announcementId, err: errorMessage(error) },
            "push failed before its outcome was recorded",
          );
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, lane));
    // Stopping: what was claimed but not started is due again at once, for the next process.
    await repos.pushDeliveries.release(
      queue.map((d) => d.id),
      owner,
    );
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      try {
        await push.fanOutDue();
      } catch (error) {
        logger.error({ err: errorMessage(error) }, "push broadcasts could not be fanned out");
      }
      let batch: ClaimedPush[] = [];
      try {
        batch = await repos.pushDeliveries.claim(owner, leaseMs, batchSize);
      } catch (error) {
        logger.error({ err: errorMessage(error) }, "push outbox claim failed");
      }
      if (batch.length > 0) {
        try {
          await sendBatch(batch);
        } catch (error) {
          // No keys or messages (database gone?): the lease runs out and the batch is tried again.
          logger.error({ err: errorMessage(error) }, "push batch failed");
          if (!stopping) await pause(settings.pollMs);
        }
        continue;
      }
      if (!stopping) await pause(settings.pollMs);
    }
  }

  return {
    owner,
    start(): void {
      running ??= loop();
    },
    /** Looks for due broadcasts and pushes now instead of at the next poll (an announcement was saved). */
    wake(): void {
      nudged = true;
      wakeUp?.();
    },
    /** Lets the pushes in flight finish and gives back the rest of the batch, then resolves. */
    async stop(): Promise<void> {
      stopping = true;
      wakeUp?.();
      await running;
    },
  };
}
