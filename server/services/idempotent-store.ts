import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

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
