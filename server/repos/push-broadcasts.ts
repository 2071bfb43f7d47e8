import type { Kysely, Selectable } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database, PushBroadcastState, PushBroadcastsTable } from "#server/db/schema.ts";

export type PushBroadcast = Selectable<PushBroadcastsTable>;

/** What the announcement's save asks: push it (when it is due, `dueAt`: its publish time, null for a draft) or not. */
export interface BroadcastPlan {
  send: boolean;
  dueAt: string | null;
}

const toBroadcast = (row: PushBroadcast): PushBroadcast => ({
  ...row,
  recipients: row.recipients === null ? null : Number(row.recipients),
});

/**
 * Announcements' push notifications, one per announcement at most. Each change of state is conditional on the state it
 * leaves, so a save that cancels and a worker that fans out at the same moment cannot both win.
 */
export function pushBroadcastsRepo(db: Kysely<Database>) {
  const forAnnouncement = async (announcementId: string): Promise<PushBroadcast | undefined> => {
    const row = await db.selectFrom("pushBroadcasts").selectAll().where("announcementId", "=", announcementId).executeTakeFirst();
    return row && toBroadcast(row);
  };

  return {
    forAnnouncement,

    /**
     * In the announcement's save: ticked, a broadcast not sent yet is pending, due at `dueAt` (a new one, one moved to
     * the new publish time, or one cancelled before and asked for again); unticked, a pending one is cancelled. One
     * already fanned out stays as it is: an announcement is pushed once. Answers the broadcast's state now.
     */
    async plan(announcementId: string, { send, dueAt }: BroadcastPlan, at: string): Promise<PushBroadcastState | undefined> {
      const current = await forAnnouncement(announcementId);
      if (current?.state === "fanned-out") return current.state;
      if (send && !current) {
        await db
          .insertInto("pushBroadcasts")
          .values({ id: newId(), announcementId, state: "pending", dueAt, createdAt: at, fannedOutAt: null, recipients: null })
          .execute();
        return "pending";
      }
      if (!current || (!send && current.state !== "pending")) return current?.state;
      await db
        .updateTable("pushBroadcasts")
        .set(send ? { state: "pending", dueAt } : { state: "cancelled" })
        .where("id", "=", current.id)
        .where("state", "!=", "fanned-out")
        .execute();
      return (await forAnnouncement(announcementId))?.state;
    },

    /** Every announcement's broadcast, by announcement id (the admin's list says which were notified, and when). */
    async byAnnouncement(): Promise<Map<string, PushBroadcast>> {
      const rows = await db.selectFrom("pushBroadcasts").selectAll().execute();
      return new Map(rows.map((row) => [row.announcementId, toBroadcast(row)]));
    },

    /** Up to `limit` pending broadcasts due by `at`, the earliest first. */
    due(at: string, limit: number): Promise<Pick<PushBroadcast, "id" | "announcementId">[]> {
      return db
        .selectFrom("pushBroadcasts")
        .select(["id", "announcementId"])
        .where("state", "=", "pending")
        .where("dueAt", "<=", at)
        .orderBy("dueAt")
        .orderBy("id")
        .limit(limit)
        .execute();
    },

    /** Takes a pending broadcast due by `at` for fanning out; false when it is not (another process took it, or it moved). */
    async markFannedOut(id: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable("pushBroadcasts")
        .set({ state: "fanned-out", fannedOutAt: at })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .where("dueAt", "<=", at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setRecipients(id: string, recipients: number): Promise<void> {
      await db.updateTable("pushBroadcasts").set({ recipients }).where("id", "=", id).execute();
    },

    /** Gives up a pending broadcast (its announcement is no longer live); false when it was not pending. */
    async cancel(id: string): Promise<boolean> {
      const result = await db
        .updateTable("pushBroadcasts")
        .set({ state: "cancelled" })
        .where("id", "=", id)
        .where("state", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Moves a pending broadcast to `dueAt` (its announcement's publish time, later than thought). */
    async postpone(id: string, dueAt: string | null): Promise<void> {
      await db.updateTable("pushBroadcasts").set({ dueAt }).where("id", "=", id).where("state", "=", "pending").execute();
    },
  };
}
