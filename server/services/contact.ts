import type { Kysely } from "kysely";
import type { ContactSubmission } from "../../app/schemas/contact";
import { newId } from "../db/ids";
import type { Database } from "../db/schema";
import { formatMailTime, type OutboxPayload } from "../mail/messages";
import { contactMessagesRepo } from "../repos/contact-messages";
import { mailOutboxRepo } from "../repos/mail-outbox";
import { type SubmissionGate, store } from "./idempotent-store";

export interface ContactServiceDeps {
  db: Kysely<Database>;
  timeZone: string;
  /** Runs in the transaction that stores a new message (not one sent again), e.g. to count it against a limit; throws to refuse it. */
  admit?: SubmissionGate;
}

/** Stores a contact message and its mail in one transaction; a repeated submission key stores nothing new. */
export async function submitContactMessage(deps: ContactServiceDeps, submission: ContactSubmission, now: Date = new Date()): Promise<{ id: string; created: boolean }> {
  return store(deps.db, "contact_messages", submission.submissionKey, () => insert(deps, submission, now));
}

function insert(deps: ContactServiceDeps, submission: ContactSubmission, now: Date): Promise<{ id: string; created: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const stored = await contactMessagesRepo(trx).create(
      {
        id: newId(),
        name: submission.name,
        email: submission.email,
        message: submission.message,
        submission_key: submission.submissionKey ?? null,
        created_at: now.toISOString(),
      },
      trx,
    );
    if (!stored.created) return stored;
    await deps.admit?.(trx);
    const payload: OutboxPayload = {
      kind: "contact",
      replyTo: { name: submission.name, address: submission.email },
      params: { name: submission.name, email: submission.email, time: formatMailTime(now, deps.timeZone), message: submission.message },
    };
    await mailOutboxRepo(trx).enqueue("contact", payload, trx, now);
    return stored;
  });
}
