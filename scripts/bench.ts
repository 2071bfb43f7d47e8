/**
 * `npm run bench`: the production server on a fresh SQLite DATA_DIR seeded like a site a few months into use
 * (20 announcements with photos, 500 applications), beside a baseline: a bare `node:http` server, forked, answering
 * the same bytes from memory. `wrk`, a process of its own (scripts/bench/wrk.ts), drives both in turn with the same
 * headers, connections and duration: the home page, announcements, events and activities, one announcement image; and
 * the server alone with join submissions (POST /join.data, which the baseline has no equivalent of; each a new
 * applicant, scripts/bench/join-load.ts). Without wrk the bench stops and says how to install it. Prints requests/s and latencies with the ratio to the
 * baseline, the server's memory, and PASS/MISS per target; exits 1 on any error response or missed target.
 * Then `requests` (scripts/bench/requests.ts): the admin panel's list, searches and CSV export with 10,000 join
 * requests, on SQLite and on PostgreSQL (when it answers at TEST_DATABASE_URL or the default local URL); and
 * `registrations` (scripts/bench/registrations.ts): 300 people registering at once for one announcement's 100 places,
 * then confirming from their mailed links, through two instances, on each database; `blood` (the coordinators' match
 * list) and `check-in` (tickets scanned at the door of an event with 2,000), in process, on each database. `push`
 * (scripts/bench/push.ts): an announcement's push to 5,000 subscribers while visitors load pages, on the site's server.
 *
 *   npm run bench [-- --duration 8 --connections 50 --join-connections 10 --rounds 3 --only home,join,registrations --accept-encoding identity --samples 30]
 *
 * Not part of `npm test`: timings on shared machines are noisy, so only ratios measured side by side are compared.
 * docs/performance.md explains how to read the output.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { errorMessage } from "#core/errors.ts";
import type { Engine } from "#server/db/database.ts";
import type { CapturedResponse } from "./bench/baseline-server";
import { checkTargets, type EndpointRuns, type LoadResult, megabytes, parseProcStatus, summarise, uploadTargets } from "./bench/report";
import type { Check } from "./bench/report";
import { benchRequests, printRequestsReport, REQUESTS_ENGINES, type RequestsOptions } from "./bench/requests";
import { benchRegistrations, printRegistrationsReport } from "./bench/registrations";
import { benchUploads, type UploadsResult } from "./bench/uploads";
import { benchCertificates, type CertificatesResult, certificatesReport } from "./bench/certificates";
import { benchPush, BENCH_PUSH_POLL_MS, type PushResult, pushReport, type PushService, startPushService } from "./bench/push";
import { benchBloodMatch, printBloodMatchReport } from "./bench/blood-match";
import { benchCheckIn, printCheckInReport } from "./bench/check-in";
import { APPLICANTS_PER_RUN, joinHeaders, joinScript } from "./bench/join-load";
import { requireWrk, runWrk } from "./bench/wrk";
import { freePort, startProductionServer } from "./lib/production-server";
import { openSite, seedAnnouncements, seedApplications } from "./lib/seed";

const ENDPOINTS = ["home", "announcements", "events", "image", "join"];
/** Not an endpoint: twenty phone photos uploaded at once while visitors load pages (scripts/bench/uploads.ts), last. */
const UPLOADS = "uploads";
/** Not an endpoint: an event's 500 certificates issued and mailed while visitors load pages (scripts/bench/certificates.ts). */
const CERTIFICATES = "certificates";
/** Not an endpoint: an announcement's push to 5,000 subscribers while visitors load pages (scripts/bench/push.ts). */
const PUSH = "push";
/** Not an endpoint either: the admin panel with 10,000 join requests, on each database (scripts/bench/requests.ts). */
const REQUESTS = "requests";
/** 300 registering for one announcement at once, then confirming, through two instances, on each database (scripts/bench/registrations.ts), last. */
const REGISTRATIONS = "registrations";
/** The blood coordinators' match list with 10,000 donors and 2,000 requests, on each database, in process (scripts/bench/blood-match.ts). */
const BLOOD = "blood";
/** Tickets scanned at the door of an event with 2,000 of them, on each database, in process (scripts/bench/check-in.ts). */
const CHECK_IN = "check-in";
const SECTIONS = [...ENDPOINTS, UPLOADS, CERTIFICATES, PUSH, REQUESTS, REGISTRATIONS, BLOOD, CHECK_IN];
/** The sections that run on each database, with servers (or a database) of their own. */
const ENGINE_SECTIONS = [REQUESTS, REGISTRATIONS, BLOOD, CHECK_IN];
/** GETs of each admin request not timed before the timed ones (JIT, the database's caches). */
const REQUESTS_WARMUP = 5;
const BENCH_ADMIN = { email: "bench@example.org", password: "a bench admin's long password" };
const SEEDED_ANNOUNCEMENTS = 20;
const SEEDED_APPLICATIONS = 500;
/** Each warm-up run (JIT, caches, connection set-up) lasts this long at most, and is not measured. */
const WARMUP_SECONDS = 2;
/** Headers `node:http` writes on every response by itself: the baseline leaves them to it rather than send them twice. */
const WRITTEN_BY_NODE = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

