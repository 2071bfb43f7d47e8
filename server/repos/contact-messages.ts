import type { Kysely } from "kysely";
import type { Database, NewContactMessage } from "../db/schema";

export function contactMessagesRepo(db: Kysely<Database>) {
  return {
    /**
     * Stores the message unless one with the same submission key exists. Returns the id of the stored row
     * and whether this call created it (false: a retry of a message already stored).
     */
    async create(message: NewContactMessage): Promise<{ id: string; created: boolean }> {
      if (message.submission_key) {
        const existing = await db
          .selectFrom("contact_messages")
          .select("id")
          .where("submission_key", "=", message.submission_key)
          .executeTakeFirst();
        if (existing) return { id: existing.id, created: false };
      }
      await db.insertInto("contact_messages").values(message).execute();
      return { id: message.id, created: true };
    },
  };
}
