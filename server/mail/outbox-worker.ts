import crypto from "node:crypto";
import os from "node:os";
import type { MailConfig } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import type { ClaimedJob, MailOutboxRepo } from "#server/repos/mail-outbox.ts";
import { type MailAttachment, type OutboxPayload, renderMail } from "./messages";
import { MailDeliveryError } from "./delivery-error";
import type { MailTransport } from "./transports";
import { errorMessage } from "#core/errors.ts";

export interface OutboxWorkerOptions {
  repo: MailOutboxRepo;
  transport: MailTransport;
  logger: Logger;
  settings: MailConfig["outbox"];
  /** Where notifications go (and replies to the confirmation), as set when the mail is sent; undefined: nowhere yet. */
  notificationAddress(): Promise<string | undefined>;
  /**
   * Called once a mail's link was wiped (the mail sent or dead): on SQLite, empties the write-ahead log, which still
   * holds the row as it was (forgetDeletedRows). Returns false when a reader kept it from being emptied; it is then
   * called again whenever the worker finds nothing to send, until it returns true.
   */
  forgetWipedLink(): Promise<boolean>;
  /**
   * A certificate's PDF, drawn for its mail as it is sent; undefined when it no longer holds (revoked or replaced before
   * its mail went: the mail is given up). Without it, certificate mails cannot be sent.
   */
  certificatePdf?(certificateId: string): Promise<{ filename: string; content: Uint8Array } | undefined>;
  /** Identifies this process in leases; unique per start. */
  owner?: string;
  random?: () => number;
}

/**
 * Exponential backoff with jitter: base × 2^(attempt − 1), capped, then a random point in its upper half,
 * so jobs that failed together do not all come back at the same moment.
 */
export function backoffMs(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Delivers the mail outbox: claims one due job at a time under a lease, sends it, records the outcome.
 * Transient failures come back after a backoff; permanent ones, or a job out of attempts, are marked
 * dead and logged once. `stop()` lets the job in hand finish, then resolves.
 */
export function outboxWorker(options: OutboxWorkerOptions) {
  const { repo, transport, logger, settings, notificationAddress, forgetWipedLink } = options;
  const owner = options.owner ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
  const random = options.random ?? Math.random;
  let stopping = false;
  let wake: (() => void) | undefined;
  let running: Promise<void> | undefined;
  /** A link was wiped, and the database log may still hold its old copy (emptying it failed, or has not run yet). */
  let logHoldsWipedLink = false;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  /** After a mail carrying a link was settled (its link wiped), no old copy of its row keeps the link either. */
  async function forgetLinkOf(job: ClaimedJob, settled: boolean): Promise<void> {
    if (settled && job.secretLink !== null) await emptyLog();
  }

  async function emptyLog(): Promise<void> {
    const failedBefore = logHoldsWipedLink;
    logHoldsWipedLink = true; // and stays so if emptying throws: tried again when idle
    logHoldsWipedLink = !(await forgetWipedLink());
    if (logHoldsWipedLink && !failedBefore)
      logger.warn("the database log was not emptied after a link was wiped: a reader held it; tried again when the outbox is idle");
  }

  async function certificateAttachment(certificateId: string): Promise<MailAttachment> {
    const pdf = await options.certificatePdf?.(certificateId);
    if (!pdf) throw new MailDeliveryError("certificate no longer valid", true);
    return { filename: pdf.filename, contentType: "application/pdf", content: Buffer.from(pdf.content), contentDisposition: "attachment" };
  }

  async function deliver(job: ClaimedJob): Promise<void> {
    let context: Record<string, unknown> = { jobId: job.id, kind: job.kind, attempts: job.attempts };
    let failure: MailDeliveryError | undefined;
    try {
      const payload = JSON.parse(job.payload) as OutboxPayload;
      const mail = renderMail(payload, await notificationAddress(), job.secretLink);
      if (payload.kind === "certificate") mail.attachments = [await certificateAttachment(payload.certificateId)];
      await transport.send(mail, job.id);
    } catch (error) {
      failure =
        error instanceof MailDeliveryError
          ? error
          : new MailDeliveryError(error instanceof SyntaxError ? "unreadable payload" : "unexpected error", error instanceof SyntaxError);
      // A fault of the code, not of delivery: what it was goes into the line logged below (delivery errors are classes).
      if (!(error instanceof MailDeliveryError)) context = { ...context, err: errorMessage(error) };
    }
    if (!failure) {
      const sent = await repo.markSent(job.id, owner);
      if (!sent) logger.warn(context, "mail sent after its lease passed to another process");
      await forgetLinkOf(job, sent);
      return;
    }
    if (failure.permanent || job.attempts >= settings.maxAttempts) {
      const dead = await repo.markDead(job.id, owner, failure.reason);
      logger.error({ ...context, reason: failure.reason, permanent: failure.permanent }, "mail dead: not delivered, will not be retried");
      await forgetLinkOf(job, dead);
      return;
    }
    const delay = backoffMs(job.attempts, settings.backoffBaseMs, settings.backoffMaxMs, random);
    await repo.retry(job.id, owner, failure.reason, new Date(Date.now() + delay));
    logger.warn({ ...context, reason: failure.reason, retryInMs: delay }, "mail delivery failed; will retry");
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      let job: ClaimedJob | undefined;
      try {
        job = await repo.claim(owner, settings.leaseMs);
      } catch (error) {
        logger.error({ err: errorMessage(error) }, "mail outbox claim failed");
      }
      if (job) {
        try {
          await deliver(job);
        } catch (error) {
          // Recording the outcome failed (database gone?): the lease expires and the job is tried again.
          logger.error({ jobId: job.id, err: errorMessage(error) }, "mail outbox update failed");
        }
        continue;
      }
      if (logHoldsWipedLink) {
        try {
          await emptyLog();
        } catch (error) {
          logger.error({ err: errorMessage(error) }, "emptying the database log failed");
        }
      }
      if (!stopping) await pause(settings.pollMs);
    }
  }

  return {
    owner,
    start(): void {
      running ??= loop();
    },
    /** Looks for due jobs now instead of at the next poll. */
    wake(): void {
      wake?.();
    },
    async stop(): Promise<void> {
      stopping = true;
      wake?.();
      await running;
      transport.close?.();
    },
  };
}
