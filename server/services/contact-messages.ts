import type { ContactSubmission } from "#core/schemas/contact";
import { newId } from "../db/ids";
import { formatSiteTime } from "../site-time";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";

/** Contact messages: each stored with its mail (see submissionStore). */
export function contactService({ store, timeZone }: { store: SubmissionStore; timeZone: string }) {
  return {
    submit(submission: ContactSubmission, clientIp: string, now = new Date()): Promise<SubmissionResult> {
      const { name, email, message, submissionKey } = submission;
      const row = { id: newId(), name, email, message, submission_key: submissionKey ?? null, created_at: now.toISOString() };
      return store({
        clientIp,
        insert: (repos) => repos.contactMessages.create(row),
        mail: { kind: "contact", replyTo: { name, address: email }, params: { name, email, time: formatSiteTime(now, timeZone), message } },
        now,
      });
    },
  };
}
