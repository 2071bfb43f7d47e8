import crypto from "node:crypto";
import { type Kysely, sql } from "kysely";

/** A single-use link as account mails carried it in their text, before it was kept apart. */
const ACCOUNT_LINK = /\S+\/admin\/(?:invitation|reset-password)\?token=([A-Za-z0-9_-]{43})/;

/**
 * An invitation's or password reset's link no longer sits in its mail's payload (docs/decisions/026): the link,
 * token included, moves to `secret_link`, which the worker sends and then wipes, and `admin_link_id` names the link
 * so the `log` transport's file of it goes when the link ends. Mails queued before keep their text around the link;
 * those already sent or given up on lose the link at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("mail_outbox").addColumn("secret_link", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("admin_link_id", "text").execute();
  await db.schema.createIndex("mail_outbox_admin_link_id").on("mail_outbox").column("admin_link_id").execute();

  const { rows } = await sql<{ id: string; payload: string; status: string }>`
    select id, payload, status from mail_outbox where kind = 'account'`.execute(db);
  for (const row of rows) {
    const { text, ...rest } = JSON.parse(row.payload) as { text?: unknown };
    if (typeof text !== "string") continue;
    const found = ACCOUNT_LINK.exec(text);
    const before = found ? text.slice(0, found.index).replace(/\n$/, "") : text;
    const after = found ? text.slice(found.index + found[0].length).replace(/^\n/, "") : "";
    const unsent = row.status === "waiting" || row.status === "sending";
    const tokenHash = found && crypto.createHash("sha256").update(found[1]!).digest("hex");
    const link = tokenHash
      ? (await sql<{ id: string }>`select id from admin_links where token_hash = ${tokenHash}`.execute(db)).rows[0]
      : undefined;
    await sql`
      update mail_outbox
      set payload = ${JSON.stringify({ ...rest, before, after })},
          secret_link = ${found && unsent ? found[0] : null},
          admin_link_id = ${link?.id ?? null}
      where id = ${row.id}`.execute(db);
  }
}

/** Back to the link inside the payload's text: mails already sent keep their text without it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; payload: string; secret_link: string | null }>`
    select id, payload, secret_link from mail_outbox where kind = 'account'`.execute(db);
  for (const row of rows) {
    const { before, after, ...rest } = JSON.parse(row.payload) as { before?: string; after?: string };
    const text = [before ?? "", ...(row.secret_link ? [row.secret_link] : []), after ?? ""].join("\n");
    await sql`update mail_outbox set payload = ${JSON.stringify({ ...rest, text })} where id = ${row.id}`.execute(db);
  }
  await db.schema.dropIndex("mail_outbox_admin_link_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("admin_link_id").execute();
  await db.schema.alterTable("mail_outbox").dropColumn("secret_link").execute();
}
