import type { Kysely } from "kysely";
import type { Database, NewContactMessage } from "../db/schema";

export function contactMessagesRepo(db: Kysely<Database>) {
  return {
    /**
     * Stores the message unless one with the same submission key exists. Returns the id of the stored row
     * and whether this call created it (false: a retry of a message already stored).
     */
    async create(message: NewContactMessage): Promise<{ id: string; created: boolean }> {
      const inserted = await db
        .insertInto("contact_messages")
        .values(message)
        .onConflict((oc) => oc.column("submission_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      // Nothing inserted: a row already holds this key (an earlier copy, or a concurrent one that committed first).
      const stored = await db
        .selectFrom("contact_messages")
        .select("id")
        .where("submission_key", "=", message.submission_key ?? null)
        .executeTakeFirstOrThrow();
      return { id: stored.id, created: false };
    },
  };
}
