import { type ExpressionBuilder, type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { withUnsyncedCommits } from "#server/db/unsynced-commits.ts";

/** A push this process holds the lease of, with where it goes; `attempts` already counts the attempt about to be made. */
export interface ClaimedPush {
  id: string;
  broadcastId: string;
  announcementId: string;
  subscriptionId: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  attempts: number;
}

const due = (at: string) => (eb: ExpressionBuilder<Database, "pushDeliveries">) =>
  eb.and([eb("nextAttemptAt", "<=", at), eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<=", at)])]);

/**
 * The push outbox: one row per broadcast and subscription, deleted once sent or given up (nothing is kept: a sent push
 * is no record of anyone). Every change after the claim is conditional on the lease owner, so a process whose lease ran
 * out (and whose pushes another process took over) cannot undo the newer outcome. Claims and outcomes commit without
 * waiting for the disk, as the mail outbox's do: one lost in a power cut means a push goes again, never that one is lost.
 */
export function pushDeliveriesRepo(db: Kysely<Database>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Ends a claimed push (sent, or given up): its row goes. False when the lease passed to another process meanwhile. */
  const remove = async (id: string, owner: string): Promise<boolean> => {
    const result = await withUnsyncedCommits(db, (connection) =>
      connection.deleteFrom("pushDeliveries").where("id", "=", id).where("leaseOwner", "=", owner).executeTakeFirst(),
    );
    return Number(result.numDeletedRows) === 1;
  };

  return {
    /**
     * One push of the broadcast per subscription there is now, due at `at`: one INSERT … SELECT, however many subscribers.
     * Answers how many were queued.
     */
    async fanOut(broadcastId: string, at: string): Promise<number> {
      const result = await db
        .insertInto("pushDeliveries")
        .columns(["id", "broadcastId", "subscriptionId", "nextAttemptAt"])
        .expression((eb) =>
          eb
            .selectFrom("pushSubscriptions")
            .select((subscription) => [
              sql<string>`cast(${broadcastId} as text) || ':' || ${subscription.ref("pushSubscriptions.id")}`.as("id"),
              sql<string>`cast(${broadcastId} as text)`.as("broadcastId"),
              "pushSubscriptions.id as subscriptionId",
              sql<string>`cast(${at} as text)`.as("nextAttemptAt"),
            ]),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /**
     * Takes up to `limit` due pushes (waiting and due, or held under an expired lease: their process died) under one lease.
     * One conditional UPDATE, which both engines run atomically per row: of two processes racing for a push, exactly one
     * takes it (on PostgreSQL each skips the rows the other is taking, so both find work).
     */
    claim(owner: string, leaseMs: number, limit: number, now: Date = new Date()): Promise<ClaimedPush[]> {
      const at = now.toISOString();
      return withUnsyncedCommits(db, async (connection) => {
        const taken = await connection
          .updateTable("pushDeliveries")
          .set((eb) => ({
            leaseOwner: owner,
            leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
            attempts: eb("attempts", "+", 1),
          }))
          .where("id", "in", (eb) =>
            eb
              .selectFrom("pushDeliveries")
              .select("id")
              .where(due(at))
              .orderBy("nextAttemptAt")
              .orderBy("id")
              .limit(limit)
              .$if(postgres, (query) => query.forUpdate().skipLocked()),
          )
          .where(due(at))
          .returning("id")
          .execute();
        if (taken.length === 0) return [];
        const rows = await connection
          .selectFrom("pushDeliveries")
          .innerJoin("pushSubscriptions", "pushSubscriptions.id", "pushDeliveries.subscriptionId")
          .innerJoin("pushBroadcasts", "pushBroadcasts.id", "pushDeliveries.broadcastId")
          .select([
            "pushDeliveries.id as id",
            "pushDeliveries.broadcastId as broadcastId",
            "pushBroadcasts.announcementId as announcementId",
            "pushDeliveries.subscriptionId as subscriptionId",
            "pushSubscriptions.endpoint as endpoint",
            "pushSubscriptions.p256dh as p256dh",
            "pushSubscriptions.auth as auth",
            "pushDeliveries.attempts as attempts",
          ])
          .where(
            "pushDeliveries.id",
            "in",
            taken.map((row) => row.id),
          )
          .where("pushDeliveries.leaseOwner", "=", owner)
          .orderBy("pushDeliveries.nextAttemptAt")
          .orderBy("pushDeliveries.id")
          .execute();
        return rows.map(({ p256dh, auth, attempts, ...row }) => ({ ...row, keys: { p256dh, auth }, attempts: Number(attempts) }));
      });
    },

    /** Sent: the row goes. */
    sent: remove,

    /** Given up (a permanent refusal, or out of attempts): the row goes. */
    giveUp: remove,

    /** A transient failure: waits until `nextAttemptAt`. */
    async retry(id: string, owner: string, error: string, nextAttemptAt: Date): Promise<boolean> {
      const result = await withUnsyncedCommits(db, (connection) =>
        connection
          .updateTable("pushDeliveries")
          .set({ leaseOwner: null, leaseUntil: null, nextAttemptAt: nextAttemptAt.toISOString(), lastError: error })
          .where("id", "=", id)
          .where("leaseOwner", "=", owner)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) === 1;
    },

    /** Gives back claimed pushes not attempted (the worker is stopping): due again at once, the attempt not counted. */
    async release(ids: readonly string[], owner: string): Promise<void> {
      if (ids.length === 0) return;
      await withUnsyncedCommits(db, (connection) =>
        connection
          .updateTable("pushDeliveries")
          .set((eb) => ({ leaseOwner: null, leaseUntil: null, attempts: eb("attempts", "-", 1) }))
          .where("id", "in", ids)
          .where("leaseOwner", "=", owner)
          .execute(),
      );
    },

    /** Gives up every push of a broadcast still to send (its announcement is no longer live); how many went. */
    async deleteForBroadcast(broadcastId: string): Promise<number> {
      const result = await db.deleteFrom("pushDeliveries").where("broadcastId", "=", broadcastId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
