import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { newId } from "../db/ids";
import type { OutboxPayload } from "../mail/messages";
import { CONFIRMATION_LIMIT, submissionStore } from "./public-submissions";

const notification: OutboxPayload = {
  kind: "contact",
  replyTo: { name: "Sara", address: "sara@example.org" },
  params: { name: "Sara", email: "sara@example.org", time: "now", message: "Hello" },
};
const confirmation: OutboxPayload = {
  kind: "confirmation",
  to: { name: "Sara", address: "sara@example.org" },
  society: "SMS",
  subject: "Received",
  text: "Thank you.",
};

describe.each(testEngines())("a submission's mails on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("the confirmation is queued with the notification until the site's hourly confirmations are used up", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const store = submissionStore({ db: database.db, logger, wakeMailer: () => undefined });
    const now = new Date("2026-11-29T10:00:00.000Z");
    // The hour's confirmations but one are already sent.
    await database.db
      .insertInto("rate_limits")
      .values({
        key: CONFIRMATION_LIMIT.key,
        count: CONFIRMATION_LIMIT.limit - 1,
        window_started_at: now.toISOString(),
        reset_at: new Date(now.getTime() + CONFIRMATION_LIMIT.windowMs).toISOString(),
      })
      .execute();
    const submit = async (clientIp: string) => {
      const id = newId();
      const stored = await store({
        form: "contact",
        clientIp,
        insert: async () => ({ id, created: true, confirmation }),
        mail: notification,
        now,
      });
      expect(stored).toEqual({ ok: true, id });
      const kinds = await database.db.selectFrom("mail_outbox").select("kind").where("record_id", "=", id).orderBy("kind").execute();
      return kinds.map((row) => row.kind);
    };
    expect(await submit("198.51.100.1")).toEqual(["confirmation", "contact"]);
    expect(await submit("198.51.100.2")).toEqual(["contact"]);
    expect(await submit("198.51.100.3")).toEqual(["contact"]);
    const events = lines
      .map((line) => JSON.parse(line) as { event?: string })
      .filter((line) => line.event === "confirmation.limit-reached");
    expect(events).toHaveLength(1);
  });
});
