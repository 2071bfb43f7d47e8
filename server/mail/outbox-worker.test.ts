import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createDatabase, type DatabaseHandle, forgetDeletedRows, migrateToLatest } from "#server/db/database.ts";
import { createLogger } from "#server/logger.ts";
import { mailOutboxRepo } from "#server/repos/mail-outbox.ts";
import type { Mail, OutboxPayload } from "./messages";
import { outboxWorker } from "./outbox-worker";
import { MailDeliveryError } from "./delivery-error";
import type { MailTransport } from "./transports";

const payload: OutboxPayload = {
  kind: "contact",
  replyTo: { name: "Sara", address: "sara@example.org" },
  params: { name: "Sara", email: "sara@example.org", time: "now", message: "Hello" },
};
const settings = { pollMs: 20, backoffBaseMs: 10, backoffMaxMs: 20, maxAttempts: 3, leaseMs: 60_000 };
const notificationAddress = async () => "committee@example.org";
const forgetWipedLink = async () => true;
const TOKEN = "Q2r1Yb0v9tW3nL7kX5pZ8cJ4mH6dF2sA1gE0uR9iO3y";
const LINK = `https://society.example/admin/reset-password?token=${TOKEN}`;
const accountMail: OutboxPayload = {
  kind: "account",
  to: { name: "Sana", address: "sana@example.org" },
  subject: "Reset your password",
  before: "Choose a new password here:",
  after: "\nIf you did not ask for this, ignore this mail.",
};

