import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * A check run in the transaction that stores a new submission, on that transaction: its writes (a rate-limit count)
 * commit with the submission, in one disk write, and vanish with it when the submission is refused or fails.
 */
export type SubmissionGate = (trx: Kysely<Database>) => Promise<void>;

/**
 * Runs `insert` (a transaction that stores a row with this submission key, and its outbox row). When it
 * fails because a concurrent request with the same key committed first (the unique key refused the
 * second insert), the stored row is the answer: one submission, one row, one mail.
 */
export async function store(
  db: Kysely<Database>,
  table: "applications" | "contact_messages",
  submissionKey: string | undefined,
  insert: () => Promise<{ id: string; created: boolean }>,
): Promise<{ id: string; created: boolean }> {
  try {
    return await insert();
  } catch (error) {
    if (!submissionKey) throw error;
    const existing = await db.selectFrom(table).select("id").where("submission_key", "=", submissionKey).executeTakeFirst();
    if (existing) return { id: existing.id, created: false };
    throw error;
  }
}
