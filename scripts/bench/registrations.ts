import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Engine } from "#server/db/database.ts";
import { type ProductionServer, signIn, siteOrigin, startProductionServer } from "#scripts/lib/production-server.ts";
import { type Check, nearestRank } from "./report";
import { inBenchPlace } from "./bench-database";

/** The case: a class told in its WhatsApp group; this many register for one announcement at once. */
export const REGISTRANTS = 300;
/** The announcement's places: the rest go on the waiting list. */
export const PLACES = 100;
/** Each registration, and each confirmation, is answered within this at the 95th percentile. */
export const REGISTRATION_P95_TARGET_MS = 1000;
/** The minute: each person registers at a moment of it (spread evenly, in a shuffled order), and confirms so too. */
export const RUSH_SECONDS = 60;

/** What one rush of requests came to: every answer's time and status, and the answers' texts. */
interface Rush {
  ms: number[];
  /** From the first sent to the last answered. */
  wallMs: number;
  answered: Record<string, number>;
  texts: string[];
}

/** Both rushes for one announcement: the registrations, then their confirmations; with what the admin's page then says is stored. */
interface MeasuredRushes {
  register: Omit<Rush, "texts">;
  confirm: Omit<Rush, "texts">;
  /** Distinct waiting-list places the confirmations' answers named. */
  waitingPositions: number;
  registered: number;
  waiting: number;
}

export type RegistrationsResult =
  | { engine: Engine; skipped: string }
  | {
      engine: Engine;
      instances: number;
      /** REGISTRANTS over RUSH_SECONDS, registering and then confirming: the case, with its target. */
      minute: MeasuredRushes;
      /** REGISTRANTS all at the same moment, registering and then confirming, for another announcement: without a target. */
      burst: MeasuredRushes;
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

/**
 * The n-th person's address: each phone its own (one network may make only 5 registrations per announcement), as
 * students on mobile data are; the servers believe X-Forwarded-For from loopback.
 */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

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
 * Everyone sends `request` at their moment (`offsetMs`), alternately through each instance, as a phone with JavaScript
 * does (the form's post to the page's `.data`).
 */
async function rush(
  servers: readonly ProductionServer[],
  offsetMs: (n: number) => number,
  request: (url: string, n: number) => Promise<Response>,
): Promise<Rush> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REGISTRANTS }, async (_, n) => {
      const at = started + offsetMs(n);
      const wait = at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const sent = performance.now();
      const response = await request(servers[n % servers.length]!.url, n);
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - sent };
    }),
  );
  const answered: Record<string, number> = {};
  for (const answer of answers) answered[answer.status] = (answered[answer.status] ?? 0) + 1;
  return {
    ms: answers.map((answer) => answer.ms),
    wallMs: performance.now() - started,
    answered,
    texts: answers.map((answer) => answer.text),
  };
}

const post = (url: string, body: URLSearchParams, address: string) =>
  fetch(url, {
    method: "POST",
    headers: {
      ...siteOrigin(url),
      "Content-Type": "application/x-www-form-urlencoded",
      Accept: "*/*",
      "X-Forwarded-For": address,
    },
    body,
  });

