import type { JoinSubmission } from "#core/schemas/join";
import type { Kysely } from "kysely";
import { isRecordId, newId } from "../db/ids";
import type { Database } from "../db/schema";
import { formatMailTime } from "../mail/messages";
import { createRepos, inTransaction } from "../repos";
import { type Answer, serializeAnswers } from "../repos/applications";
import type { SubmissionResult, SubmissionStore } from "./public-submissions";

export interface ApplicationServiceDeps {
  db: Kysely<Database>;
  store: SubmissionStore;
  publicUrl: string;
  /** The time zone of the time written in the notification mail. */
  timeZone: string;
  /** The six question texts, as the site's content has them now. */
  questions(): Promise<readonly string[]>;
}

/** A second application from one email within this time is taken and marked as a possible duplicate. */
const DUPLICATE_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The answers as the spec stores them: {question, answer} in order, the two lists (already cleaned by the schema) joined by ", ". */
function joinAnswers(submission: JoinSubmission, questions: readonly string[]): Answer[] {
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
export function applicationService({ db, store, publicUrl, timeZone, questions }: ApplicationServiceDeps) {
  const repos = createRepos(db);
  return {
    /** Stores an application with its notification (see submissionStore); refused while Join Us is hidden. */
    async submit(
      submission: JoinSubmission,
      clientIp: string,
      now = new Date(),
    ): Promise<SubmissionResult | { ok: false; reason: "closed" }> {
      if (!(await repos.settings.get()).joinUsVisible) return { ok: false, reason: "closed" };
      const { fullname: name, email, phone, department, sargodhaAddress, permanentAddress, submissionKey } = submission;
      const bloodGroup = submission.bloodGroup === "" ? null : submission.bloodGroup;
      const row = {
        id: newId(),
        fullname: name,
        class: submission.class,
        department,
        sargodha_address: sargodhaAddress,
        permanent_address: permanentAddress,
        email,
        phone,
        blood_group: bloodGroup,
        answers: serializeAnswers(joinAnswers(submission, await questions())),
        submission_key: submissionKey,
        created_at: now.toISOString(),
      };
      const params = { name, email, phone, class: submission.class, department, sargodhaAddress, permanentAddress };
      const duplicateSince = new Date(now.getTime() - DUPLICATE_WINDOW_MS);
      return store({
        clientIp,
        limitedEmail: email,
        insert: async (repos) =>
          repos.applications.create({ ...row, possible_duplicate: (await repos.applications.appliedSince(email, duplicateSince)) ? 1 : 0 }),
        mail: {
          kind: "join",
          replyTo: { name, address: email },
          params: { ...params, bloodGroup: bloodGroup ?? "N/A", time: formatMailTime(now, timeZone), website_link: `${publicUrl}/admin` },
        },
        now,
      });
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
