/**
 * The bench's load for GETs: `wrk` (Debian's package), run as a process of its own so that the client never shares
 * an event loop with what it measures. One wrk thread, since on two cores a second would take the server's core. A Lua
 * `done` hook prints the run's figures as one JSON line, which is all that is read of its output.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadResult } from "./report";

export const WRK_MISSING = "npm run bench needs wrk, the load client it runs in a process of its own: apt-get install wrk";

const JSON_PREFIX = "bench-json ";
const REPORT_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('${JSON_PREFIX}{"requests":%d,"durationUs":%d,"errors":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99)))
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
}

/** The figures of the Lua hook's line in wrk's output. */
export function parseWrkReport(output: string): LoadResult {
  const line = output.split("\n").find((text) => text.startsWith(JSON_PREFIX));
  if (!line) throw new Error(`wrk printed no report:\n${output}`);
  const report = JSON.parse(line.slice(JSON_PREFIX.length)) as {
    requests: number;
    durationUs: number;
    errors: number;
    p50Us: number;
    p99Us: number;
  };
  return {
    requestsPerSecond: report.requests / (report.durationUs / 1e6),
    p50Ms: report.p50Us / 1000,
    p99Ms: report.p99Us / 1000,
    // Connection, read and write errors, timeouts, and answers of 400 or more.
    errors: report.errors,
  };
}

/** One wrk run against `url`; resolves with its figures once it ends. */
export async function runWrk(run: WrkRun): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-wrk-"));
  const script = path.join(dir, "report.lua");
  fs.writeFileSync(script, REPORT_SCRIPT);
  const args = ["-t1", `-c${run.connections}`, `-d${run.seconds}s`, "--timeout", "10s", "-s", script];
  for (const [name, value] of Object.entries(run.headers)) args.push("-H", `${name}: ${value}`);
  args.push(run.url);
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (text += chunk.toString()));
      child.once("error", (error) => reject((error as NodeJS.ErrnoException).code === "ENOENT" ? new Error(WRK_MISSING) : error));
      child.once("close", (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}:\n${text}`))));
    });
    return parseWrkReport(output);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
