import type { Kysely } from "kysely";
import type { Database, NewApplication, NewContactMessage } from "#server/db/schema.ts";

/**
 * Stores a visitor's submission in `table` unless one with the same submission key exists. Returns the id of the
 * stored row and whether this call created it (false: a retry of a submission already stored).
 */
export async function insertOnce(
  db: Kysely<Database>,
  table: "applications" | "contactMessages",
  row: NewApplication | NewContactMessage,
): Promise<{ id: string; created: boolean }> {
  const inserted = await db
    .insertInto(table)
    .values(row)
    .onConflict((oc) => oc.column("submissionKey").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  // Nothing inserted: a row already holds this key (an earlier copy, or a concurrent one that committed first).
  const stored = await db
    .selectFrom(table)
    .select("id")
    .where("submissionKey", "=", row.submissionKey ?? null)
    .executeTakeFirstOrThrow();
  return { id: stored.id, created: false };
}
