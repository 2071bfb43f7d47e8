import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import { CONFIRMATION_LIMIT, RECIPIENT_DAILY_LIMIT, recipientLimitKey, recipientMailbox, submissionStore } from "./public-submissions";

test("a mailbox is counted as it receives mail: case, +tags, and Gmail's dots do not make another", () => {
  expect(recipientMailbox(" Sara.Malik@Example.ORG ")).toBe("sara.malik@example.org");
  expect(recipientMailbox("sara.malik+event@example.org")).toBe("sara.malik@example.org");
  expect(recipientMailbox("S.a.r.a+x@googlemail.com")).toBe("sara@gmail.com");
  expect(recipientMailbox("sara.malik@gmail.com")).toBe(recipientMailbox("saramalik+a@GMAIL.com"));
  // Elsewhere a dot is part of the name; a name that is only a tag, or no address at all, is counted as written.
  expect(recipientMailbox("sara.malik@example.org")).not.toBe(recipientMailbox("saramalik@example.org"));
  expect(recipientMailbox("+tag@example.org")).toBe("+tag@example.org");
  expect(recipientLimitKey("Sara+x@Example.org")).toBe(recipientLimitKey("sara@example.org"));
  expect(recipientLimitKey("sara@example.org")).not.toContain("sara");
});

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
      .insertInto("rateLimits")
      .values({
        key: CONFIRMATION_LIMIT.key,
        count: CONFIRMATION_LIMIT.limit - 1,
        windowStartedAt: now.toISOString(),
        resetAt: new Date(now.getTime() + CONFIRMATION_LIMIT.windowMs).toISOString(),
      })
      .execute();
    const submit = async (clientIp: string) => {
      const id = newId();
      const stored = await store({
        form: "contact",
        clientIp,
        insert: async () => ({ id, created: true, confirmation: { payload: confirmation } }),
        mail: notification,
        now,
      });
      expect(stored).toEqual({ ok: true, id });
      const kinds = await database.db.selectFrom("mailOutbox").select("kind").where("recordId", "=", id).orderBy("kind").execute();
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

  test("the tenth mail a day to one mailbox is not sent, whatever the form; the form answers as usual, and the log says so once without the address", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => lines.push(line) });
    const store = submissionStore({ db: database.db, logger, wakeMailer: () => undefined });
    const morning = new Date("2026-11-29T10:00:00.000Z");
    // One mailbox, spelt as a sender might to step past a count; each submission from an address of its own.
    const spellings = ["victim@example.org", "Victim@Example.org", "victim+1@example.org", "VICTIM+news@example.org"];
    let sent = 0;
    const submit = async (i: number, form: "join" | "registration", now: Date) => {
      const id = newId();
      const to = { name: "", address: spellings[i % spellings.length]! };
      const mailed = { ...confirmation, to };
      const stored = await store({
        form,
        clientIp: `198.51.100.${i + 1}`,
        insert: async () => ({ id, created: true, confirmation: { payload: mailed } }),
        now,
      });
      expect(stored).toEqual({ ok: true, id });
      sent = Number(
        (
          await database.db
            .selectFrom("mailOutbox")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    };
    for (let i = 0; i < RECIPIENT_DAILY_LIMIT.limit; i += 1) await submit(i, i % 2 === 0 ? "join" : "registration", morning);
    expect(sent).toBe(9);
    for (let i = 9; i < 12; i += 1) await submit(i, "registration", new Date(morning.getTime() + i * 60_000));
    expect(sent).toBe(9);
    // Another mailbox is not held back, and neither is this one the next day.
    const other = newId();
    await store({
      form: "join",
      clientIp: "198.51.100.99",
      insert: async () => ({
        id: other,
        created: true,
        confirmation: { payload: { ...confirmation, to: { name: "", address: "victim@example.net" } } },
      }),
      now: morning,
    });
    await submit(12, "join", new Date(morning.getTime() + 24 * 60 * 60 * 1000));
    expect(sent).toBe(11);

    const events = lines.map((line) => JSON.parse(line) as { event?: string; form?: string; kind?: string });
    expect(events.filter((line) => line.event === "mail.recipient-limit-reached")).toEqual([
      expect.objectContaining({ form: "registration", kind: "confirmation" }),
    ]);
    expect(lines.join("\n")).not.toMatch(/victim/i);
  });

  test("mails held back from one mailbox use none of the site's hourly allowance", async () => {
    const store = submissionStore({ db: database.db, logger: pino({ level: "silent" }), wakeMailer: () => undefined });
    const now = new Date("2026-11-29T10:00:00.000Z");
    for (let i = 0; i < 30; i += 1) {
      const id = newId();
      await store({
        form: "join",
        clientIp: `198.51.100.${i + 1}`,
        insert: async () => ({ id, created: true, confirmation: { payload: confirmation } }),
        now,
      });
    }
    const site = await database.db
      .selectFrom("rateLimits")
      .select("count")
      .where("key", "=", CONFIRMATION_LIMIT.key)
      .executeTakeFirstOrThrow();
    expect(Number(site.count)).toBe(RECIPIENT_DAILY_LIMIT.limit);
  });
});
