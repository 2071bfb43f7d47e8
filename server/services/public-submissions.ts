import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import type { OutboxPayload } from "../mail/messages";
import { inTransaction, type Repos } from "../repos";
import { logSecurityEvent } from "../security-log";

/** Per client address: 5 join applications, and 5 contact messages, per 10 minutes. */
const PUBLIC_FORM_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

/** What storing a visitor's submission came to. A submission sent again (same key) is `ok` with the first one's id. */
export type SubmissionResult = { ok: true; id: string } | { ok: false; reason: "limit-reached"; retryAfterSeconds: number };

class LimitReached extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("form limit reached");
  }
}

interface Submission {
  clientIp: string;
  /** Writes the row unless its submission key is already stored; says which row holds the submission. */
  insert(repos: Repos): Promise<{ id: string; created: boolean }>;
  /** The notification mail of a new submission. */
  mail: OutboxPayload;
  now: Date;
}

/**
 * Stores a visitor's submission exactly once per submission key, in one transaction with its notification mail and
 * its count against the client address: count and submission reach the disk together (one synchronous write), and a
 * refused or failed submission rolls its count back. A submission whose key is already stored (a double click, a
 * retried request) counts, stores and mails nothing new. The counter key holds a hash, never the address.
 */
export function submissionStore({ db, logger, wakeMailer }: { db: Kysely<Database>; logger: Logger; wakeMailer(): void }) {
  return async function store({ clientIp, insert, mail, now }: Submission): Promise<SubmissionResult> {
    const form = mail.kind;
    const limitKey = `${form}:ip:${crypto.createHash("sha256").update(clientIp).digest("hex")}`;
    try {
      const stored = await inTransaction(db, async (repos) => {
        const row = await insert(repos);
        if (!row.created) return row;
        const count = await repos.rateLimits.hit(limitKey, PUBLIC_FORM_LIMIT.limit, PUBLIC_FORM_LIMIT.windowMs);
        if (!count.allowed) throw new LimitReached(count.retryAfterSeconds);
        // Logged once per address and window (its last submission), not per refused attempt.
        if (count.remaining === 0)
          logSecurityEvent(logger, "form.limit-reached", { form, windowSeconds: PUBLIC_FORM_LIMIT.windowMs / 1000 });
        await repos.mailOutbox.enqueue(form, mail, now);
        return row;
      });
      if (stored.created) wakeMailer();
      return { ok: true, id: stored.id };
    } catch (error) {
      if (error instanceof LimitReached) return { ok: false, reason: "limit-reached", retryAfterSeconds: error.retryAfterSeconds };
      throw error;
    }
  };
}

export type SubmissionStore = ReturnType<typeof submissionStore>;
