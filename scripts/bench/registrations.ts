import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Engine } from "../../server/db/database";
import { type ProductionServer, signIn, siteOrigin, startProductionServer } from "../lib/production-server";
import { nearestRank } from "./report";
import { DEFAULT_POSTGRES_URL, postgresRun, postgresUnreachable } from "./requests";

/** The case: a class told in its WhatsApp group; this many register for one announcement at once. */
export const REGISTRANTS = 300;
/** The announcement's places: the rest go on the waiting list. */
export const PLACES = 100;
/** Each registration is answered within this at the 95th percentile. */
export const REGISTRATION_P95_TARGET_MS = 1000;
/** The minute: each person registers at a moment of it (spread evenly, in a shuffled order). */
export const RUSH_SECONDS = 60;

/** What one rush came to: every answer's time, status and text. */
interface Rush {
  ms: number[];
  /** From the first sent to the last answered. */
  wallMs: number;
  answered: Record<string, number>;
  waitingPositions: number;
}

/** A rush with what the admin's page then says is stored. */
type MeasuredRush = Rush & { registered: number; waiting: number };

export type RegistrationsResult =
  | { engine: Engine; skipped: string }
  | {
      engine: Engine;
      instances: number;
      /** REGISTRANTS over RUSH_SECONDS: the case, with its target. */
      minute: MeasuredRush;
      /** REGISTRANTS all at the same moment, for another announcement: a harder case than the issue's, without a target. */
      burst: MeasuredRush;
    };

/** One registration as the form sends it: the person says yes to the waiting list. */
const registrationBody = (n: number) =>
  new URLSearchParams({
    name: `Student ${n}`,
    email: `student.${n}@example.org`,
    phone: `0300${String(1_000_000 + n).slice(1)}`,
    class: "2nd Year",
    waitingList: "yes",
    submissionKey: crypto.randomUUID(),
  });

/** The announcement, made through the admin's form as the dialog sends it; its id read back from the admin list. */
async function createAnnouncement(server: ProductionServer, cookie: string): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: "Bench workshop",
    description: "A workshop the bench registers a class for.",
    registration: "here",
    capacity: String(PLACES),
  }))
    form.append(name, value);
  const answer = await fetch(`${server.url}/admin/announcements`, {
    method: "POST",
    body: form,
    headers: { ...siteOrigin(server.url), cookie },
  });
  if (answer.status !== 200) throw new Error(`creating the announcement answered ${answer.status}: ${await answer.text()}`);
  const list = await (await fetch(`${server.url}/admin-announcement`, { headers: { cookie } })).text();
  const id = /\/admin\/announcements\/([0-9a-f-]{36})\/registrations/.exec(list)?.[1];
  if (!id) throw new Error("the new announcement is not on the admin list");
  return id;
}

/** When the n-th person registers: a moment of the minute, each of REGISTRANTS slots taken once, in a shuffled order. */
const spreadOffsetMs = (n: number) => (((n * 7919) % REGISTRANTS) / REGISTRANTS) * RUSH_SECONDS * 1000;

/**
 * Everyone registers at their moment (`offsetMs`), alternately through each instance, from one address, as a phone
 * with JavaScript does (the form's post to the page's `.data`).
 */
async function rush(servers: readonly ProductionServer[], id: string, offsetMs: (n: number) => number): Promise<Rush> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REGISTRANTS }, async (_, n) => {
      const at = started + offsetMs(n);
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      const url = servers[n % servers.length]!.url;
      const response = await fetch(`${url}/announcement/${id}/register.data`, {
        method: "POST",
        headers: { ...siteOrigin(url), "Content-Type": "application/x-www-form-urlencoded", Accept: "*/*" },
        body: registrationBody(n),
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - sent };
    }),
  );
  const answered: Record<string, number> = {};
  for (const answer of answers) answered[answer.status] = (answered[answer.status] ?? 0) + 1;
  const positions = new Set(answers.flatMap((answer) => /waiting list \(number (\d+)\)/.exec(answer.text)?.[1] ?? []));
  return { ms: answers.map((answer) => answer.ms), wallMs: performance.now() - started, answered, waitingPositions: positions.size };
}

/** What the admin's registrations page says is stored. */
async function countsOf(server: ProductionServer, id: string, admin: { email: string; password: string }) {
  const page = await fetch(`${server.url}/admin/announcements/${id}/registrations`, {
    headers: { cookie: await signIn(server.url, admin.email, admin.password) },
  });
  const counts = /(\d+) registered of \d+ places?, (\d+) on the waiting list/.exec((await page.text()).replaceAll("<!-- -->", ""));
  if (!counts) throw new Error("the admin's registrations page shows no counts");
  return { registered: Number(counts[1]), waiting: Number(counts[2]) };
}

/**
 * On `engine`, with two instances of the production server on one database (SQLite: one file, each instance its own
 * DATA_DIR; PostgreSQL: a schema of its own, dropped afterwards): REGISTRANTS registering within RUSH_SECONDS for
 * one announcement, then REGISTRANTS at the same moment for another. Counts what each answered and what is stored.
 */