const until = async (check: () => Promise<boolean>) => {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(testEngines())("the outbox worker on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("stopping lets the job in hand finish and be recorded as sent, then takes no other", async () => {
    const repo = mailOutboxRepo(database.db);
    const first = await repo.enqueue("contact", payload);
    const second = await repo.enqueue("contact", payload);
    let sending: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (sending = resolve));
    const sent: string[] = [];
    const transport: MailTransport = {
      async send(_mail, jobId) {
        sending();
        await new Promise((resolve) => setTimeout(resolve, 200));
        sent.push(jobId);
      },
    };
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress, forgetWipedLink });
    worker.start();
    await started;
    await worker.stop();
    expect(sent).toEqual([first]);
    expect(await repo.findById(first)).toMatchObject({ status: "sent" });
    expect(await repo.findById(second)).toMatchObject({ status: "waiting", attempts: 0 });
  });

  test("transient failures retry until the attempts run out, then the job is dead", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueue("contact", payload);
    let tries = 0;
    const transport: MailTransport = {
      async send() {
        tries += 1;
        throw new MailDeliveryError("ECONNREFUSED", false);
      },
    };
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress, forgetWipedLink });
    worker.start();
    await until(async () => (await repo.findById(id))?.status === "dead");
    await worker.stop();
    expect(tries).toBe(3);
    expect(await repo.findById(id)).toMatchObject({ status: "dead", attempts: 3, lastError: "ECONNREFUSED" });
    expect(await repo.counts()).toEqual({ waiting: 0, dead: 1 });
  });

  test("a notification goes to the notification address, a confirmation to the applicant and replies to that address", async () => {
    const repo = mailOutboxRepo(database.db);
    const confirmation: OutboxPayload = {
      kind: "confirmation",
      to: { name: "Sara", address: "sara@example.org" },
      society: "SMS",
      subject: "We received your application",
      text: "Dear Sara,\n\nThank you.",
    };
    await repo.enqueue("contact", payload);
    await repo.enqueue("confirmation", confirmation);
    const delivered: Mail[] = [];
    const transport: MailTransport = {
      async send(mail) {
        delivered.push(mail);
      },
    };
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress, forgetWipedLink });
    worker.start();
    await until(async () => delivered.length === 2);
    await worker.stop();
    expect(delivered.map(({ kind, to, replyTo }) => ({ kind, to, replyTo }))).toEqual([
      { kind: "contact", to: "committee@example.org", replyTo: { name: "Sara", address: "sara@example.org" } },
      {
        kind: "confirmation",
        to: { name: "Sara", address: "sara@example.org" },
        replyTo: "committee@example.org",
      },
    ]);
    expect(delivered[1]?.text).toBe("Dear Sara,\n\nThank you.\n");
  });

  test("a certificate's mail carries its PDF, drawn as it is sent; one that no longer holds is given up, not sent", async () => {
    const repo = mailOutboxRepo(database.db);
    const certificate = (certificateId: string): OutboxPayload => ({
      kind: "certificate",
      to: { name: "Amna", address: "amna@example.org" },
      subject: "Your certificate: First aid workshop",
      text: "Dear Amna,\n\nYour certificate is attached.",
      certificateId,
    });
    const valid = await repo.enqueue("certificate", certificate("valid-one"));
    const revoked = await repo.enqueue("certificate", certificate("revoked-one"));
    const delivered: Mail[] = [];
    const transport: MailTransport = {
      async send(mail) {
        delivered.push(mail);
      },
    };
    const certificatePdf = async (id: string) =>
      id === "valid-one" ? { filename: "certificate-7KQ2.pdf", content: new TextEncoder().encode("%PDF-1.7 drawn") } : undefined;
    const worker = outboxWorker({
      repo,
      transport,
      logger: createLogger("silent"),
      settings,
      notificationAddress,
      forgetWipedLink,
      certificatePdf,
    });
    worker.start();
    await until(async () => (await repo.findById(revoked))?.status === "dead");
    await worker.stop();
    expect(await repo.findById(valid)).toMatchObject({ status: "sent" });
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ kind: "certificate", to: { name: "Amna", address: "amna@example.org" } });
    expect(delivered[0]?.attachments).toEqual([
      {
        filename: "certificate-7KQ2.pdf",
        contentType: "application/pdf",
        content: Buffer.from("%PDF-1.7 drawn"),
        contentDisposition: "attachment",
      },
    ]);
    expect(await repo.findById(revoked)).toMatchObject({ status: "dead", lastError: "certificate no longer valid" });
  });

  test("a mail's link goes out in it, again after a failed attempt; once sent or dead the database log is emptied, for no other mail", async () => {
    const repo = mailOutboxRepo(database.db);
    const sentId = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-1" });
    const deadId = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-2" });
    await repo.enqueue("contact", payload);
    const attempts = new Map<string, number>();
    const delivered: Mail[] = [];
    const transport: MailTransport = {
      async send(mail, jobId) {
        attempts.set(jobId, (attempts.get(jobId) ?? 0) + 1);
        if (jobId === deadId) throw new MailDeliveryError("SMTP 550", true);
        if (jobId === sentId && attempts.get(jobId) === 1) throw new MailDeliveryError("SMTP 451", false);
        delivered.push(mail);
      },
    };
    const forgotten: number[] = [];
    const worker = outboxWorker({
      repo,
      transport,
      logger: createLogger("silent"),
      settings,
      notificationAddress,
      forgetWipedLink: async () => forgotten.push(1) > 0,
    });
    worker.start();
    await until(async () => (await repo.counts()).waiting === 0);
    await worker.stop();
    expect(attempts.get(sentId)).toBe(2);
    const [sent] = delivered.filter((mail) => mail.kind === "account");
    expect(sent?.text).toBe(`Choose a new password here:\n${LINK}\n\nIf you did not ask for this, ignore this mail.\n`);
    expect(await repo.findById(sentId)).toMatchObject({ status: "sent", secretLink: null });
    expect(await repo.findById(deadId)).toMatchObject({ status: "dead", secretLink: null });
    // Once for each mail whose link was wiped: not for the contact mail, nor for the failed attempt.
    expect(forgotten).toHaveLength(2);
  });

  test("a database log that a reader kept from being emptied is emptied once the outbox is idle", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-1" });
    let calls = 0;
    const transport: MailTransport = { send: async () => undefined };
    const worker = outboxWorker({
      repo,
      transport,
      logger: createLogger("silent"),
      settings,
      notificationAddress,
      forgetWipedLink: async () => ++calls > 1,
    });
    worker.start();
    await until(async () => calls === 2);
    await worker.stop();
    expect(await repo.findById(id)).toMatchObject({ status: "sent", secretLink: null });
    expect(calls).toBe(2);
  });
});

/** What SQLite keeps on disk: the database, its write-ahead log and the log's index. */
describe("the outbox worker on SQLite's files", () => {
  let dir: string;
  let database: DatabaseHandle;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-outbox-files-"));
    database = createDatabase({ engine: "sqlite", file: path.join(dir, "site.db") });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("once a mail with a link is sent, no byte of the database or its log holds the link's token", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-1" });
    const filesHolding = () => fs.readdirSync(dir).filter((name) => fs.readFileSync(path.join(dir, name)).includes(TOKEN));
    expect(filesHolding()).toEqual(["site.db-wal"]);
    const transport: MailTransport = { send: async () => undefined };
    const worker = outboxWorker({
      repo,
      transport,
      logger: createLogger("silent"),
      settings,
      notificationAddress,
      forgetWipedLink: () => forgetDeletedRows(database.db),
    });
    worker.start();
    await until(async () => (await repo.findById(id))?.status === "sent");
    await worker.stop();
    expect(filesHolding()).toEqual([]);
  });
});
