import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { pushSubscriptionsRepo } from "#server/repos/push-subscriptions.ts";
import { signIn, siteOrigin } from "#scripts/lib/production-server.ts";
import type { PushSubscriptionJson } from "#tests/shared/push-endpoint.ts";
import type { PageLoads } from "./report";
import { visit } from "./uploads";

/** The case (43): an announcement's push to 5,000 subscribers, all sent within 60 s. */
export const SUBSCRIBERS = 5_000;
export const PUSH_TARGET_SECONDS = 60;
/** The push worker's poll while benched (the server's default is 5 s; a save wakes it anyway). */
export const BENCH_PUSH_POLL_MS = "200";
/** The visitors' page loads measured at rest, just before the save. */
const AT_REST_SECONDS = 10;
/** How long to wait for the last push before giving up on the run. */
const GIVE_UP_SECONDS = 600;

export interface PushResult {
  subscribers: number;
  /** From the save's post to the last push decrypted by the push service. */
  seconds: number;
  /** How long the save itself took to answer. */
  saveMs: number;
  received: number;
  /** Subscriptions that received at least one push. */
  distinct: number;
  pagesAtRest: PageLoads;
  pages: PageLoads;
}

/**
 * The push service (tests/shared/push-endpoint.ts) in a process of its own (scripts/bench/push-endpoint-process.ts)
 * with SUBSCRIBERS subscriptions made; `certificateFile`, written into `dir`, is for the server's NODE_EXTRA_CA_CERTS.
 */
export async function startPushService(dir: string) {
  const child: ChildProcess = fork(fileURLToPath(new URL("./push-endpoint-process.ts", import.meta.url)), [String(SUBSCRIBERS)], {
    execArgv: ["--import", "tsx"],
    env: { PATH: process.env.PATH ?? "" },
  });
  const ready = await new Promise<{ url: string; certificate: string; subscriptions: PushSubscriptionJson[] }>((resolve, reject) => {
    child.once("message", (message) => resolve(message as never));
    child.once("exit", (code) => reject(new Error(`the push endpoint exited with ${code} before listening`)));
  });
  const certificateFile = path.join(dir, "push-endpoint.pem");
  fs.writeFileSync(certificateFile, ready.certificate);
  return {
    url: ready.url,
    certificateFile,
    subscriptions: ready.subscriptions,
    /** Resolves once `count` pushes have arrived, with when (Date.now()) the last did; `onCount` hears each second's. */
    watch(count: number, onCount: (received: number) => void) {
      return new Promise<{ at: number; received: number; distinct: number }>((resolve, reject) => {
        const listen = (message: { done?: number; received: number; distinct?: number }) => {
          if (message.done === undefined) return onCount(message.received);
          child.off("message", listen);
          resolve({ at: message.done, received: message.received, distinct: message.distinct ?? 0 });
        };
        child.on("message", listen);
        child.once("exit", (code) => reject(new Error(`the push endpoint exited with ${code}`)));
        child.send({ watch: count });
      });
    },
    stop: () => new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve).kill() : resolve(undefined))),
  };
}

export type PushService = Awaited<ReturnType<typeof startPushService>>;

/**
 * On the site server (`serverUrl`, its SQLite database open beside it as `db`, started trusting `service`'s
 * certificate): SUBSCRIBERS push subscriptions written straight into the database; visitors load the home and events
 * pages at a steady rate (uploads.ts's `visit`: wrk, a process of its own) for AT_REST_SECONDS, then again while the
 * admin saves an announcement with "Send notification" ticked, timed until the push service has the last push.
 */
export async function benchPush(
  serverUrl: string,
  db: Kysely<Database>,
  service: PushService,
  admin: { email: string; password: string },
  pageHeaders: Record<string, string>,
  progress: (line: string) => void,
): Promise<PushResult> {
  progress(`push: writing ${SUBSCRIBERS} push subscriptions into the database`);
  const at = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    const subscriptions = pushSubscriptionsRepo(trx);
    for (const subscription of service.subscriptions) await subscriptions.upsert(subscription, at);
  });
  const cookie = await signIn(serverUrl, admin.email, admin.password);
  progress(`push: visitors load pages for ${AT_REST_SECONDS} s at rest`);
  const pagesAtRest = await visit(serverUrl, AT_REST_SECONDS, pageHeaders).result;
  // Stopped once the last push arrives; the duration only bounds a run that would otherwise never end.
  const visitors = visit(serverUrl, GIVE_UP_SECONDS, pageHeaders);
  let lastSaid = 0;
  const arrived = service.watch(SUBSCRIBERS, (received) => {
    if (Date.now() - lastSaid < 10_000) return;
    lastSaid = Date.now();
    progress(`push: ${received} of ${SUBSCRIBERS} received`);
  });
  progress(`push: saving an announcement with "Send notification" while visitors load pages`);
  const started = Date.now();
  const form = new FormData();
  form.append("description", "Blood donation camp on Saturday\nThe main hall, from 9 to 3. Bring your student card.");
  form.append("sendNotification", "on");
  const saved = await fetch(`${serverUrl}/admin/announcements`, {
    method: "POST",
    headers: { ...siteOrigin(serverUrl), cookie },
    body: form,
    redirect: "manual",
  });
  const answer = await saved.text();
  const saveMs = Date.now() - started;
  if (saved.status >= 400) throw new Error(`saving the announcement answered ${saved.status}: ${answer.slice(0, 300)}`);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`pushes still arriving after ${GIVE_UP_SECONDS} s`)), GIVE_UP_SECONDS * 1000).unref(),
  );
  const last = await Promise.race([arrived, timeout]);
  visitors.stop();
  const pages = await visitors.result;
  return {
    subscribers: SUBSCRIBERS,
    seconds: (last.at - started) / 1000,
    saveMs,
    received: last.received,
    distinct: last.distinct,
    pagesAtRest,
    pages,
  };
}

/** The push case's line of the report, and its targets. */
export function pushReport(result: PushResult) {
  const { pages, pagesAtRest: rest } = result;
  const line =
    `push: ${result.distinct} of ${result.subscribers} subscribers sent an announcement's push (${result.received} received, decrypted) in ` +
    `${result.seconds.toFixed(1)} s, ${Math.round(result.received / result.seconds)} pushes/s (the save answered in ${result.saveMs} ms); ` +
    `meanwhile ${pages.requests} page loads (/ and /events-and-activities): p50 ${pages.p50Ms} ms, p95 ${pages.p95Ms} ms, ` +
    `p99 ${pages.p99Ms} ms, slowest ${pages.maxMs} ms (at rest just before: ${rest.requests} loads, p50 ${rest.p50Ms} ms, p95 ${rest.p95Ms} ms)`;
  const checks = [
    {
      target: `${result.subscribers} pushes sent < ${PUSH_TARGET_SECONDS} s`,
      measured: `${result.seconds.toFixed(1)} s`,
      pass: result.distinct === result.subscribers && result.seconds < PUSH_TARGET_SECONDS,
    },
    { target: "pages while pushing: p95 < 100 ms", measured: `${pages.p95Ms} ms`, pass: pages.p95Ms < 100 },
    { target: "no page errors while pushing", measured: String(pages.errors), pass: pages.errors === 0 },
  ];
  return { line, checks };
}