export async function benchRegistrations(engine: Engine, admin: { email: string; password: string }, progress: (line: string) => void) {
  const baseUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  if (engine === "postgres") {
    const unreachable = await postgresUnreachable(baseUrl);
    if (unreachable) return { engine, skipped: `skipped: no PostgreSQL (${unreachable})` } satisfies RegistrationsResult;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-registrations-"));
  const schema = engine === "postgres" ? `bench_reg_${process.pid}_${Date.now().toString(36)}` : undefined;
  const servers: ProductionServer[] = [];
  try {
    let databaseUrl = `sqlite:${path.join(root, "site.db")}`;
    if (schema) {
      await postgresRun(baseUrl, `create schema "${schema}"`);
      const url = new URL(baseUrl);
      url.searchParams.set("options", `-c search_path=${schema}`);
      databaseUrl = url.toString();
    }
    for (const name of ["a", "b"]) {
      const dataDir = path.join(root, name);
      fs.mkdirSync(dataDir);
      // One after the other: the first migrates and imports the content, the second finds it done.
      servers.push(
        await startProductionServer({
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: "warn",
          MAIL_TRANSPORT: "log",
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        }),
      );
    }
    const cookie = await signIn(servers[0]!.url, admin.email, admin.password);
    const counted = async (id: string, rush: Rush) => ({ ...rush, ...(await countsOf(servers[1]!, id, admin)) });
    const minuteId = await createAnnouncement(servers[0]!, cookie);
    progress(`registrations on ${engine}: ${REGISTRANTS} registering within ${RUSH_SECONDS} s for ${PLACES} places through 2 instances`);
    const minute = await counted(minuteId, await rush(servers, minuteId, (n) => spreadOffsetMs(n)));
    const burstId = await createAnnouncement(servers[0]!, cookie);
    progress(`registrations on ${engine}: ${REGISTRANTS} registering at the same moment`);
    const burst = await counted(burstId, await rush(servers, burstId, () => 0));
    return { engine, instances: servers.length, minute, burst } satisfies RegistrationsResult;
  } finally {
    for (const server of servers) await server.stop();
    if (schema) await postgresRun(baseUrl, `drop schema if exists "${schema}" cascade`);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** Per database: the answers' timings and what was stored; then each target's PASS or MISS. Returns the checks. */
export function printRegistrationsReport(results: readonly RegistrationsResult[]) {
  console.log(
    `registrations: ${REGISTRANTS} people register for ${PLACES} places within ${RUSH_SECONDS} s (then, for another ` +
      `announcement, all at once), alternately through two instances on one database, all from one address, as the form ` +
      `posts with JavaScript; "p95 ms": from sending to the whole answer, on loopback.`,
  );
  const checks: { target: string; measured: string; pass: boolean }[] = [];
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`${result.engine}: ${result.skipped}`);
      continue;
    }
    const row = (rush: MeasuredRush) => {
      const sorted = [...rush.ms].sort((a, b) => a - b);
      return {
        "answered 200": rush.answered["200"] ?? 0,
        registered: rush.registered,
        waiting: rush.waiting,
        "distinct waiting places": rush.waitingPositions,
        "median ms": Number(nearestRank(sorted, 0.5).toFixed(1)),
        "p95 ms": Number(nearestRank(sorted, 0.95).toFixed(1)),
        "max ms": Number(sorted.at(-1)!.toFixed(1)),
        "all answered in s": Number((rush.wallMs / 1000).toFixed(2)),
      };
    };
    const minute = row(result.minute);
    const burst = row(result.burst);
    console.log(`${result.engine}: ${result.instances} instances`);
    console.table({ [`within ${RUSH_SECONDS} s`]: minute, "all at once (no target)": burst });
    for (const [name, rush, shown] of [
      [`within ${RUSH_SECONDS} s`, result.minute, minute],
      ["all at once", result.burst, burst],
    ] as const) {
      checks.push(
        {
          target: `${result.engine}, ${name}: no one above capacity (${PLACES})`,
          measured: `${rush.registered} registered`,
          pass: rush.registered === PLACES,
        },
        {
          target: `${result.engine}, ${name}: no one lost (${REGISTRANTS} answered and stored)`,
          measured: `${shown["answered 200"]} answered 200, ${rush.registered + rush.waiting} stored, ${rush.waitingPositions} distinct waiting places`,
          pass:
            shown["answered 200"] === REGISTRANTS &&
            rush.registered + rush.waiting === REGISTRANTS &&
            rush.waitingPositions === REGISTRANTS - PLACES,
        },
      );
    }
    checks.push({
      target: `${result.engine}, within ${RUSH_SECONDS} s: p95 < ${REGISTRATION_P95_TARGET_MS} ms`,
      measured: `${minute["p95 ms"]} ms`,
      pass: minute["p95 ms"] < REGISTRATION_P95_TARGET_MS,
    });
  }
  return checks;
}
