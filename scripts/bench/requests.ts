import fs from "node:fs";
import http from "node:http";
import { sql } from "kysely";
import { v7 as uuidv7 } from "uuid";
import { joinSubmissionSchema } from "#core/schemas/join.ts";
import type { ApplicationStatus } from "#core/schemas/applications.ts";
import site from "#content/site.ts";
import { parseConfig } from "#server/config.ts";
import { createDatabase, type Engine, migrateToLatest } from "#server/db/database.ts";
import type { NewApplication } from "#server/db/schema.ts";
import { serializeAnswers } from "#server/repos/applications.ts";
import { signIn, startProductionServer } from "#scripts/lib/production-server.ts";
import { applicant } from "#scripts/lib/seed.ts";
import { inBenchPlace } from "./bench-database";
import { megabytes, median, p95, parseProcStatus } from "./report";

/** The case: the admin panel with this many join requests in the database. */
export const SEEDED_REQUESTS = 10_000;
/** The requests span this many days back from the bench's start, newest first. */
const SPREAD_DAYS = 365;
/** The newest this many requests (about a month) are mostly still new; the committee has handled most older ones. */
const RECENT_REQUESTS = 800;
const INSERT_BATCH = 500;
/** The target for the panel's first page and any search, and a sensible one for the export of every request. */
export const REQUESTS_TARGETS = { pageMs: 200, csvMs: 2000 } as const;

/** One GET the admin makes, with the median it must stay under. */
export interface RequestCase {
  name: string;
  path: string;
  targetMs: number;
}

/** One case's timings: every timed request from sending to the last byte (client), and as the server logged it. */
export interface CaseResult extends RequestCase {
  clientMs: number[];
  serverMs: number[];
  /** Bytes of one answer as sent (compressed when the server compressed it). */
  bytes: number;
  /** Bytes of the answer uncompressed. */
  plainBytes: number;
  /** How many requests the panel said match ("Showing 1–25 of N"), or the export's rows. */
  matching: number;
  /** The server's peak resident memory (VmHWM) once this case and those before it were answered. */
  peakRssBytes: number;
}

export type EngineResult = { engine: Engine; skipped: string } | { engine: Engine; seedSeconds: number; cases: CaseResult[] };

/** The n-th request's status: most of the last month's still new, the older ones mostly contacted, accepted or rejected. */
export function seededStatus(n: number): ApplicationStatus {
  const bucket = (n * 37) % 100;
  const [newShare, contacted, accepted] = n < RECENT_REQUESTS ? [80, 90, 95] : [10, 40, 72];
  return bucket < newShare ? "new" : bucket < contacted ? "contacted" : bucket < accepted ? "accepted" : "rejected";
}

/** When the n-th newest of `count` requests came: spread evenly over SPREAD_DAYS before `now`, with jitter within its slot. */
export function seededTime(n: number, count: number, now: Date): Date {
  const slot = (SPREAD_DAYS * 24 * 60 * 60 * 1000) / count;
  const jitter = ((n * 7919) % 1000) / 1000;
  return new Date(Math.floor(now.getTime() - (n + jitter) * slot));
}

/** The n-th of `count` requests as the join service stores one (the same normalising schema), with its status and time. */
export function seededRequest(n: number, count: number, now: Date): NewApplication {
  const submission = joinSubmissionSchema.parse(applicant(n));
  const answers = [
    submission.question1,
    submission.question2,
    submission.question3,
    submission.question4,
    submission.question5.join(", "),
    submission.question6.join(", "),
  ].map((answer, i) => ({ question: site.joinQuestions[i] ?? `Question ${i + 1}`, answer }));
  const createdAt = seededTime(n, count, now);
  return {
    // A UUIDv7 of its own time, as the service gives one at submission.
    id: uuidv7({ msecs: createdAt.getTime() }),
    fullname: submission.fullname,
    class: submission.class,
    department: submission.department,
    sargodhaAddress: submission.sargodhaAddress,
    permanentAddress: submission.permanentAddress,
    email: submission.email,
    phone: submission.phone,
    bloodGroup: submission.bloodGroup === "" ? null : submission.bloodGroup,
    answers: serializeAnswers(answers),
    submissionKey: submission.submissionKey,
    createdAt: createdAt.toISOString(),
    status: seededStatus(n),
  };
}

/**
 * The admin's GETs, each a new question to the database: the first page; a search by a surname (about one request in
 * eleven); by seven digits of one applicant's phone (one request: every row is read); the third page of the accepted;
 * a month three months back; and the CSV export of all requests.
 */
