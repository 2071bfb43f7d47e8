import type { LoadResult } from "./load";
import type { ProcessMemory } from "./memory";

/** The targets of the benchmark (DESIGN.md's performance budgets). */
export const TARGETS = {
  /** A cached public page: at least this share of the baseline's requests/s (as fast as a static file server here). */
  pageRatio: 0.3,
  joinPerSecond: 300,
  joinP99Ms: 100,
  /** Resident memory of the server after the run (decimal megabytes). */
  rssAfterBytes: 150_000_000,
} as const;

/** Every round of one endpoint: the server's runs and, where a baseline answers it, the baseline's, round by round. */
export interface EndpointRuns {
  name: string;
  path: string;
  /** A public page, held to the page ratio target. */
  page: boolean;
  server: LoadResult[];
  baseline?: LoadResult[];
  /** Error responses in the warm-up runs (not measured, but an error is an error). */
  warmupErrors: number;
}

export interface EndpointSummary {
  name: string;
  path: string;
  page: boolean;
  /** The median round by requests/s. */
  server: LoadResult;
  baseline?: LoadResult;
  /** The median of the rounds' ratios (server over baseline, each round's two runs taken back to back). */
  ratio?: number;
  /**
   * The median of the rounds' ratios of CPU time per response (baseline over server): the share of the baseline's
   * responses per CPU second the server manages. Unlike `ratio`, it does not depend on how fast the client is.
   */
  cpuRatio?: number;
  /** Error responses over all runs, warm-up included. */
  errors: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run with the median requests/s (of an even number, the lower of the middle two): its latencies go with it. */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  if (runs.length === 0) throw new Error("median of no runs");
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function summarise(runs: EndpointRuns): EndpointSummary {
  const all = [...runs.server, ...(runs.baseline ?? [])];
  const summary: EndpointSummary = {
    name: runs.name,
    path: runs.path,
    page: runs.page,
    server: medianRun(runs.server),
    errors: all.reduce((sum, run) => sum + run.errors, runs.warmupErrors),
  };
  if (runs.baseline) {
    const baseline = runs.baseline;
    summary.baseline = medianRun(baseline);
    summary.ratio = median(runs.server.map((run, i) => run.requestsPerSecond / baseline[i]!.requestsPerSecond));
    const cpuRatios = runs.server.flatMap((run, i) => {
      const [server, base] = [run.cpuMicrosPerRequest, baseline[i]!.cpuMicrosPerRequest];
      return server && base !== undefined ? [base / server] : [];
    });
    if (cpuRatios.length > 0) summary.cpuRatio = median(cpuRatios);
  }
  return summary;
}

const rate = (r: number) => r.toFixed(0);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;
const cpu = (run: LoadResult | undefined) => (run?.cpuMicrosPerRequest === undefined ? "-" : `${run.cpuMicrosPerRequest.toFixed(0)} µs`);

/** Columns padded to their widest cell, two spaces apart, as `npm run audit` prints them. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)].join("\n");
}

export function endpointTable(summaries: readonly EndpointSummary[]): string {
  const header = [
    "endpoint",
    "server req/s",
    "baseline req/s",
    "ratio",
    "p50 server",
    "p99 server",
    "p99 baseline",
    "CPU/resp server",
    "CPU/resp baseline",
    "CPU ratio",
    "errors",
  ];
  const rows = summaries.map((s) => [
    `${s.name} ${s.path}`,
    rate(s.server.requestsPerSecond),
    s.baseline ? rate(s.baseline.requestsPerSecond) : "-",
    s.ratio === undefined ? "-" : s.ratio.toFixed(2),
    ms(s.server.p50Ms),
    ms(s.server.p99Ms),
    s.baseline ? ms(s.baseline.p99Ms) : "-",
    cpu(s.server),
    cpu(s.baseline),
    s.cpuRatio === undefined ? "-" : s.cpuRatio.toFixed(2),
    String(s.errors),
  ]);
  return formatTable(header, rows);
}

export interface TargetCheck {
  target: string;
  measured: string;
  pass: boolean;
}

/** Each target the measured endpoints allow checking; an endpoint left out with --only leaves its targets out. */
export function checkTargets(summaries: readonly EndpointSummary[], memory: ProcessMemory, cores: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const s of summaries) {
    if (!s.page || s.ratio === undefined) continue;
    checks.push({
      target: `${s.path} at >= ${TARGETS.pageRatio} of the baseline's req/s`,
      measured: s.ratio.toFixed(2),
      pass: s.ratio >= TARGETS.pageRatio,
    });
  }
  const join = summaries.find((s) => s.name === "join");
  if (join) {
    checks.push({
      target: `join >= ${TARGETS.joinPerSecond} req/s (${cores} cores)`,
      measured: `${rate(join.server.requestsPerSecond)} req/s`,
      pass: join.server.requestsPerSecond >= TARGETS.joinPerSecond,
    });
    checks.push({
      target: `join p99 < ${TARGETS.joinP99Ms} ms`,
      measured: ms(join.server.p99Ms),
      pass: join.server.p99Ms < TARGETS.joinP99Ms,
    });
  }
  const errors = summaries.reduce((sum, s) => sum + s.errors, 0);
  checks.push({ target: "no error responses", measured: String(errors), pass: errors === 0 });
  checks.push({
    target: `server RSS after the run < ${megabytes(TARGETS.rssAfterBytes)}`,
    measured: megabytes(memory.rssBytes),
    pass: memory.rssBytes < TARGETS.rssAfterBytes,
  });
  return checks;
}

export function targetLines(checks: readonly TargetCheck[]): string {
  return formatTable(
    ["", "target", "measured"],
    checks.map((c) => [c.pass ? "PASS" : "MISS", c.target, c.measured]),
  );
}

export function memoryLine(beforeLoad: ProcessMemory, afterRun: ProcessMemory): string {
  return `server RSS: ${megabytes(beforeLoad.rssBytes)} seeded before any load, peak ${megabytes(afterRun.peakBytes)} (VmHWM), after the run ${megabytes(afterRun.rssBytes)} (VmRSS)`;
}
