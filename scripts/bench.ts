/**
 * `npm run bench`: the production server on a fresh SQLite DATA_DIR seeded like a site a few months into use
 * (20 announcements with photos, 500 applications), beside a baseline: a bare `node:http` server answering the same
 * bytes from memory. autocannon, in this process, drives both in turn with the same headers, connections and duration:
 * the home page, announcements, events and activities, one announcement image, and join submissions (POST /join.data, which
 * the baseline has no equivalent of). Prints requests/s and latencies with the ratio to the baseline, the server's
 * memory, and PASS/MISS per target; exits 1 on any error response or missed target.
 *
 *   npm run bench [-- --duration 10 --connections 10 --rounds 3 --only home,join]
 *
 * Not part of `npm test`: timings on shared machines are noisy, so only ratios measured side by side are compared.
 * docs/performance.md explains how to read the output.
 */
import fs from "node:fs";
import { errorMessage } from "#core/errors";
import os from "node:os";
import path from "node:path";
import type { DatabaseHandle } from "../server/db/database";
import { applicant } from "./bench/applicants";
import { type Baseline, startBaseline } from "./bench/baseline";
import { captureResponse } from "./bench/captured-response";
import { type LoadOptions, type LoadResult, runLoad } from "./bench/load";
import { type ProcessMemory, readProcessMemory } from "./bench/memory";
import { type BenchOptions, type EndpointName, optionsFromArgs } from "./bench/options";
import { checkTargets, endpointTable, type EndpointRuns, memoryLine, summarise, targetLines } from "./bench/report";
import { outboxDelivered, SEEDED_APPLICATIONS, seedBenchData } from "./bench/seed";
import { type ProductionServer, startProductionServer } from "./lib/production-server";
import { openSiteDatabase } from "./lib/seed-site";

/** Chromium on a phone, as the site's visitors mostly are; every request to either server carries these. */
function browserHeaders(acceptEncoding: string) {
  const common = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "Accept-Encoding": acceptEncoding,
    "Accept-Language": "en-GB,en;q=0.9",
  };
  return {
    page: { ...common, Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8" },
    image: { ...common, Accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8" },
    fetch: { ...common, Accept: "*/*" },
  };
}
/** Each warm-up run (JIT, caches, connection set-up) lasts this long at most, and is not measured. */
const WARMUP_SECONDS = 2;

interface Endpoint {
  name: EndpointName;
  path: string;
  page: boolean;
  headers: Record<string, string>;
}

type Target = "server" | "baseline";

const progress = (line: string) => console.error(`bench: ${line}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * The join form's request as the dialog sends it: a form post to /join.data (React Router's fetcher) from the site's
 * own origin, each from a client address of its own (the limit is 5 per address).
 */
function joinRequests(server: ProductionServer): Pick<LoadOptions, "nextRequest" | "verifyBody"> {
  let sent = 0;
  return {
    nextRequest: () => {
      sent += 1;
      const body = new URLSearchParams({ intent: "submit" });
      for (const [name, value] of Object.entries(applicant(SEEDED_APPLICATIONS + sent)))
        for (const entry of [value].flat()) body.append(name, String(entry));
      return {
        method: "POST",
        body: body.toString(),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
          Origin: server.url,
          "Sec-Fetch-Site": "same-origin",
          "X-Forwarded-For": `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
        },
      };
    },
    // A compressed answer (the browser's Accept-Encoding allows one) cannot be read here: then its status, 200 only
    // when the application was stored, is what counts. A plain one must say so.
    verifyBody: (body) => !body.startsWith("[") || body.includes('"joined",true'),
  };
}

async function measure(
  options: BenchOptions,
  server: ProductionServer,
  database: DatabaseHandle,
  baseline: Baseline,
  endpoints: Endpoint[],
  durationSeconds: number,
  round: number,
) {
  const results = new Map<EndpointName, Partial<Record<Target, LoadResult>>>();
  for (const endpoint of endpoints) {
    const join = endpoint.name === "join";
    // Side by side: each round runs the server and the baseline back to back, taking turns at going first.
    const order: Target[] = join ? ["server"] : round % 2 === 0 ? ["server", "baseline"] : ["baseline", "server"];
    const measured: Partial<Record<Target, LoadResult>> = {};
    for (const target of order) {
      await outboxDelivered(database, server.output);
      measured[target] = await runLoad({
        url: target === "server" ? server.url : baseline.url,
        processId: target === "server" ? server.pid : baseline.pid,
        path: endpoint.path,
        connections: options.connections,
        durationSeconds,
        headers: endpoint.headers,
        ...(join ? joinRequests(server) : {}),
      });
      const r = measured[target];
      progress(
        `${endpoint.name} on the ${target}: ${r.requestsPerSecond.toFixed(0)} req/s, p99 ${r.p99Ms.toFixed(1)} ms, ${r.errors} error(s)`,
      );
    }
    results.set(endpoint.name, measured);
  }
  return results;
}