const progress = (line: string) => console.error(`bench: ${line}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

function benchOptions() {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "8" },
      connections: { type: "string", default: "50" },
      "join-connections": { type: "string", default: "10" },
      rounds: { type: "string", default: "3" },
      only: { type: "string", default: SECTIONS.join(",") },
      samples: { type: "string", default: "30" },
      // A browser's by default: the server compresses pages (brotli) for it, and the baseline replays those bytes.
      "accept-encoding": { type: "string", default: "gzip, deflate, br, zstd" },
    },
  });
  const whole = (name: "duration" | "connections" | "join-connections" | "rounds" | "samples") => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} expects a whole number of at least 1 (got "${values[name]}")`);
    return n;
  };
  const only = values.only.split(",").map((name) => name.trim());
  const unknown = only.filter((name) => !SECTIONS.includes(name));
  if (unknown.length > 0) throw new Error(`--only expects some of ${SECTIONS.join(", ")} (got "${unknown.join(", ")}")`);
  const [duration, connections, rounds, samples] = [whole("duration"), whole("connections"), whole("rounds"), whole("samples")];
  return {
    duration,
    connections,
    joinConnections: whole("join-connections"),
    rounds,
    samples,
    only,
    acceptEncoding: values["accept-encoding"],
  };
}

/** The server's resident memory, peak and now (Linux). */
const readProcessMemory = (pid: number) => parseProcStatus(fs.readFileSync(`/proc/${pid}/status`, "utf8"));

/** GETs `url` once, keeping the body as sent on the wire (fetch would decompress it, and the baseline must send it as is). */
async function capture(url: string, headers: Record<string, string>): Promise<CapturedResponse> {
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(url, { headers }, resolve).on("error", reject));
  return {
    path: new URL(url).pathname,
    status: response.statusCode ?? 0,
    headers: Object.fromEntries(Object.entries(response.headers).filter(([name]) => !WRITTEN_BY_NODE.has(name))),
    body: await buffer(response),
  };
}

/** Forks scripts/bench/baseline-server.ts and hands it the captured responses over IPC; resolves with its URL once it listens. */
async function startBaseline(responses: CapturedResponse[]) {
  const child = fork(fileURLToPath(new URL("./bench/baseline-server.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    serialization: "advanced",
  });
  const port = await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`the baseline server exited with ${code} before listening`)));
    child.send(responses);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve).kill() : resolve(undefined))),
  };
}

/** The endpoints measured, each with the headers a phone's browser sends for it; `imagePath` is one announcement image. */
function benchEndpoints(imagePath: string, acceptEncoding: string) {
  // Chromium on a phone, as the site's visitors mostly are; every request to either server carries these.
  const browser = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Accept-Encoding": acceptEncoding,
    "Accept-Language": "en-GB,en;q=0.9",
  };
  const pageHeaders = { ...browser, Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8" };
  return [
    { name: "home", path: "/", page: true, headers: pageHeaders },
    { name: "announcements", path: "/announcement", page: true, headers: pageHeaders },
    { name: "events", path: "/events-and-activities", page: true, headers: pageHeaders },
    {
      name: "image",
      path: imagePath,
      page: false,
      headers: { ...browser, Accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" },
    },
    { name: "join", path: "/join.data", page: false, headers: { ...browser, Accept: "*/*" } },
  ];
}

type Endpoint = ReturnType<typeof benchEndpoints>[number];

/** Each endpoint's response from the server, GET by GET, for the baseline to replay. */
async function captureResponses(serverUrl: string, endpoints: readonly Endpoint[]): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const endpoint of endpoints.filter((e) => e.name !== "join")) {
    const response = await capture(`${serverUrl}${endpoint.path}`, endpoint.headers);
    if (response.status !== 200) throw new Error(`GET ${endpoint.path} answered ${response.status}; nothing to compare with`);
    progress(`${endpoint.path}: ${response.body.length} bytes, ${String(response.headers["content-encoding"] ?? "not compressed")}`);
    captured.push(response);
  }
  return captured;
}

