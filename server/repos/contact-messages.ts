import type { Kysely } from "kysely";
import type { Database, NewContactMessage } from "../db/schema";

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

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

    async listNewestFirst(): Promise<ContactMessage[]> {
      const rows = await db.selectFrom("contact_messages").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
      return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, message: r.message, createdAt: r.created_at }));
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom("contact_messages")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    },
  };
}

export type ContactMessagesRepo = ReturnType<typeof contactMessagesRepo>;
