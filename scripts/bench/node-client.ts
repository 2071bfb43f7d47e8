/**
 * The bench's Node load client, forked by it (scripts/bench/node-load.ts starts it) so that it never shares the
 * bench's event loop: autocannon, for the loads wrk cannot make. `join` posts the join form as the dialog does, each
 * request a new applicant; `visit` loads the home and events pages at a steady rate until told to stop, keeping every
 * answer's time. Each run's order comes over IPC; its figures go back the same way.
 */
import autocannon from "autocannon";
import { applicant } from "../lib/seed";
import { nearestRank, type LoadResult, type PageLoads } from "./report";

export type ClientOrder =
  | { kind: "join"; url: string; connections: number; seconds: number; headers: Record<string, string>; firstApplicant: number }
  | {
      kind: "visit";
      url: string;
      connections: number;
      ratePerSecond: number;
      /** Unmeasured first: autocannon's first run in a process reads some 50 ms slower than the server answers. */
      warmUpSeconds: number;
      seconds: number;
      headers: Record<string, string>;
    };

export type ClientReply = { kind: "join"; result: LoadResult; sent: number } | { kind: "visit"; loads: PageLoads };

/** Sent by `visit` once warmed up, as its measured run starts. */
export const READY = "ready";

const reply = (message: ClientReply | typeof READY) => process.send!(message);

/** Join submissions from the site's own origin, each a new applicant from a client address of its own (30 per address). */
async function join(order: Extract<ClientOrder, { kind: "join" }>): Promise<void> {
  let sent = 0;
  const result = await autocannon({
    url: order.url,
    connections: order.connections,
    duration: order.seconds,
    headers: order.headers,
    requests: [
      {
        setupRequest: (request) => {
          const n = order.firstApplicant + sent;
          sent += 1;
          const body = new URLSearchParams({ intent: "submit" });
          for (const [name, value] of Object.entries(applicant(n))) for (const entry of [value].flat()) body.append(name, String(entry));
          const headers = {
            ...request.headers,
            "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
            Origin: new URL(order.url).origin,
            "Sec-Fetch-Site": "same-origin",
            "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          };
          return { ...request, method: "POST", body: body.toString(), headers };
        },
      },
    ],
    // A compressed answer (the browser's Accept-Encoding allows one) cannot be read here: then its status, 200 only
    // when the application was stored, is what counts. A plain one must say so.
    verifyBody: (body) => !String(body).startsWith("[") || String(body).includes('"joined",true'),
  });
  reply({
    kind: "join",
    sent,
    result: {
      requestsPerSecond: result.requests.total / result.duration,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      // Connection errors and timeouts, non-2xx answers, and bodies verifyBody refused.
      errors: result.errors + result.non2xx + result.mismatches,
    },
  });
}

/** Visitors loading / and /events-and-activities at a steady rate, until the bench says stop (or `seconds` pass). */
async function visit(order: Extract<ClientOrder, { kind: "visit" }>): Promise<void> {
  const load = {
    url: order.url,
    connections: order.connections,
    overallRate: order.ratePerSecond,
    requests: [{ path: "/" }, { path: "/events-and-activities" }],
    headers: order.headers,
  };
  await autocannon({ ...load, duration: order.warmUpSeconds });
  const times: number[] = [];
  const run = autocannon({ ...load, duration: order.seconds }, (error, outcome) => {
    if (error) throw error;
    const sorted = times.sort((a, b) => a - b).map((ms) => Math.round(ms * 10) / 10);
    reply({
      kind: "visit",
      loads: {
        requests: outcome.requests.total,
        p50Ms: nearestRank(sorted, 0.5),
        p95Ms: nearestRank(sorted, 0.95),
        p99Ms: nearestRank(sorted, 0.99),
        maxMs: sorted.at(-1) ?? Number.NaN,
        errors: outcome.errors + outcome.non2xx,
      },
    });
  });
  run.on("response", (_client, _status, _bytes, responseTimeMs) => times.push(responseTimeMs));
  process.once("message", (message) => {
    if (message === "stop") run.stop();
  });
  reply(READY);
}

process.once("message", (order: ClientOrder) => void (order.kind === "join" ? join(order) : visit(order)));