export function requestCases(now: Date): RequestCase[] {
  const phoneDigits = applicant(4242).phone.slice(4, 11);
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
  // The day before the first of the month after.
  const lastDay = new Date(Date.parse(month(-2)) - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const page = REQUESTS_TARGETS.pageMs;
  return [
    { name: "first page", path: "/admin", targetMs: page },
    { name: "search: name", path: "/admin?q=Qureshi", targetMs: page },
    { name: "search: phone digits", path: `/admin?q=${phoneDigits}`, targetMs: page },
    { name: "accepted, page 3", path: "/admin?status=accepted&page=3", targetMs: page },
    { name: "one month", path: `/admin?from=${month(-3)}&to=${lastDay}`, targetMs: page },
    { name: "CSV, all requests", path: "/admin/requests.csv", targetMs: REQUESTS_TARGETS.csvMs },
  ];
}

/** Each case's PASS or MISS: the median of its timed requests under its target. */
export function requestTargets(results: readonly EngineResult[]) {
  return results.flatMap((result) =>
    "skipped" in result
      ? []
      : result.cases.map((c) => {
          const measured = median(c.clientMs);
          return {
            target: `${result.engine} ${c.path}: median < ${c.targetMs} ms`,
            measured: `${measured.toFixed(1)} ms`,
            pass: measured < c.targetMs,
          };
        }),
  );
}

/** A phone's Chromium, as the bench's page endpoints, signed in. */
const browserHeaders = (cookie: string, acceptEncoding: string) => ({
  "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
  "Accept-Encoding": acceptEncoding,
  "Accept-Language": "en-GB,en;q=0.9",
  Cookie: cookie,
});

/** One GET on a kept-alive connection: its status, body as sent, and the milliseconds from sending to the last byte. */
function timedGet(url: string, headers: Record<string, string>, agent: http.Agent) {
  return new Promise<{ status: number; body: Buffer; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { headers, agent }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** How many requests the answer holds: the panel's "of N requests", or the export's lines after its header. */
function matchingOf(requestCase: RequestCase, body: string): number {
  if (requestCase.path.startsWith("/admin/requests.csv")) return body.split("\r\n").filter((line) => line !== "").length - 1;
  if (!body.includes(`All Requests (${SEEDED_REQUESTS})`))
    throw new Error(`GET ${requestCase.path} is not the panel of ${SEEDED_REQUESTS} requests`);
  const shown = /Showing \d+–\d+ of (\d+) requests?/.exec(body);
  if (!shown) throw new Error(`GET ${requestCase.path} shows no requests`);
  return Number(shown[1]);
}

/** The `ms` of the server's request log lines (one JSON line per request) for `pathname`, in `output`. */
function loggedMs(output: string, pathname: string): number[] {
  return output
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { path?: string; ms?: number })
    .filter((line) => line.path === pathname && typeof line.ms === "number")
    .map((line) => line.ms!);
}

/**
 * A case: one answer uncompressed to check it is what the admin asked for, `warmup` GETs not timed, then `samples`
 * timed ones one after another, as a browser sends them.
 */
async function measureCase(
  server: { url: string; pid: number; output(): string },
  requestCase: RequestCase,
  cookie: string,
  { samples, warmup, acceptEncoding }: RequestsOptions,
): Promise<CaseResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `${server.url}${requestCase.path}`;
    // Also the first warm-up.
    const plain = await timedGet(url, browserHeaders(cookie, "identity"), agent);
    if (plain.status !== 200) throw new Error(`GET ${requestCase.path} answered ${plain.status}`);
    const matching = matchingOf(requestCase, plain.body.toString("utf8"));
    const headers = browserHeaders(cookie, acceptEncoding);
    for (let i = 0; i < warmup; i++) await timedGet(url, headers, agent);
    const logged = server.output().length;
    const clientMs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < samples; i++) {
      const answer = await timedGet(url, headers, agent);
      if (answer.status !== 200) throw new Error(`GET ${requestCase.path} answered ${answer.status}`);
      clientMs.push(answer.ms);
      bytes = answer.body.length;
    }
    // The log line is written when the answer is finished; give the last one a moment to reach the pipe.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const serverMs = loggedMs(server.output().slice(logged), new URL(url).pathname);
    const { peakBytes } = parseProcStatus(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"));
    return { ...requestCase, clientMs, serverMs, bytes, plainBytes: plain.body.length, matching, peakRssBytes: peakBytes };
  } finally {
    agent.destroy();
  }
}