/**
 * A warm-up round, then `options.rounds` measured ones. In each round the server and the baseline run back to back,
 * taking turns at going first; `beforeRun` waits until the mail backlog is delivered.
 */
async function runRounds(
  endpoints: readonly Endpoint[],
  urls: { server: string; baseline: string },
  options: ReturnType<typeof benchOptions>,
  beforeRun: () => Promise<void>,
): Promise<EndpointRuns[]> {
  let nextApplicant = SEEDED_APPLICATIONS + 1;
  const runs: EndpointRuns[] = endpoints.map((e) => ({
    ...e,
    server: [],
    ...(e.name === "join" ? {} : { baseline: [] }),
    warmupErrors: 0,
  }));
  // Round -1 is the warm-up.
  for (let round = -1; round < options.rounds; round++) {
    const seconds = round < 0 ? Math.min(WARMUP_SECONDS, options.duration) : options.duration;
    progress(round < 0 ? `warming up (${seconds} s per endpoint and server, not measured)` : `round ${round + 1} of ${options.rounds}`);
    for (const [i, endpoint] of endpoints.entries()) {
      const targets = endpoint.name === "join" ? ["server"] : round % 2 === 0 ? ["server", "baseline"] : ["baseline", "server"];
      for (const target of targets as ("server" | "baseline")[]) {
        await beforeRun();
        const url = `${urls[target]}${endpoint.path}`;
        let run: LoadResult;
        if (endpoint.name === "join") {
          const join = joinScript(nextApplicant);
          nextApplicant += APPLICANTS_PER_RUN;
          const headers = { ...endpoint.headers, ...joinHeaders(urls.server) };
          run = await runWrk({ url, connections: options.joinConnections, seconds, headers, script: join.script }).finally(join.remove);
        } else {
          run = await runWrk({ url, connections: options.connections, seconds, headers: endpoint.headers });
        }
        progress(
          `${endpoint.name} on the ${target}: ${run.requestsPerSecond.toFixed(0)} req/s, p99 ${run.p99Ms} ms, ${run.errors} error(s)`,
        );
        if (round < 0) runs[i]!.warmupErrors += run.errors;
        else runs[i]![target]!.push(run);
      }
    }
  }
  return runs;
}

