import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { PUSH_SUBSCRIPTION_MESSAGES } from "#core/messages/push.ts";
import { type PushEndpoint, startPushEndpoint } from "#tests/shared/push-endpoint.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { pushWorker, type PushWorkerOptions } from "#server/push/worker.ts";
import { createRepos } from "#server/repos/index.ts";
import { SealedSecretError, secretsKey } from "#server/secrets-key.ts";
import { toWallTime } from "#server/site-time.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { type AnnouncementFields, announcementService } from "./announcements";
import { personalDataService, recordEraser } from "./personal-data";
import { pushNotificationService } from "./push-notifications";

const SITE = "http://localhost:3000";
const ZONE = "Asia/Karachi";
const SUBJECT = "mailto:website@society.example";
const ADMIN = "admin-1";
const settings = { pollMs: 20, maxAttempts: 3, backoffBaseMs: 10, backoffMaxMs: 20, leaseMs: 60_000 };

/** A live announcement as the form sends it, "Send notification" ticked. */
const fields = (more: Partial<AnnouncementFields> = {}): AnnouncementFields => ({
  title: "Blood donation camp",
  description: "Give blood on Saturday in Hall 2\nBring your student card.",
  publish: "now",
  removeImage: false,
  pinned: false,
  registration: "link",
  questions: [],
  sendNotification: true,
  ...more,
});

