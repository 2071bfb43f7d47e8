import type { ExpressionBuilder, Kysely, Selectable } from "kysely";
import type { ContactMessagesTable, Database, NewContactMessage } from "#server/db/schema.ts";
import { contains } from "./contains";
import { countRows } from "./count-rows";
import { insertOnce } from "./insert-once";

/** A contact message as the admin reads it. */
export type ContactMessage = Omit<Selectable<ContactMessagesTable>, "submissionKey">;

/** Which messages a list holds: text found in the sender's name or email, or in the message. */
export interface ContactMessageMatch {
  text?: string;
}

const SEARCHED_COLUMNS = ["name", "email", "message"] as const;

function matching({ text }: ContactMessageMatch) {
  return (eb: ExpressionBuilder<Database, "contactMessages">) =>
    eb.and(text ? [eb.or(SEARCHED_COLUMNS.map((column) => contains(column, text, { lower: true })))] : []);
}

const toContactMessage = ({ submissionKey: _, ...message }: Selectable<ContactMessagesTable>): ContactMessage => message;

export function contactMessagesRepo(db: Kysely<Database>) {
  return {
    /** Stores the message unless one with the same submission key exists (see insertOnce). */
    create: (message: NewContactMessage) => insertOnce(db, "contactMessages", message),

    /**
     * The messages that match, newest first (UUIDv7 ids break ties between equal timestamps in creation order): `limit`
     * of them from `offset`, or all.
     */
    async listNewestFirst(match: ContactMessageMatch = {}, page?: { offset: number; limit: number }): Promise<ContactMessage[]> {
      let query = db.selectFrom("contactMessages").selectAll().where(matching(match)).orderBy("createdAt", "desc").orderBy("id", "desc");
      if (page) query = query.limit(page.limit).offset(page.offset);
      return (await query.execute()).map(toContactMessage);
    },

    async count(match: ContactMessageMatch = {}): Promise<number> {
      return countRows(db.selectFrom("contactMessages").where(matching(match)));
    },

    async countUnread(): Promise<number> {
      return countRows(db.selectFrom("contactMessages").where("readAt", "is", null));
    },

    /** Marks the message read at `at` unless it was read before (the first time stays); false when there is no such message. */
    async markRead(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable("contactMessages")
        .set((eb) => ({ readAt: eb.fn.coalesce("readAt", eb.val(at)) }))
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the messages; returns the ids that were there. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.deleteFrom("contactMessages").where("id", "in", ids).returning("id").execute();
      return rows.map((row) => row.id);
    },
  };
}