/** Migrates, then writes SEEDED_REQUESTS requests in batches in one transaction: a second, where the join service takes minutes. */
async function seedRequests(target: ReturnType<typeof parseConfig>["database"], now: Date) {
  const database = createDatabase(target);
  try {
    await migrateToLatest(database.db);
    await database.db.transaction().execute(async (trx) => {
      for (let first = 0; first < SEEDED_REQUESTS; first += INSERT_BATCH) {
        const rows = [];
        for (let n = first; n < Math.min(first + INSERT_BATCH, SEEDED_REQUESTS); n++) rows.push(seededRequest(n, SEEDED_REQUESTS, now));
        await trx.insertInto("applications").values(rows).execute();
      }
    });
    // What autovacuum does within a minute of such an insert; SQLite's statistics are never gathered by the server.
    if (target.engine === "postgres") await sql`analyze applications`.execute(database.db);
  } finally {
    await database.close();
  }
}

export interface RequestsOptions {
  samples: number;
  warmup: number;
  acceptEncoding: string;
}

/**
 * On `engine` (PostgreSQL in a schema of its own, dropped afterwards): SEEDED_REQUESTS join requests written straight
 * into a fresh database, the production server started on it, the bench's admin signed in, then each case measured.
 */
export async function benchRequests(
  engine: Engine,
  admin: { email: string; password: string },
  options: RequestsOptions,
  progress: (line: string) => void,
): Promise<EngineResult> {
  const now = new Date();
  const measured = await inBenchPlace(engine, "requests", async ({ dataDir, databaseUrl }) => {
    const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
    progress(`requests on ${engine}: seeding ${SEEDED_REQUESTS} join requests over ${SPREAD_DAYS} days`);
    const seeding = performance.now();
    await seedRequests(config.database, now);
    const seedSeconds = (performance.now() - seeding) / 1000;
    progress(`requests on ${engine}: seeded in ${seedSeconds.toFixed(1)} s; starting the production server`);
    const server = await startProductionServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      MAIL_TRANSPORT: "log",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const cookie = await signIn(server.url, admin.email, admin.password);
      const cases: CaseResult[] = [];
      for (const requestCase of requestCases(now)) {
        const result = await measureCase(server, requestCase, cookie, options);
        progress(
          `requests on ${engine}: ${requestCase.path} (${result.matching} matching, ${(result.plainBytes / 1000).toFixed(0)} KB uncompressed): median ${median(result.clientMs).toFixed(1)} ms, ` +
            `p95 ${p95(result.clientMs).toFixed(1)} ms`,
        );
        cases.push(result);
      }
      if (server.output().includes("join requests load failed"))
        throw new Error(`the panel failed to load the requests:\n${server.output()}`);
      return { seedSeconds, cases };
    } finally {
      await server.stop();
    }
  });
  return { engine, ...measured };
}

/** Per database, a table of the cases; then each target's PASS or MISS. Returns the checks. */
export function printRequestsReport(results: readonly EngineResult[], options: RequestsOptions) {
  console.log(
    `requests: ${SEEDED_REQUESTS} join requests; per GET ${options.warmup} warm-up then ${options.samples} timed, one after another, ` +
      `signed in, Accept-Encoding "${options.acceptEncoding}". "median ms" and "p95 ms": from sending to the last byte, on ` +
      `loopback; PASS or MISS is the median's. "server log": the server's own request line (arrival to answer written).`,
  );
  for (const result of results) {
    if ("skipped" in result) {
      console.log(`${result.engine}: ${result.skipped}`);
      continue;
    }
    console.log(
      `${result.engine}: seeded in ${result.seedSeconds.toFixed(1)} s; "RSS peak" is the server's VmHWM once that GET and those above it were answered`,
    );
    console.table(
      Object.fromEntries(
        result.cases.map((c) => {
          return [
            c.name,
            {
              path: c.path,
              matching: c.matching,
              "median ms": Number(median(c.clientMs).toFixed(1)),
              "p95 ms": Number(p95(c.clientMs).toFixed(1)),
              "server log median ms": c.serverMs.length > 0 ? Number(median(c.serverMs).toFixed(1)) : "-",
              "KB sent": Number((c.bytes / 1000).toFixed(1)),
              "RSS peak": megabytes(c.peakRssBytes),
              target: `< ${c.targetMs} ms`,
              result: median(c.clientMs) < c.targetMs ? "PASS" : "MISS",
            },
          ];
        }),
      ),
    );
  }
  return requestTargets(results);
}

/** The databases measured, in turn. */
export const REQUESTS_ENGINES: readonly Engine[] = ["sqlite", "postgres"];
