import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { contactMessagesRepo } from "./contact-messages";
import { mailOutboxRepo } from "./mail-outbox";

const T0 = new Date("2026-11-23T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);

describe.each(testEngines())("mail outbox repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("an enqueued job is claimed once, with its payload, and counts as waiting until sent", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueue("join", { replyTo: "a@example.org" }, T0);
    expect(await repo.counts()).toEqual({ waiting: 1, dead: 0 });
    const job = await repo.claim("worker-a", 60_000, T0);
    expect(job).toMatchObject({ id, kind: "join", status: "sending", attempts: 1, leaseOwner: "worker-a" });
    expect(JSON.parse(job!.payload)).toEqual({ replyTo: "a@example.org" });
    expect(await repo.claim("worker-b", 60_000, T0)).toBeUndefined();
    expect(await repo.counts()).toEqual({ waiting: 1, dead: 0 });
    expect(await repo.markSent(id, "worker-a", later(10))).toBe(true);
    expect(await repo.findById(id)).toMatchObject({ status: "sent", sentAt: later(10).toISOString(), leaseOwner: null });
    expect(await repo.counts()).toEqual({ waiting: 0, dead: 0 });
  });

  test("an enqueue inside a rolled-back transaction leaves no job", async () => {
    const repo = mailOutboxRepo(database.db);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await mailOutboxRepo(trx).enqueue("contact", {}, T0);
        throw new Error("the row beside it failed");
      }),
    ).rejects.toThrow("the row beside it failed");
    expect(await repo.counts()).toEqual({ waiting: 0, dead: 0 });
  });

  test("two workers claiming at once never get the same job", async () => {
    const repo = mailOutboxRepo(database.db);
    for (let i = 0; i < 6; i++) await repo.enqueue("contact", { n: i }, T0);
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => repo.claim(`worker-${i % 2}`, 60_000, T0)));
    const ids = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeLessThanOrEqual(6);
    let more = await repo.claim("worker-x", 60_000, T0);
    while (more) {
      ids.push(more.id);
      more = await repo.claim("worker-x", 60_000, T0);
    }
    expect(new Set(ids).size).toBe(6);
    expect(ids.length).toBe(6);
  });

  test("a retried job waits until its next attempt time, then is claimed again", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueue("join", {}, T0);
    await repo.claim("w", 60_000, T0);
    expect(await repo.retry(id, "w", "SMTP 451", later(5_000))).toBe(true);
    expect(await repo.findById(id)).toMatchObject({ status: "waiting", lastError: "SMTP 451", attempts: 1 });
    expect(await repo.claim("w", 60_000, later(4_999))).toBeUndefined();
    expect(await repo.claim("w", 60_000, later(5_000))).toMatchObject({ id, attempts: 2 });
  });

  test("a job whose worker died is taken over when the lease expires, and the old worker cannot finish it", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueue("join", {}, T0);
    await repo.claim("dead-worker", 1_000, T0);
    expect(await repo.claim("other", 1_000, later(999))).toBeUndefined();
    expect(await repo.claim("other", 1_000, later(1_000))).toMatchObject({ id, leaseOwner: "other", attempts: 2 });
    expect(await repo.markSent(id, "dead-worker")).toBe(false);
    expect(await repo.markSent(id, "other")).toBe(true);
  });

  const LINK = "https://society.example/admin/reset-password?token=Q2r1Yb0v9tW3nL7kX5pZ8cJ4mH6dF2sA1gE0uR9iO3y";
  const accountMail = { kind: "account", to: { name: "Sana", address: "sana@example.org" }, subject: "Reset", before: "Here:", after: "" };
  const rowOf = async (id: string) => database.db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  test("a mail's link stays out of its payload, survives a retry and a lease taken over, and goes in the update that marks it sent", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-1" }, T0);
    expect(await rowOf(id)).toMatchObject({ payload: JSON.stringify(accountMail), secretLink: LINK, adminLinkId: "link-1" });
    expect(await repo.claim("w", 1_000, T0)).toMatchObject({ id, secretLink: LINK });
    expect(await repo.retry(id, "w", "SMTP 451", later(5_000))).toBe(true);
    // The next attempt, and the process that takes it over once its lease ran out, still have the link to send.
    expect(await repo.claim("w", 1_000, later(5_000))).toMatchObject({ id, secretLink: LINK });
    expect(await repo.claim("other", 1_000, later(6_000))).toMatchObject({ id, secretLink: LINK, leaseOwner: "other" });
    expect(await repo.markSent(id, "w", later(6_001))).toBe(false);
    expect((await rowOf(id)).secretLink).toBe(LINK);
    expect(await repo.markSent(id, "other", later(6_002))).toBe(true);
    const sent = await rowOf(id);
    expect(sent).toMatchObject({ status: "sent", secretLink: null, adminLinkId: "link-1" });
    expect(JSON.stringify(sent)).not.toContain("Q2r1Yb0v9tW3nL7kX5pZ8cJ4mH6dF2sA1gE0uR9iO3y");
  });

  test("a mail with a link given up on loses the link too", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueueWithLink("account", accountMail, { url: LINK, adminLinkId: "link-1" }, T0);
    await repo.claim("w", 60_000, T0);
    expect(await repo.markDead(id, "w", "SMTP 550")).toBe(true);
    expect(await rowOf(id)).toMatchObject({ status: "dead", secretLink: null });
  });

  test("a dead job is counted as dead and never claimed again", async () => {
    const repo = mailOutboxRepo(database.db);
    const id = await repo.enqueue("contact", {}, T0);
    await repo.enqueue("contact", {}, T0);
    await repo.claim("w", 60_000, T0);
    expect(await repo.markDead(id, "w", "SMTP 550")).toBe(true);
    expect(await repo.counts()).toEqual({ waiting: 1, dead: 1 });
    const next = await repo.claim("w", 60_000, later(10 ** 9));
    expect(next?.id).not.toBe(id);
    expect(await repo.claim("w", 60_000, later(10 ** 9))).toBeUndefined();
  });
});

describe.each(testEngines())("contact messages repository on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database?.destroy();
  });

  test("the same submission key stores one message, not two", async () => {
    const repo = contactMessagesRepo(database.db);
    const row = { name: "Sara", email: "sara@example.org", message: "Hello", submissionKey: "k1", createdAt: T0.toISOString() };
    const first = await repo.create({ id: "m1", ...row });
    const retry = await repo.create({ id: "m2", ...row });
    expect(first).toEqual({ id: "m1", created: true });
    expect(retry).toEqual({ id: "m1", created: false });
    expect(await database.db.selectFrom("contactMessages").select(["id", "name", "email", "message", "createdAt"]).execute()).toEqual([
      { id: "m1", name: "Sara", email: "sara@example.org", message: "Hello", createdAt: T0.toISOString() },
    ]);
  });
});
