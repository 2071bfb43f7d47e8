import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { contactSchema } from "#core/schemas/contact.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { NewContactMessage } from "#server/db/schema.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { contactService } from "./contact-messages";
import { recordEraser } from "./personal-data";
import { PUBLIC_FORM_LIMIT, submissionStore } from "./public-submissions";

const NOW = new Date("2026-11-29T10:00:00.000Z");

/** A message as the contact form posts it, read through the form's own schema. */
const message = (more: Record<string, unknown> = {}) =>
  contactSchema.parse({
    name: "Sara Malik",
    email: " Sara@Example.org ",
    message: "When is the next study circle?",
    submissionKey: crypto.randomUUID(),
    ...more,
  });

describe.each(testEngines())("contact messages on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-contact-"));
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const service = () => {
    const logger = pino({ level: "silent" });
    return contactService({
      db: database.db,
      store: submissionStore({ db: database.db, logger, wakeMailer: () => undefined }),
      timeZone: "Asia/Karachi",
      publicUrl: "https://society.example",
      erase: recordEraser({ db: database.db, mailFiles: mailFiles(dir), logger }),
    });
  };

  /** A stored message, `minutes` after 10 March 2026 00:00 in Karachi. */
  async function seed(minutes: number, more: Partial<NewContactMessage> = {}): Promise<string> {
    const id = newId();
    const createdAt = new Date(Date.parse("2026-03-09T19:00:00.000Z") + minutes * 60_000).toISOString();
    const row = { id, name: "Sender", email: "sender@example.org", message: "Hello", submissionKey: null, createdAt, ...more };
    await database.db.insertInto("contactMessages").values(row).execute();
    return id;
  }
  const names = async (q?: string) => (await service().listPage({ q, page: 1 })).messages.map((listed) => listed.name);
  const csvOf = async (q?: string) =>
    parse(await new Response((await service().exportCsv({ q, page: 1 }, NOW)).body).text(), { bom: true }) as string[][];

  test("a message is stored once per submission key, with its mail to the society linking to it in the inbox", async () => {
    const contact = service();
    const sent = message();
    const stored = await contact.submit(sent, "198.51.100.1", "/admin/messages", NOW);
    expect(await contact.submit(sent, "198.51.100.1", "/admin/messages", NOW)).toEqual(stored);
    const rows = await database.db.selectFrom("contactMessages").selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ id: (stored as { id: string }).id, name: "Sara Malik", email: "sara@example.org", readAt: null }),
    ]);
    const mails = await database.db.selectFrom("mailOutbox").select(["kind", "payload", "recordId"]).execute();
    expect(mails.map((mail) => ({ ...mail, payload: JSON.parse(mail.payload) as unknown }))).toEqual([
      {
        kind: "contact",
        recordId: rows[0]!.id,
        payload: {
          kind: "contact",
          replyTo: { name: "Sara Malik", address: "sara@example.org" },
          params: {
            name: "Sara Malik",
            email: "sara@example.org",
            time: "29 November 2026 at 15:00",
            message: "When is the next study circle?",
            website_link: "https://society.example/admin/messages?q=sara%40example.org",
          },
        },
      },
    ]);
  });

  test("one network may send 30 messages in ten minutes; the 31st is refused and stores nothing", async () => {
    const contact = service();
    for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i++)
      expect(await contact.submit(message(), "198.51.100.7", "/admin/messages", NOW)).toMatchObject({ ok: true });
    const refused = await contact.submit(message(), "198.51.100.7", "/admin/messages", NOW);
    expect(refused).toEqual({ ok: false, reason: "limit-reached", scope: "address", retryAfterSeconds: 600 });
    expect(await contact.submit(message(), "198.51.100.8", "/admin/messages", NOW)).toMatchObject({ ok: true });
    expect(await database.db.selectFrom("contactMessages").select("id").execute()).toHaveLength(PUBLIC_FORM_LIMIT.limit + 1);
  });

  test("the inbox: pages of 25 newest first, a page past the last gives the last, times in the society's time zone", async () => {
    for (let i = 0; i < 30; i++) await seed(i, { name: `Sender ${String(i).padStart(2, "0")}` });
    const first = await service().listPage({ page: 1 });
    expect(first).toMatchObject({ matching: 30, total: 30, page: 1, pages: 2 });
    expect(first.messages).toHaveLength(25);
    expect(first.messages[0]).toMatchObject({ name: "Sender 29", received: "10 March 2026 at 00:29" });
    const last = await service().listPage({ page: 99 });
    expect(last).toMatchObject({ page: 2, pages: 2 });
    expect(last.messages.map((listed) => listed.name)).toEqual(["Sender 04", "Sender 03", "Sender 02", "Sender 01", "Sender 00"]);
  });

  test("search finds text in the name, email and message, in any case; % and _ are only characters", async () => {
    await seed(1, { name: "Hira Saleem", email: "hira@example.org", message: "Study circle?" });
    await seed(2, { name: "Bilal Ahmed", email: "bilal@example.org", message: "Blood camp timings" });
    await seed(3, { name: "Sara", email: "sara@example.org", message: "Is it 100% free?" });
    for (const [q, found] of [
      ["SALEEM", ["Hira Saleem"]],
      ["bilal@", ["Bilal Ahmed"]],
      ["BLOOD camp", ["Bilal Ahmed"]],
      ["%", ["Sara"]],
      ["a_e", []],
    ] as const) {
      expect(await names(q), q).toEqual(found);
    }
    expect(await service().listPage({ q: "nobody", page: 1 })).toMatchObject({ matching: 0, total: 3, messages: [] });
  });

  test("opening a message marks it read once (the first time stays); the unread count follows", async () => {
    const contact = service();
    const first = await seed(1);
    await seed(2);
    await seed(3, { readAt: "2026-11-01T00:00:00.000Z" });
    expect(await contact.unreadCount()).toBe(2);
    expect(await contact.markRead(first, NOW)).toBe(true);
    expect(await contact.markRead(first, new Date(NOW.getTime() + 60_000))).toBe(true);
    const readAt = await database.db.selectFrom("contactMessages").select("readAt").where("id", "=", first).executeTakeFirstOrThrow();
    expect(readAt.readAt).toBe(NOW.toISOString());
    expect(await contact.unreadCount()).toBe(1);
    expect(await contact.markRead(newId())).toBe(false);
    expect(await contact.markRead("not-an-id")).toBe(false);
    // Reading is not audited.
    expect(await database.db.selectFrom("auditLog").select("id").execute()).toEqual([]);
  });

  test("the CSV holds every message the search matches: UTF-8 with a BOM, RFC 4180, Read as Yes or No, formulas made text", async () => {
    await seed(30, { name: "عائشہ خان", message: 'Salaam, "quick" question,\nabout the camp', readAt: "2026-03-10T08:00:00.000Z" });
    await seed(31, { name: "@attacker", email: "x@example.org", message: '=HYPERLINK("http://evil.example","camp")' });
    await seed(32, { name: "Left Out", message: "Study circle" });
    for (let i = 0; i < 27; i++) await seed(i, { name: `Camp ${i}`, message: "About the blood camp" });
    const exported = await service().exportCsv({ q: "camp", page: 2 }, NOW);
    expect(exported.fileName).toBe("contact-messages-2026-11-29.csv");
    const bytes = Buffer.from(await new Response(exported.body).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text).toContain('"Salaam, ""quick"" question,\nabout the camp"');
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parse(text) as string[][];
    expect(rows.slice(0, 3)).toEqual([
      ["Received", "Name", "Email", "Message", "Read"],
      ["2026-03-10 00:31", "'@attacker", "x@example.org", `'=HYPERLINK("http://evil.example","camp")`, "No"],
      ["2026-03-10 00:30", "عائشہ خان", "sender@example.org", 'Salaam, "quick" question,\nabout the camp', "Yes"],
    ]);
    expect(rows).toHaveLength(30);
    expect(await csvOf("nobody")).toHaveLength(1);
    expect(await csvOf()).toHaveLength(31);
  });

  test("deleting several takes them with their mails, and audits their ids only", async () => {
    const contact = service();
    await contact.submit(message({ name: "Zainab Private", email: "zainab@example.org" }), "198.51.100.1", "/admin/messages", NOW);
    const zainab = (await database.db.selectFrom("contactMessages").select("id").executeTakeFirstOrThrow()).id;
    const [other, kept] = [await seed(1), await seed(2)];
    expect(await contact.delete([zainab, other, "not-an-id"], "admin-1")).toBe(2);
    expect(await database.db.selectFrom("contactMessages").select("id").execute()).toEqual([{ id: kept }]);
    expect(await database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    const audit = await database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).execute();
    expect(audit.map((entry) => `${entry.actor} ${entry.action} ${entry.detail}`).sort()).toEqual(
      [`admin-1 contact-message.delete contact-message=${zainab}`, `admin-1 contact-message.delete contact-message=${other}`].sort(),
    );
    expect(await contact.delete([zainab], "admin-1")).toBe(0);
  });
});