/** The results table, the server's memory and each target's PASS or MISS; exit code 1 on a miss. */
function printReport(
  options: ReturnType<typeof benchOptions>,
  runs: readonly EndpointRuns[],
  memory: { seeded: number; peak: number; after: number },
  machine: { cores: number; loadAtStart: string },
  uploads: UploadsResult | undefined,
  certificates: CertificatesResult | undefined,
  push: PushResult | undefined,
): void {
  console.log(
    `npm run bench: wrk, ${options.rounds} round(s) of ${options.duration} s per endpoint and server, ${options.connections} connections ` +
      `(join: ${options.joinConnections}), ` +
      `Accept-Encoding "${options.acceptEncoding}", median round shown; ${machine.cores} cores; load average ${machine.loadAtStart} at start, ${loadAverage()} at the end`,
  );
  const summaries = runs.map(summarise);
  // The image's path is long and random: the endpoint's name stands for it. "-": the baseline has no join.
  console.table(
    Object.fromEntries(
      summaries.map((s) => [
        s.name,
        {
          "server req/s": Math.round(s.server.requestsPerSecond),
          "baseline req/s": s.baseline ? Math.round(s.baseline.requestsPerSecond) : "-",
          ratio: s.ratio === undefined ? "-" : Number(s.ratio.toFixed(2)),
          "p50 server ms": s.server.p50Ms,
          "p99 server ms": s.server.p99Ms,
          "p99 baseline ms": s.baseline?.p99Ms ?? "-",
          errors: s.errors,
        },
      ]),
    ),
  );
  console.log(
    `server RSS: ${megabytes(memory.seeded)} seeded before any load, peak ${megabytes(memory.peak)} (VmHWM), after the run ${megabytes(memory.after)} (VmRSS)`,
  );
  const checks = checkTargets(summaries, memory.after, machine.cores);
  if (uploads) {
    const { pages } = uploads;
    console.log(
      `uploads: ${uploads.stored} of ${uploads.photos} photos (4000x3000, ${megabytes(uploads.averagePhotoBytes)} each) stored in ` +
        `${uploads.seconds.toFixed(1)} s, sent at once; meanwhile ${pages.requests} page loads (/ and /events-and-activities): ` +
        `p50 ${pages.p50Ms} ms, p95 ${pages.p95Ms} ms, p99 ${pages.p99Ms} ms, slowest ${pages.maxMs} ms (just before: ` +
        `p50 ${uploads.pagesBefore.p50Ms} ms, p95 ${uploads.pagesBefore.p95Ms} ms); server RSS peak ${megabytes(uploads.peakRssBytes)}`,
    );
    checks.push(...uploadTargets(uploads));
  }
  if (certificates) {
    const report = certificatesReport(certificates);
    console.log(report.line);
    checks.push(...report.checks);
  }
  if (push) {
    const report = pushReport(push);
    console.log(report.line);
    checks.push(...report.checks);
  }
  printChecks(checks, "Every target met.");
}

/** Each target's PASS or MISS, then `met` or what was missed (nothing when `met` is not given); exit code 1 on a miss. */
function printChecks(checks: readonly Check[], met?: string): void {
  console.table(Object.fromEntries(checks.map((c) => [c.target, { result: c.pass ? "PASS" : "MISS", measured: c.measured }])));
  const missed = checks.filter((c) => !c.pass);
  if (met !== undefined) {
    console.log(missed.length === 0 ? met : `Missed: ${missed.map((c) => `${c.target} (measured ${c.measured})`).join("; ")}`);
  }
  if (missed.length > 0) process.exitCode = 1;
}

