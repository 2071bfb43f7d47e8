import type { Kysely } from "kysely";

/**
 * Web push notifications of announcements. `push_subscriptions`: a browser's Push API subscription, its endpoint and
 * keys only (no personal data), with when the browser last posted it again; retention deletes those not refreshed in
 * the retention period. `push_broadcasts`: at most one per announcement, written with the announcement's save when
 * "Send notification" is ticked: `pending` until it is due (the publish time; null for a draft), then `fanned-out` (one
 * delivery made per subscriber) or `cancelled`. `push_deliveries`: one per broadcast and subscription (its id is the
 * two ids joined by ":"), the push outbox, each row deleted once sent or given up. The settings gain the VAPID key pair
 * made at the first start, its private key encrypted with the secrets key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("endpoint", "text", (column) => column.notNull().unique())
    .addColumn("p256dh", "text", (column) => column.notNull())
    .addColumn("auth", "text", (column) => column.notNull())
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("refreshed_at", "text", (column) => column.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_refreshed").on("push_subscriptions").column("refreshed_at").execute();

  await db.schema
    .createTable("push_broadcasts")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("announcement_id", "text", (column) => column.notNull().unique().references("announcements.id").onDelete("cascade"))
    .addColumn("state", "text", (column) => column.notNull())
    .addColumn("due_at", "text")
    .addColumn("created_at", "text", (column) => column.notNull())
    .addColumn("fanned_out_at", "text")
    .addColumn("recipients", "integer")
    .execute();
  await db.schema.createIndex("push_broadcasts_due").on("push_broadcasts").columns(["state", "due_at"]).execute();

  await db.schema
    .createTable("push_deliveries")
    .addColumn("id", "text", (column) => column.primaryKey())
    .addColumn("broadcast_id", "text", (column) => column.notNull().references("push_broadcasts.id").onDelete("cascade"))
    .addColumn("subscription_id", "text", (column) => column.notNull().references("push_subscriptions.id").onDelete("cascade"))
    .addColumn("attempts", "integer", (column) => column.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (column) => column.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_error", "text")
    .execute();
  await db.schema.createIndex("push_deliveries_due").on("push_deliveries").column("next_attempt_at").execute();
  await db.schema.createIndex("push_deliveries_broadcast").on("push_deliveries").column("broadcast_id").execute();
  await db.schema.createIndex("push_deliveries_subscription").on("push_deliveries").column("subscription_id").execute();

  await db.schema.alterTable("settings").addColumn("vapid_public_key", "text").execute();
  await db.schema.alterTable("settings").addColumn("vapid_private_key", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("vapid_private_key").execute();
  await db.schema.alterTable("settings").dropColumn("vapid_public_key").execute();
  await db.schema.dropTable("push_deliveries").execute();
  await db.schema.dropTable("push_broadcasts").execute();
  await db.schema.dropTable("push_subscriptions").execute();
}
