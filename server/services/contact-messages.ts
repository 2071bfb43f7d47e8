import type { ContactSubmission } from "#core/schemas/contact";
import { newId } from "../db/ids";
import { formatMailTime, type OutboxPayload } from "../mail/messages";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";

export interface ContactServiceDeps {
  store: SubmissionStore;
  timeZone: string;
  wakeMailer(): void;
}

/** Contact messages: each stored with its mail in one transaction; a repeated submission key stores nothing new. */
export function contactService({ store, timeZone, wakeMailer }: ContactServiceDeps) {
  return {
    async submit(submission: ContactSubmission, clientIp: string, now = new Date()): Promise<SubmissionResult> {
      const payload: OutboxPayload = {
        kind: "contact",
        replyTo: { name: submission.name, address: submission.email },
        params: { name: submission.name, email: submission.email, time: formatMailTime(now, timeZone), message: submission.message },
      };
      const result = await store({
        table: "contact_messages",
        submissionKey: submission.submissionKey,
        clientIp,
        async insert(trx, admit) {
          const stored = await trx.contactMessages.create({
            id: newId(),
            name: submission.name,
            email: submission.email,
            message: submission.message,
            submission_key: submission.submissionKey ?? null,
            created_at: now.toISOString(),
          });
          if (!stored.created) return stored.id;
          await admit(trx);
          await trx.mailOutbox.enqueue("contact", payload, now);
          return stored.id;
        },
      });
      if (result.ok) wakeMailer();
      return result;
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