async function main(): Promise<void> {
  const options = optionsFromArgs(process.argv.slice(2));
  const cores = os.availableParallelism();
  const loadAtStart = loadAverage();
  progress(`load average at start ${loadAtStart}, ${cores} cores; seeding a fresh SQLite DATA_DIR`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-bench-"));
  const database = await openSiteDatabase(dataDir);
  let server: ProductionServer | undefined;
  let baseline: Baseline | undefined;
  const runs = new Map<EndpointName, EndpointRuns>();
  let beforeLoad: ProcessMemory;
  let memory: ProcessMemory;
  try {
    const data = await seedBenchData(database, dataDir, progress);
    // LOG_LEVEL=info, the production default: every request writes its log line. TRUST_PROXY: the join requests
    // each name their own client address in X-Forwarded-For, as behind a proxy.
    server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: "info", MAIL_TRANSPORT: "log", TRUST_PROXY: "loopback" });
    progress("the production server is up; waiting for it to deliver the seeded applications' mails");
    await outboxDelivered(database, server.output);
    beforeLoad = readProcessMemory(server.pid);
    const headers = browserHeaders(options.acceptEncoding);
    const endpoints: Endpoint[] = (
      [
        { name: "home", path: "/", page: true, headers: headers.page },
        { name: "announcements", path: "/announcement", page: true, headers: headers.page },
        { name: "events", path: "/events-and-activities", page: true, headers: headers.page },
        { name: "image", path: data.imagePath, page: false, headers: headers.image },
        { name: "join", path: "/join.data", page: false, headers: headers.fetch },
      ] satisfies Endpoint[]
    ).filter((e) => options.only.includes(e.name));

    const captured = [];
    for (const endpoint of endpoints.filter((e) => e.name !== "join")) {
      const response = await captureResponse(server.url, endpoint.path, endpoint.headers);
      if (response.status !== 200) throw new Error(`GET ${endpoint.path} answered ${response.status}; nothing to compare with`);
      progress(
        `${endpoint.path}: ${response.body.length} bytes, ${response.headers["content-type"]}, ${response.headers["content-encoding"] ?? "not compressed"}`,
      );
      captured.push(response);
    }
    baseline = await startBaseline(captured);
    for (const endpoint of endpoints) {
      runs.set(endpoint.name, {
        name: endpoint.name,
        path: endpoint.path,
        page: endpoint.page,
        server: [],
        ...(endpoint.name === "join" ? {} : { baseline: [] }),
        warmupErrors: 0,
      });
    }

    progress(`warming up (${Math.min(WARMUP_SECONDS, options.durationSeconds)} s per endpoint and server, not measured)`);
    for (const [name, measured] of await measure(
      options,
      server,
      database,
      baseline,
      endpoints,
      Math.min(WARMUP_SECONDS, options.durationSeconds),
      0,
    )) {
      runs.get(name)!.warmupErrors += (measured.server?.errors ?? 0) + (measured.baseline?.errors ?? 0);
    }
    for (let round = 0; round < options.rounds; round++) {
      progress(`round ${round + 1} of ${options.rounds}`);
      for (const [name, measured] of await measure(options, server, database, baseline, endpoints, options.durationSeconds, round)) {
        const endpointRuns = runs.get(name)!;
        endpointRuns.server.push(measured.server!);
        if (measured.baseline) endpointRuns.baseline!.push(measured.baseline);
      }
    }
    memory = readProcessMemory(server.pid);
  } finally {
    await baseline?.stop();
    await server?.stop();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const summaries = [...runs.values()].map(summarise);
  const checks = checkTargets(summaries, memory, cores);
  console.log(
    `npm run bench: ${options.rounds} round(s) of ${options.durationSeconds} s per endpoint and server, ${options.connections} connections, ` +
      `Accept-Encoding "${options.acceptEncoding}", median round shown; ${cores} cores; load average ${loadAtStart} at start, ${loadAverage()} at the end\n`,
  );
  console.log(endpointTable(summaries));
  const join = summaries.find((s) => s.name === "join");
  if (join) {
    console.log(
      `\njoin submissions (no baseline): ${join.server.requestsPerSecond.toFixed(0)} req/s, p99 ${join.server.p99Ms.toFixed(1)} ms, on ${cores} cores (SQLite)`,
    );
  }
  console.log(`${join ? "" : "\n"}${memoryLine(beforeLoad, memory)}\n`);
  console.log(targetLines(checks));
  const missed = checks.filter((c) => !c.pass);
  if (missed.length > 0) {
    console.log(`\nMissed: ${missed.map((c) => `${c.target} (measured ${c.measured})`).join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery target met.");
  }
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