/** The public pages, join submissions and uploads against the baseline, on a seeded SQLite site; prints their report. */
async function benchSite(options: ReturnType<typeof benchOptions>, cores: number): Promise<void> {
  const loadAtStart = loadAverage();
  progress(`load average at start ${loadAtStart}, ${cores} cores; seeding a fresh SQLite DATA_DIR`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-"));
  // Chosen before seeding, so the seeded mails link to the server the bench starts.
  const port = String(await freePort());
  const site = await openSite(dataDir, { publicUrl: `http://127.0.0.1:${port}` });
  let server: Awaited<ReturnType<typeof startProductionServer>> | undefined;
  let baseline: Awaited<ReturnType<typeof startBaseline>> | undefined;
  let runs: EndpointRuns[];
  let memory: { seeded: number; peak: number; after: number };
  let uploads: UploadsResult | undefined;
  let certificates: CertificatesResult | undefined;
  let push: PushResult | undefined;
  let pushService: PushService | undefined;
  try {
    await seedAnnouncements(site.services, SEEDED_ANNOUNCEMENTS);
    await seedApplications(site.services, SEEDED_APPLICATIONS);
    progress(`seeded ${SEEDED_ANNOUNCEMENTS} announcements and ${SEEDED_APPLICATIONS} applications`);
    // The push case's push service, before the server: the server must trust its certificate from the start.
    if (options.only.includes(PUSH)) pushService = await startPushService(dataDir);
    // LOG_LEVEL=info, the production default: every request writes its log line. TRUST_PROXY: the join requests
    // each name their own client address in X-Forwarded-For, as behind a proxy.
    const started = await startProductionServer(
      {
        DATA_DIR: dataDir,
        PORT: port,
        LOG_LEVEL: "info",
        MAIL_TRANSPORT: "log",
        TRUST_PROXY: "loopback",
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        ...(pushService ? { NODE_EXTRA_CA_CERTS: pushService.certificateFile, PUSH_POLL_MS: BENCH_PUSH_POLL_MS } : {}),
      },
      { keptOutputChars: 1_000_000 },
    );
    server = started;
    // Before every run: the mail worker's backlog (the seeded applications', the last join run's) must not fall into it.
    const outboxDelivered = async () => {
      for (const deadline = Date.now() + 120_000; (await site.services.mailOutbox.counts()).waiting > 0;) {
        if (Date.now() > deadline)
          throw new Error(`the mail outbox is still not delivered after 120 s; the server said:\n${started.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    progress("the production server is up; waiting for it to deliver the seeded applications' mails");
    await outboxDelivered();
    const seeded = readProcessMemory(started.pid).rssBytes;

    // One announcement image as a phone loads it: the newest announcement's 800 px AVIF.
    const [newest] = await site.services.announcements.listLive();
    const imagePath = /(\S+) 800w/.exec(newest?.image?.avifSrcSet ?? "")?.[1];
    if (!imagePath) throw new Error("the newest announcement's image has no 800 px AVIF variant");
    const endpoints = benchEndpoints(imagePath, options.acceptEncoding).filter((e) => options.only.includes(e.name));

    baseline = await startBaseline(await captureResponses(started.url, endpoints));
    runs = await runRounds(endpoints, { server: started.url, baseline: baseline.url }, options, outboxDelivered);
    const after = readProcessMemory(started.pid);
    memory = { seeded, peak: after.peakBytes, after: after.rssBytes };
    const pageHeaders = benchEndpoints("", options.acceptEncoding).find((e) => e.name === "home")!.headers;
    if (options.only.includes(UPLOADS)) uploads = await benchUploads(started.url, started.pid, BENCH_ADMIN, pageHeaders, progress);
    if (options.only.includes(CERTIFICATES)) {
      certificates = await benchCertificates(started.url, site.db, BENCH_ADMIN, pageHeaders, progress);
    }
    if (pushService) push = await benchPush(started.url, site.db, pushService, BENCH_ADMIN, pageHeaders, progress);
  } finally {
    await pushService?.stop();
    await baseline?.stop();
    await server?.stop();
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  printReport(options, runs, memory, { cores, loadAtStart }, uploads, certificates, push);
}

/**
 * `bench` on each database in turn, then `report`'s timings and each target's PASS or MISS; `what` names the section in
 * the load average's line, `met` is what to say when every target is met (nothing: say nothing).
 */
async function benchEachEngine<Result>(
  cores: number,
  what: string,
  bench: (engine: Engine) => Promise<Result>,
  report: (results: Result[]) => Check[],
  met?: string,
): Promise<void> {
  const loadAtStart = loadAverage();
  const results: Result[] = [];
  for (const engine of REQUESTS_ENGINES) results.push(await bench(engine));
  console.log(`${cores} cores; load average ${loadAtStart} at the start of the ${what}, ${loadAverage()} at the end`);
  printChecks(report(results), met);
}

async function main(): Promise<void> {
  const options = benchOptions();
  requireWrk();
  const cores = os.availableParallelism();
  if (options.only.some((name) => !ENGINE_SECTIONS.includes(name))) await benchSite(options, cores);
  if (options.only.includes(REQUESTS)) {
    // The admin panel with 10,000 join requests: the timings and PASS/MISS per request.
    const requestsOptions: RequestsOptions = { samples: options.samples, warmup: REQUESTS_WARMUP, acceptEncoding: options.acceptEncoding };
    await benchEachEngine(
      cores,
      "requests",
      (engine) => benchRequests(engine, BENCH_ADMIN, requestsOptions, progress),
      (results) => printRequestsReport(results, requestsOptions),
      "Every requests target met.",
    );
  }
  if (options.only.includes(REGISTRATIONS)) {
    const bench = (engine: Engine) => benchRegistrations(engine, BENCH_ADMIN, progress);
    await benchEachEngine(cores, "registrations", bench, printRegistrationsReport, "Every registrations target met.");
  }
  if (options.only.includes(BLOOD))
    await benchEachEngine(cores, "blood match", (engine) => benchBloodMatch(engine, progress), printBloodMatchReport);
  if (options.only.includes(CHECK_IN))
    await benchEachEngine(cores, "check-in", (engine) => benchCheckIn(engine, progress), printCheckInReport);
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