const until = async (check: () => Promise<boolean>, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A logger whose lines the test reads. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe.each(testEngines())("push notifications on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  let endpoint: PushEndpoint;
  let woken: number;
  const secrets = secretsKey(crypto.randomBytes(32));
  const logger = createLogger("silent");

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-push-"));
    woken = 0;
  });
  afterEach(async () => {
    await endpoint?.close();
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const push = (publicUrl = SITE) =>
    pushNotificationService({
      db: database.db,
      logger,
      publicUrl,
      secrets,
      vapidSubject: SUBJECT,
      icon: async () => "/uploads/site/icon-192.png",
    });
  const erase = () => recordEraser({ db: database.db, mailFiles: mailFiles(dir), logger });
  const announcements = () =>
    announcementService({
      db: database.db,
      storage: {} as FileStorage,
      logger,
      siteTimeZone: ZONE,
      erase: erase(),
      wakePusher: () => (woken += 1),
    });
  const worker = (more: Partial<PushWorkerOptions> = {}) =>
    pushWorker({ repos: createRepos(database.db), push: push(), logger, settings, agent: endpoint.agent, ...more });

  /** The push endpoint, checking tokens against the site's VAPID key, with `count` browsers subscribed to the site. */
  async function subscribers(count: number) {
    endpoint = await startPushEndpoint({ vapidPublicKey: await push().publicKey() });
    const browsers = Array.from({ length: count }, () => endpoint.subscribe());
    for (const browser of browsers) expect(await push().subscribe(browser)).toEqual({ ok: true });
    return browsers;
  }

  async function create(more: Partial<AnnouncementFields> = {}, now?: Date): Promise<string> {
    const saved = await announcements().save(fields(more), undefined, ADMIN, now);
    if (!saved.ok) throw new Error(`not saved: ${saved.reason}`);
    return saved.id;
  }

  const deliveries = async () => (await database.db.selectFrom("pushDeliveries").selectAll().execute()).length;
  const broadcasts = () => database.db.selectFrom("pushBroadcasts").selectAll().execute();
  const subscriptionCount = () => push().subscriberCount();

  /** Runs a worker until every push is sent or given up. */
  async function drain(more: Partial<PushWorkerOptions> = {}) {
    const running = worker(more);
    running.start();
    try {
      await until(async () =>
        (await broadcasts()).every((b) => b.state !== "pending" || b.dueAt === null || b.dueAt > new Date().toISOString()),
      );
      await until(async () => (await deliveries()) === 0);
    } finally {
      await running.stop();
    }
  }

  test("a new live announcement with Send notification goes to each subscriber once: its title, first line and link", async () => {
    const browsers = await subscribers(3);
    const id = await create();
    expect(woken).toBe(1);
    await drain();

    const received = endpoint.received();
    expect(received.map((p) => p.endpoint).sort()).toEqual(browsers.map((b) => b.endpoint).sort());
    for (const pushed of received) {
      expect(JSON.parse(pushed.body)).toEqual({
        title: "Blood donation camp",
        body: "Give blood on Saturday in Hall 2",
        url: `${SITE}/announcement/${id}`,
        icon: `${SITE}/uploads/site/icon-192.png`,
        tag: `announcement-${id}`,
      });
      expect(pushed).toMatchObject({ ttl: 86_400, urgency: "normal", vapidSubject: SUBJECT, vapidPublicKey: await push().publicKey() });
      expect(pushed.topic).toBe(id.replace(/-/g, ""));
    }
    // Nothing kept of the pushes; the admin's list says when it went and to how many.
    expect(await deliveries()).toBe(0);
    const [listed] = await announcements().listForAdmin();
    expect(listed?.notification).toMatchObject({ state: "fanned-out", recipients: 3 });
    expect(listed?.notification?.notifiedAtText).toEqual(expect.any(String));
    expect(listed?.form.sendNotification).toBe(false);
  });

  test("an edit does not push it again, ticked or not", async () => {
    await subscribers(2);
    const id = await create();
    await drain();
    const [listed] = await announcements().listForAdmin();
    expect(await announcements().save(fields({ id, version: listed!.version, title: "Camp moved" }), undefined, ADMIN)).toMatchObject({
      ok: true,
    });
    await drain();
    expect(endpoint.received()).toHaveLength(2);
    expect(await broadcasts()).toMatchObject([{ announcementId: id, state: "fanned-out", recipients: 2 }]);
  });

  test("a scheduled announcement is not pushed before its time, and is pushed once it is live", async () => {
    await subscribers(2);
    // Scheduled an hour ahead when saved; that time has come by the time the worker runs.
    const publishAt = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const id = await create({ publish: "scheduled", publishAt: toWallTime(publishAt, ZONE) }, new Date(publishAt.getTime() - 60 * 60_000));
    expect(woken).toBe(0);
    expect(await broadcasts()).toMatchObject([{ announcementId: id, state: "pending", dueAt: publishAt.toISOString() }]);
    const [listed] = await announcements().listForAdmin(new Date(publishAt.getTime() - 1));
    expect(listed?.form.sendNotification).toBe(true);

    expect(await push().fanOutDue(new Date(publishAt.getTime() - 1))).toBe(0);
    expect(await deliveries()).toBe(0);

    await drain();
    expect(endpoint.received().map((p) => JSON.parse(p.body) as { url: string })).toEqual([
      expect.objectContaining({ url: `${SITE}/announcement/${id}` }),
      expect.objectContaining({ url: `${SITE}/announcement/${id}` }),
    ]);
  });

  test("unticked, nothing is pushed; unticked before it goes, a pending one is cancelled", async () => {
    await subscribers(2);
    await create({ sendNotification: false });
    const future = toWallTime(new Date(Date.now() + 24 * 60 * 60_000), ZONE);
    const scheduled = await create({ publish: "scheduled", publishAt: future });
    const [listed] = (await announcements().listForAdmin()).filter((a) => a.id === scheduled);
    await announcements().save(
      fields({ id: scheduled, version: listed!.version, publish: "scheduled", publishAt: future, sendNotification: false }),
      undefined,
      ADMIN,
    );
    expect(await broadcasts()).toMatchObject([{ announcementId: scheduled, state: "cancelled" }]);
    expect(await push().fanOutDue(new Date(Date.now() + 48 * 60 * 60_000))).toBe(0);
    expect(await deliveries()).toBe(0);
    expect(endpoint.received()).toEqual([]);
  });

  test("an edit that moves the publish time moves the notification; one deleted or expired before it goes is not pushed", async () => {
    await subscribers(1);
    const dayAhead = new Date(Date.now() + 24 * 60 * 60_000);
    const moved = await create({ publish: "scheduled", publishAt: toWallTime(dayAhead, ZONE) });
    const [listed] = await announcements().listForAdmin();
    const later = new Date(Math.floor(dayAhead.getTime() / 60_000) * 60_000 + 2 * 60 * 60_000);
    await announcements().save(
      fields({ id: moved, version: listed!.version, publish: "scheduled", publishAt: toWallTime(later, ZONE) }),
      undefined,
      ADMIN,
    );
    expect(await broadcasts()).toMatchObject([{ state: "pending", dueAt: later.toISOString() }]);
    expect(await push().fanOutDue(new Date(later.getTime() - 1))).toBe(0);

    // Deleted: its notification goes with it.
    expect(await announcements().delete(moved, ADMIN)).toBe(true);
    expect(await broadcasts()).toEqual([]);

    // Expired by the time it is due (a broadcast due while the worker was down): given up.
    const expiring = await create({ publish: "scheduled", publishAt: toWallTime(dayAhead, ZONE), expiresAt: toWallTime(later, ZONE) });
    expect(await push().fanOutDue(new Date(later.getTime() + 60_000))).toBe(0);
    expect(await broadcasts()).toMatchObject([{ announcementId: expiring, state: "cancelled" }]);
    expect(await deliveries()).toBe(0);
  });

  test("a worker stopped mid-way, and one that crashed, leave the rest to the next: each browser gets it exactly once", async () => {
    await subscribers(30);
    await create();
    const first = worker({ batchSize: 4, concurrency: 2 });
    first.start();
    await endpoint.waitFor(6);
    await first.stop();
    const sentBefore = endpoint.received().length;
    expect(sentBefore).toBeLessThan(30);
    // Nothing held: what the stopped worker claimed but did not send was given back.
    expect(await deliveries()).toBe(30 - sentBefore);
    expect(await database.db.selectFrom("pushDeliveries").select("id").where("leaseOwner", "is not", null).execute()).toEqual([]);

    // A process that claimed five and died: its lease runs out, and the next worker sends them.
    expect(await createRepos(database.db).pushDeliveries.claim("crashed", 50, 5)).toHaveLength(5);
    await drain({ batchSize: 7, concurrency: 3 });
    const received = endpoint.received();
    expect(received).toHaveLength(30);
    expect(new Set(received.map((p) => p.subscriptionId)).size).toBe(30);
  });

  test("a subscription its push service calls gone (410, 404) is deleted", async () => {
    const [gone, missing, kept] = await subscribers(3);
    endpoint.answer(gone!.endpoint, 410);
    endpoint.answer(missing!.endpoint, 404);
    await create();
    await drain();
    expect(endpoint.received().map((p) => p.endpoint)).toEqual([kept!.endpoint]);
    expect(await subscriptionCount()).toBe(1);
    expect(await database.db.selectFrom("pushSubscriptions").select("endpoint").execute()).toEqual([{ endpoint: kept!.endpoint }]);
  });

  test("a push service's 500 is retried until it takes the push; one out of attempts is given up and logged once, without its endpoint", async () => {
    const [flaky, down] = await subscribers(2);
    endpoint.answer(flaky!.endpoint, 500, 2);
    endpoint.answer(down!.endpoint, 503);
    const { logger: capturing, lines } = capturingLogger();
    const id = await create();
    await drain({ logger: capturing });

    expect(endpoint.received().map((p) => p.endpoint)).toEqual([flaky!.endpoint]);
    expect(await subscriptionCount()).toBe(2);
    const givenUp = lines.filter((line) => String(line.msg).startsWith("push given up"));
    expect(givenUp).toEqual([expect.objectContaining({ announcementId: id, attempts: 3, reason: "HTTP 503", permanent: false })]);
    expect(givenUp[0]?.subscription).toMatch(/^[0-9a-f]{12}$/);
    const port = new URL(endpoint.url).port;
    for (const line of lines) expect(JSON.stringify(line)).not.toContain(`:${port}/push/`);
  });

  test("the VAPID key pair is made once, by whichever start is first, and kept with its private key sealed", async () => {
    const [one, two] = await Promise.all([push().publicKey(), push().publicKey()]);
    expect(one).toBe(two);
    expect(await push().publicKey()).toBe(one);
    expect(Buffer.from(one, "base64url")).toHaveLength(65);

    const { privateKey } = await push().vapidDetails();
    expect(Buffer.from(privateKey, "base64url")).toHaveLength(32);
    const row = await database.db.selectFrom("settings").select(["vapidPublicKey", "vapidPrivateKey"]).executeTakeFirstOrThrow();
    expect(row.vapidPublicKey).toBe(one);
    expect(row.vapidPrivateKey).toMatch(/^v1:/);
    expect(row.vapidPrivateKey).not.toContain(privateKey);
    // A copy of the database without the secrets key cannot sign pushes.
    const stolen = pushNotificationService({
      db: database.db,
      logger,
      publicUrl: SITE,
      secrets: secretsKey(crypto.randomBytes(32)),
      vapidSubject: SUBJECT,
    });
    await expect(stolen.vapidDetails()).rejects.toThrow(SealedSecretError);
  });

  test("a subscription is taken only from a push service, with keys of the right lengths, and refreshed when posted again", async () => {
    endpoint = await startPushEndpoint();
    const browser = endpoint.subscribe();
    const keys = browser.keys;
    const refused = async (input: unknown, publicUrl = SITE) => {
      const result = await push(publicUrl).subscribe(input);
      return result.ok ? "taken" : result.message;
    };
    const point = Buffer.from(keys.p256dh, "base64url");
    const offCurve = Buffer.from([4, ...Array<number>(64).fill(7)]).toString("base64url");
    for (const [input, message] of [
      [{ endpoint: "http://push.example.com/x", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: "https://10.0.0.7/x", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: "https://intranet/x", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: "https://push.example.com:8443/x", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: "https://user:pass@push.example.com/x", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: `https://push.example.com/${"a".repeat(2048)}`, keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [{ endpoint: "not a url", keys }, PUSH_SUBSCRIPTION_MESSAGES.endpoint],
      [
        { endpoint: "https://push.example.com/x", keys: { ...keys, p256dh: point.subarray(1).toString("base64url") } },
        PUSH_SUBSCRIPTION_MESSAGES.keys,
      ],
      [
        {
          endpoint: "https://push.example.com/x",
          keys: { ...keys, p256dh: Buffer.concat([Buffer.from([3]), point.subarray(1)]).toString("base64url") },
        },
        PUSH_SUBSCRIPTION_MESSAGES.keys,
      ],
      // 65 bytes in the uncompressed form, but no point of the curve.
      [{ endpoint: "https://push.example.com/x", keys: { ...keys, p256dh: offCurve } }, PUSH_SUBSCRIPTION_MESSAGES.keys],
      [
        { endpoint: "https://push.example.com/x", keys: { ...keys, auth: crypto.randomBytes(15).toString("base64url") } },
        PUSH_SUBSCRIPTION_MESSAGES.keys,
      ],
      [{ endpoint: "https://push.example.com/x", keys: { ...keys, auth: "not*base64url*at*all" } }, PUSH_SUBSCRIPTION_MESSAGES.keys],
      [{ endpoint: "https://push.example.com/x", keys: { ...keys, auth: "A".repeat(5000) } }, PUSH_SUBSCRIPTION_MESSAGES.keys],
      [{ endpoint: "https://push.example.com/x" }, PUSH_SUBSCRIPTION_MESSAGES.keys],
      ["a string", PUSH_SUBSCRIPTION_MESSAGES.endpoint],
    ] as const) {
      expect(await refused(input), JSON.stringify(input).slice(0, 120)).toBe(message);
    }
    // A push service on this machine: only while the site itself is not on https (a developer's machine, the tests).
    expect(await refused(browser, "https://society.example")).toBe(PUSH_SUBSCRIPTION_MESSAGES.endpoint);
    expect(await refused({ endpoint: "https://fcm.googleapis.com/fcm/send/abc:def", keys }, "https://society.example")).toBe("taken");
    expect(await subscriptionCount()).toBe(1);

    // Posted again the next day (a visit): the same subscription, refreshed.
    expect(await push().subscribe(browser, { now: new Date("2030-01-01T00:00:00.000Z") })).toEqual({ ok: true });
    expect(await push().subscribe(browser, { now: new Date("2030-01-02T00:00:00.000Z") })).toEqual({ ok: true });
    const stored = await database.db.selectFrom("pushSubscriptions").selectAll().where("endpoint", "=", browser.endpoint).execute();
    expect(stored).toMatchObject([{ createdAt: "2030-01-01T00:00:00.000Z", refreshedAt: "2030-01-02T00:00:00.000Z", ...keys }]);
    expect(Object.keys(stored[0]!).sort()).toEqual(["auth", "createdAt", "endpoint", "id", "p256dh", "refreshedAt"]);
    expect(await push().unsubscribe(browser.endpoint)).toBe(true);
    expect(await subscriptionCount()).toBe(1);
  });

  test("one network may post 20 subscriptions an hour: the next is refused until the hour has passed, and stores nothing", async () => {
    endpoint = await startPushEndpoint();
    const at = new Date("2030-01-01T00:00:00.000Z");
    for (let i = 0; i < 20; i += 1)
      expect(await push().subscribe(endpoint.subscribe(), { clientIp: "203.0.113.7", now: at })).toEqual({ ok: true });
    const refused = await push().subscribe(endpoint.subscribe(), { clientIp: "203.0.113.7", now: at });
    expect(refused).toMatchObject({ ok: false, message: PUSH_SUBSCRIPTION_MESSAGES.tooMany });
    expect(await subscriptionCount()).toBe(20);
    expect(await push().subscribe(endpoint.subscribe(), { clientIp: "198.51.100.9", now: at })).toEqual({ ok: true });
    const anHourOn = new Date(at.getTime() + 60 * 60 * 1000);
    expect(await push().subscribe(endpoint.subscribe(), { clientIp: "203.0.113.7", now: anHourOn })).toEqual({ ok: true });
  });

  test("saving an announcement with 5,000 subscribers writes one row; the fan-out makes the 5,000 pushes", async () => {
    const at = new Date().toISOString();
    const p256dh = Buffer.concat([Buffer.from([4]), crypto.randomBytes(64)]).toString("base64url");
    const rows = Array.from({ length: 5000 }, (_, index) => ({
      id: newId(),
      endpoint: `https://push.example.com/send/${index}`,
      p256dh,
      auth: crypto.randomBytes(16).toString("base64url"),
      createdAt: at,
      refreshedAt: at,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await database.db
        .insertInto("pushSubscriptions")
        .values(rows.slice(start, start + 500))
        .execute();
    }
    expect(await subscriptionCount()).toBe(5000);

    const id = await create();
    expect(await deliveries()).toBe(0);
    expect(await broadcasts()).toMatchObject([{ announcementId: id, state: "pending" }]);

    expect(await push().fanOutDue()).toBe(1);
    expect(await deliveries()).toBe(5000);
    expect(await broadcasts()).toMatchObject([{ state: "fanned-out", recipients: 5000 }]);
  });

  test("the retention sweep deletes subscriptions no visit refreshed in the period", async () => {
    endpoint = await startPushEndpoint();
    const [stale, refreshed, recent] = [endpoint.subscribe(), endpoint.subscribe(), endpoint.subscribe()];
    const now = new Date("2030-07-01T00:00:00.000Z");
    await push().subscribe(stale, { now: new Date("2029-12-31T23:59:59.000Z") });
    await push().subscribe(refreshed, { now: new Date("2029-06-01T00:00:00.000Z") });
    await push().subscribe(refreshed, { now: new Date("2030-06-01T00:00:00.000Z") });
    await push().subscribe(recent, { now: new Date("2030-06-30T00:00:00.000Z") });
    const personalData = personalDataService({ db: database.db, mailFiles: mailFiles(dir), erase: erase(), logger });
    await createRepos(database.db).settings.setRetentionMonths(6);

    await personalData.sweep(now);
    const left = await database.db.selectFrom("pushSubscriptions").select("endpoint").orderBy("endpoint").execute();
    expect(left.map((row) => row.endpoint)).toEqual([refreshed.endpoint, recent.endpoint].sort());
  });
});
