import type { Kysely } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { countRows } from "./count-rows";

/** A browser's push subscription as the Push API gives it: where to post, and the keys to encrypt for. */
export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Subscriptions deleted per statement by the retention sweep (each id is a bound parameter). */
export const SWEEP_BATCH = 500;

/** The browsers subscribed to announcements' push notifications: an endpoint and its keys each, nothing else. */
export function pushSubscriptionsRepo(db: Kysely<Database>) {
  return {
    /** Stores the subscription, or refreshes the one with its endpoint (its keys as now given). */
    async upsert({ endpoint, keys }: PushSubscriptionKeys, at: string): Promise<void> {
      await db
        .insertInto("pushSubscriptions")
        .values({ id: newId(), endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: at, refreshedAt: at })
        .onConflict((conflict) => conflict.column("endpoint").doUpdateSet({ p256dh: keys.p256dh, auth: keys.auth, refreshedAt: at }))
        .execute();
    },

    /** Deletes the subscription of this endpoint, with its pushes still to send; whether there was one. */
    async deleteByEndpoint(endpoint: string): Promise<boolean> {
      const result = await db.deleteFrom("pushSubscriptions").where("endpoint", "=", endpoint).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes a subscription its push service called gone, with its pushes still to send. */
    async delete(id: string): Promise<void> {
      await db.deleteFrom("pushSubscriptions").where("id", "=", id).execute();
    },

    /** Deletes every subscription (the VAPID keys they were made for are gone); how many there were. */
    async deleteAll(): Promise<number> {
      const result = await db.deleteFrom("pushSubscriptions").executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes up to SWEEP_BATCH subscriptions not refreshed since `before` (ISO); how many went. */
    async deleteNotRefreshedSince(before: string): Promise<number> {
      const result = await db
        .deleteFrom("pushSubscriptions")
        .where("id", "in", (eb) => eb.selectFrom("pushSubscriptions").select("id").where("refreshedAt", "<", before).limit(SWEEP_BATCH))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async count(): Promise<number> {
      return countRows(db.selectFrom("pushSubscriptions"));
    },
  };
}
