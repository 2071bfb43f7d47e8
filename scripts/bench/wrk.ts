/**
 * The bench's load client: `wrk` (Debian's package), run as a process of its own so that the client never shares an
 * event loop or a core's time slice with what it measures. One wrk thread, since on two cores a second would take the
 * server's core. A run may add a Lua script of its own (what it sends, at what pace, what counts as refused); the
 * bench's `done` hook then prints the run's figures as one JSON line, which is all that is read of wrk's output.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadResult } from "./report";

export const WRK_MISSING = "npm run bench needs wrk, the load client it runs in a process of its own: apt-get install wrk";

const JSON_PREFIX = "bench-json ";
/** A run's script may count answers it refuses in the global `refused` (its `response` hook); they are errors too. */
const REPORT_SCRIPT = `
local threads = {}
setup = function(thread) table.insert(threads, thread) end
done = function(summary, latency, requests)
  local e = summary.errors
  local refused = 0
  for _, thread in ipairs(threads) do refused = refused + (thread:get("refused") or 0) end
  io.write(string.format('${JSON_PREFIX}{"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout + refused,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max))
end
`;

/** Stops the bench with the install line when wrk is not on the PATH (there is no in-process fallback). */
export function requireWrk(env: NodeJS.ProcessEnv = process.env): void {
  const found = spawnSync("wrk", ["--version"], { stdio: "ignore", env });
  if (found.error) throw new Error(WRK_MISSING);
}

export interface WrkRun {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  /** Lua of the run's own (`request`, `delay`, `response` hooks); without it, wrk GETs `url` as fast as it is answered. */
  script?: string;
}

/** One run's figures: requests/s over the run's own duration, latencies in ms, every kind of error summed. */
export interface WrkFigures extends LoadResult {
  requests: number;
  p95Ms: number;
  maxMs: number;
}

/** The figures of the `done` hook's line in wrk's output. */
export function parseWrkReport(output: string): WrkFigures {
  const line = output.split("\n").find((text) => text.startsWith(JSON_PREFIX));
  if (!line) throw new Error(`wrk printed no report:\n${output}`);
  const report = JSON.parse(line.slice(JSON_PREFIX.length)) as Record<
    "requests" | "durationUs" | "errors" | "p50Us" | "p95Us" | "p99Us" | "maxUs",
    number
  >;
  return {
    requests: report.requests,
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p95Ms: report.p95Us / 1000,
    p99Ms: report.p99Us / 1000,
    maxMs: report.maxUs / 1000,
    // Connection, read and write errors, timeouts, answers of 400 or more, and those the run's script refused.
    errors: report.errors,
  };
}

/** Starts a wrk run; `result` resolves with its figures once it ends, by its duration or by `stop` (wrk reports then too). */
export function startWrk(run: WrkRun): { result: Promise<WrkFigures>; stop(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-wrk-"));
  const script = path.join(dir, "run.lua");
  fs.writeFileSync(script, `${run.script ?? ""}\n${REPORT_SCRIPT}`);
  const args = ["-t1", `-c${run.connections}`, `-d${run.seconds}s`, "--timeout", "10s", "-s", script];
  for (const [name, value] of Object.entries(run.headers)) args.push("-H", `${name}: ${value}`);
  args.push(run.url);
  const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
  const result = new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("error", (error) => reject((error as NodeJS.ErrnoException).code === "ENOENT" ? new Error(WRK_MISSING) : error));
    child.once("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
  })
    .then(parseWrkReport)
    .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
  return { result, stop: () => void child.kill("SIGINT") };
}

/** One wrk run to its end. */
export const runWrk = (run: WrkRun): Promise<WrkFigures> => startWrk(run).result;