/** A mail file's text with its quoted-printable encoding undone (soft line breaks joined, =XX decoded). */
const decodedMail = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The tokens of the "Confirm your place" links mailed for announcement `id`, read from the mail files the instances'
 * `log` transport wrote (as the registrants' mailboxes would get them), once all REGISTRANTS have come.
 */
async function mailedTokens(dataDirs: readonly string[], id: string): Promise<string[]> {
  const link = new RegExp(`/announcement/${id}/confirm\\?token=([A-Za-z0-9_-]{43})`, "g");
  const deadline = Date.now() + 120_000;
  for (;;) {
    const tokens = new Set<string>();
    for (const dir of dataDirs.map((dataDir) => path.join(dataDir, "mail"))) {
      if (!fs.existsSync(dir)) continue;
      for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".eml"))) {
        for (const match of decodedMail(fs.readFileSync(path.join(dir, file), "utf8")).matchAll(link)) tokens.add(match[1]!);
      }
    }
    if (tokens.size >= REGISTRANTS) return [...tokens];
    if (Date.now() > deadline) throw new Error(`only ${tokens.size} of ${REGISTRANTS} confirmation mails were written within 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * REGISTRANTS register for announcement `id` at their moments, then, once their mails are written, each presses
 * Confirm on the mailed link's page at the same moments: each rush measured, and what is stored then.
 */
async function registerAndConfirm(
  servers: readonly ProductionServer[],
  dataDirs: readonly string[],
  id: string,
  offsetMs: (n: number) => number,
  counts: () => Promise<{ registered: number; waiting: number }>,
): Promise<MeasuredRushes> {
  const registered = await rush(servers, offsetMs, (url, n) =>
    post(`${url}/announcement/${id}/register.data`, registrationBody(n), addressOf(n)),
  );
  const tokens = await mailedTokens(dataDirs, id);
  const confirmed = await rush(servers, offsetMs, (url, n) =>
    post(`${url}/announcement/${id}/confirm.data?token=${tokens[n]!}`, new URLSearchParams({ token: tokens[n]! }), addressOf(n)),
  );
  const positions = new Set(confirmed.texts.flatMap((text) => /waiting list \(number (\d+)\)/.exec(text)?.[1] ?? []));
  const { texts: _registerTexts, ...register } = registered;
  const { texts: _confirmTexts, ...confirm } = confirmed;
  return { register, confirm, waitingPositions: positions.size, ...(await counts()) };
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
 * one announcement and then confirming from their mailed links within RUSH_SECONDS, then REGISTRANTS registering at
 * the same moment for another and confirming at the same moment. Counts what each answered and what is stored.
 */
export async function benchRegistrations(engine: Engine, admin: { email: string; password: string }, progress: (line: string) => void) {
  const measured = await inBenchPlace(engine, "registrations", async (place) => {
    const root = place.dataDir;
    const databaseUrl = place.databaseUrl ?? `sqlite:${path.join(root, "site.db")}`;
    const servers: ProductionServer[] = [];
    try {
      const dataDirs = ["a", "b"].map((name) => path.join(root, name));
      // Instances that share a database share its secrets key (docs/operations.md), as a society's two would.
      const secretsKey = crypto.randomBytes(32).toString("hex");
      for (const dataDir of dataDirs) {
        fs.mkdirSync(dataDir);
        // One after the other: the first migrates and imports the content, the second finds it done.
        servers.push(
          await startProductionServer({
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            SECRETS_KEY: secretsKey,
            LOG_LEVEL: "warn",
            MAIL_TRANSPORT: "log",
            TRUST_PROXY: "loopback",
            ADMIN_EMAIL: admin.email,
            ADMIN_PASSWORD: admin.password,
          }),
        );
      }
      const cookie = await signIn(servers[0]!.url, admin.email, admin.password);
      const counted = (id: string) => () => countsOf(servers[1]!, id, admin);
      const minuteId = await createAnnouncement(servers[0]!, cookie);
      progress(
        `registrations on ${engine}: ${REGISTRANTS} registering within ${RUSH_SECONDS} s for ${PLACES} places through 2 instances, then confirming within ${RUSH_SECONDS} s`,
      );
      const minute = await registerAndConfirm(servers, dataDirs, minuteId, (n) => spreadOffsetMs(n), counted(minuteId));
      const burstId = await createAnnouncement(servers[0]!, cookie);
      progress(`registrations on ${engine}: ${REGISTRANTS} registering at the same moment, then confirming at the same moment`);
      const burst = await registerAndConfirm(servers, dataDirs, burstId, () => 0, counted(burstId));
      return { instances: servers.length, minute, burst };
    } finally {
      for (const server of servers) await server.stop();
    }
  });
  return { engine, ...measured } satisfies RegistrationsResult;
}

/** Per database: the answers' timings and what was stored; then each target's PASS or MISS. Returns the checks. */
export function printRegistrationsReport(results: readonly RegistrationsResult[]) {
  console.log(
    `registrations: ${REGISTRANTS} people register for ${PLACES} places within ${RUSH_SECONDS} s, then each confirms from ` +
      `the mailed link within ${RUSH_SECONDS} s (then, for another announcement, all at once, twice), alternately through ` +
      `two instances on one database, each from an address of its own, as the pages post with JavaScript; "p95 ms": from ` +
      `sending to the whole answer, on loopback.`,
  );
  const checks: Check[] = [];
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`${result.engine}: ${result.skipped}`);
      continue;
    }
    const row = (rush: MeasuredRushes["register"]) => {
      const sorted = [...rush.ms].sort((a, b) => a - b);
      return {
        "answered 200": rush.answered["200"] ?? 0,
        "median ms": Number(nearestRank(sorted, 0.5).toFixed(1)),
        "p95 ms": Number(nearestRank(sorted, 0.95).toFixed(1)),
        "max ms": Number(sorted.at(-1)!.toFixed(1)),
        "all answered in s": Number((rush.wallMs / 1000).toFixed(2)),
      };
    };
    const stored = (rushes: MeasuredRushes) => ({
      registered: rushes.registered,
      waiting: rushes.waiting,
      "distinct waiting places": rushes.waitingPositions,
    });
    console.log(`${result.engine}: ${result.instances} instances`);
    console.table({
      [`register within ${RUSH_SECONDS} s`]: row(result.minute.register),
      [`confirm within ${RUSH_SECONDS} s`]: { ...row(result.minute.confirm), ...stored(result.minute) },
      "register all at once (no target)": row(result.burst.register),
      "confirm all at once (no target)": { ...row(result.burst.confirm), ...stored(result.burst) },
    });
    for (const [name, rushes] of [
      [`within ${RUSH_SECONDS} s`, result.minute],
      ["all at once", result.burst],
    ] as const) {
      const registered = rushes.register.answered["200"] ?? 0;
      const confirmed = rushes.confirm.answered["200"] ?? 0;
      checks.push(
        {
          target: `${result.engine}, ${name}: no one above capacity (${PLACES})`,
          measured: `${rushes.registered} registered`,
          pass: rushes.registered === PLACES,
        },
        {
          target: `${result.engine}, ${name}: no one lost (${REGISTRANTS} registered, confirmed and stored)`,
          measured:
            `${registered} registrations and ${confirmed} confirmations answered 200, ${rushes.registered + rushes.waiting} stored, ` +
            `${rushes.waitingPositions} distinct waiting places`,
          pass:
            registered === REGISTRANTS &&
            confirmed === REGISTRANTS &&
            rushes.registered + rushes.waiting === REGISTRANTS &&
            rushes.waitingPositions === REGISTRANTS - PLACES,
        },
      );
    }
    for (const step of ["register", "confirm"] as const) {
      const p95 = row(result.minute[step])["p95 ms"];
      checks.push({
        target: `${result.engine}, ${step} within ${RUSH_SECONDS} s: p95 < ${REGISTRATION_P95_TARGET_MS} ms`,
        measured: `${p95} ms`,
        pass: p95 < REGISTRATION_P95_TARGET_MS,
      });
    }
  }
  return checks;
}
