import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { createLogger } from "../logger";
import { mailOutboxRepo } from "../repos/mail-outbox";
import type { Mail, OutboxPayload } from "./messages";
import { outboxWorker } from "./outbox-worker";
import { MailDeliveryError, type MailTransport } from "./transports";

const payload: OutboxPayload = {
  kind: "contact",
  replyTo: { name: "Sara", address: "sara@example.org" },
  params: { name: "Sara", email: "sara@example.org", time: "now", message: "Hello" },
};
const settings = { pollMs: 20, backoffBaseMs: 10, backoffMaxMs: 20, maxAttempts: 3, leaseMs: 60_000 };
const notificationAddress = async () => "committee@example.org";

describe.each(testEngines())("the outbox worker on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  const until = async (check: () => Promise<boolean>) => {
    const deadline = Date.now() + 5_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

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
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress });
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
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress });
    worker.start();
    await until(async () => (await repo.findById(id))?.status === "dead");
    await worker.stop();
    expect(tries).toBe(3);
    expect(await repo.findById(id)).toMatchObject({ status: "dead", attempts: 3, last_error: "ECONNREFUSED" });
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
    const worker = outboxWorker({ repo, transport, logger: createLogger("silent"), settings, notificationAddress });
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
});
