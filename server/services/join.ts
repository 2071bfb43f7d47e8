import type { Kysely } from "kysely";
import type { JoinSubmission } from "../../app/schemas/join";
import { newId } from "../db/ids";
import type { Database } from "../db/schema";
import { formatMailTime, type OutboxPayload } from "../mail/messages";
import { type Answer, applicationsRepo, serializeAnswers } from "../repos/applications";
import { mailOutboxRepo } from "../repos/mail-outbox";
import { type SubmissionGate, store } from "./idempotent-store";

export interface JoinServiceDeps {
  db: Kysely<Database>;
  publicUrl: string;
  timeZone: string;
  /** The six question texts (content/site.ts `joinQuestions`). */
  questions: readonly string[];
  /** Runs in the transaction that stores a new application (not one sent again), e.g. to count it against a limit; throws to refuse it. */
  admit?: SubmissionGate;
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

/**
 * Stores a join application and its notification in one transaction: both rows or neither. A submission
 * whose key is already stored (a double click, a retried request) stores nothing new and mails nothing.
 */
export async function submitJoinApplication(deps: JoinServiceDeps, submission: JoinSubmission, now: Date = new Date()): Promise<{ id: string; created: boolean }> {
  // Two copies of one submission at the same moment: both find no row, one insert wins, the other hits
  // the unique key and rolls back; that one then reports the winner's row.
  return store(deps.db, "applications", submission.submissionKey, () => insert(deps, submission, now));
}

function insert(deps: JoinServiceDeps, submission: JoinSubmission, now: Date): Promise<{ id: string; created: boolean }> {
  return deps.db.transaction().execute(async (trx) => {
    const stored = await applicationsRepo(trx).create(
      {
        id: newId(),
        fullname: submission.fullname,
        class: submission.class,
        department: submission.department,
        sargodha_address: submission.sargodhaAddress,
        permanent_address: submission.permanentAddress,
        email: submission.email,
        phone: submission.phone,
        blood_group: submission.bloodGroup === "" ? null : submission.bloodGroup,
        answers: serializeAnswers(joinAnswers(submission, deps.questions)),
        submission_key: submission.submissionKey,
        created_at: now.toISOString(),
      },
      trx,
    );
    if (!stored.created) return stored;
    await deps.admit?.(trx);
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
        time: formatMailTime(now, deps.timeZone),
        website_link: `${deps.publicUrl}/admin`,
      },
    };
    await mailOutboxRepo(trx).enqueue("join", payload, trx, now);
    return stored;
  });
}
