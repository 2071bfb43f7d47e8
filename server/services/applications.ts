import type { JoinSubmission } from "#core/schemas/join";
import type { Kysely } from "kysely";
import { isRecordId, newId } from "../db/ids";
import type { Database } from "../db/schema";
import { formatMailTime, type OutboxPayload } from "../mail/messages";
import { createRepos, inTransaction } from "../repos";
import { type Answer, serializeAnswers } from "../repos/applications";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";

export interface ApplicationServiceDeps {
  db: Kysely<Database>;
  store: SubmissionStore;
  publicUrl: string;
  /** The time zone of the time written in the notification mail. */
  timeZone: string;
  /** The six question texts (content/site.ts `joinQuestions`). */
  questions: readonly string[];
  /** Nudges the mail worker once a notification is queued. */
  wakeMailer(): void;
}

/** The answers as the spec stores them: {question, answer} in order, the two lists (already cleaned by the schema) joined by ", ". */
export function joinAnswers(submission: JoinSubmission, questions: readonly string[]): Answer[] {
  const answers = [
    submission.question1,
    submission.question2,
    submission.question3,
    submission.question4,
    submission.question5.join(", "),
    submission.question6.join(", "),
  ];
  return answers.map((answer, i) => ({ question: questions[i] ?? `Question ${i + 1}`, answer }));
}

/** Join applications: stored with their notification mail, listed for the admin, deleted by the admin. */
export function applicationService({ db, store, publicUrl, timeZone, questions, wakeMailer }: ApplicationServiceDeps) {
  const repos = createRepos(db);
  return {
    /**
     * Stores an application (refused while Join Us is hidden) and its notification in one transaction: both rows or neither. A submission whose key is
     * already stored (a double click, a retried request) stores nothing new and mails nothing.
     */
    async submit(
      submission: JoinSubmission,
      clientIp: string,
      now = new Date(),
    ): Promise<SubmissionResult | { ok: false; reason: "closed" }> {
      // Applications are refused while Join Us is hidden.
      if (!(await repos.settings.get()).joinUsVisible) return { ok: false, reason: "closed" };
      const payload: OutboxPayload = {
        kind: "join",
        replyTo: { name: submission.fullname, address: submission.email },
        params: {
          name: submission.fullname,
          email: submission.email,
          phone: submission.phone,
          class: submission.class,
          department: submission.department,
          sargodhaAddress: submission.sargodhaAddress,
          permanentAddress: submission.permanentAddress,
          bloodGroup: submission.bloodGroup === "" ? "N/A" : submission.bloodGroup,
          time: formatMailTime(now, timeZone),
          website_link: `${publicUrl}/admin`,
        },
      };
      const result = await store({
        table: "applications",
        submissionKey: submission.submissionKey,
        clientIp,
        async insert(trx, admit) {
          const stored = await trx.applications.create({
            id: newId(),
            fullname: submission.fullname,
            class: submission.class,
            department: submission.department,
            sargodha_address: submission.sargodhaAddress,
            permanent_address: submission.permanentAddress,
            email: submission.email,
            phone: submission.phone,
            blood_group: submission.bloodGroup === "" ? null : submission.bloodGroup,
            answers: serializeAnswers(joinAnswers(submission, questions)),
            submission_key: submission.submissionKey,
            created_at: now.toISOString(),
          });
          if (!stored.created) return stored.id;
          await admit(trx);
          await trx.mailOutbox.enqueue("join", payload, now);
          return stored.id;
        },
      });
      if (result.ok) wakeMailer();
      return result;
    },

    listNewestFirst: () => repos.applications.listNewestFirst(),

    /** Deletes an application with its audit entry (ids only); false when there was none with this id. */
    delete: async (id: string, actorId: string): Promise<boolean> =>
      isRecordId(id) &&
      inTransaction(db, async (trx) => {
        const deleted = await trx.applications.delete(id);
        if (deleted) await trx.auditLog.record(actorId, "application.delete", `application=${id}`);
        return deleted;
      }),
  };
}

export type ApplicationService = ReturnType<typeof applicationService>;
