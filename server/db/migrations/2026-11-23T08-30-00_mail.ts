import type { Kysely } from "kysely";

// The mail outbox (docs/decisions/008-mail-outbox.md) and stored contact messages. A join application or
// contact message is written in the same transaction as its outbox row; a worker delivers the outbox.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "join" or "contact": which message and template.
    .addColumn("kind", "text", (c) => c.notNull())
    // JSON: the template parameters and the Reply-To address the message is rendered from.
    .addColumn("payload", "text", (c) => c.notNull())
    // waiting | sending | sent | dead
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "text")
    // An error class such as "SMTP 451" or "ECONNREFUSED"; never personal data.
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema.createIndex("mail_outbox_status_next").on("mail_outbox").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("submission_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contact_messages_created_at").on("contact_messages").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute();
  await db.schema.dropTable("mail_outbox").execute();
}
