/** The targets of the benchmark (docs/performance.md). */
const TARGETS = {
  /** A cached public page: at least this share of the baseline's requests/s (as fast as a static file server here). */
  pageRatio: 0.3,
  joinPerSecond: 300,
  joinP99Ms: 100,
  /** Resident memory of the server after the run (decimal megabytes). */
  rssAfterBytes: 150_000_000,
  /** Twenty phone photos uploaded at once: the public pages' 95th percentile meanwhile, and the server's peak memory. */
  pagesWhileUploadingP95Ms: 100,
  rssWhileUploadingBytes: 500_000_000,
} as const;

/** What one run of the load client measured; `errors` counts every request that did not succeed. */
export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Page loads at a steady rate (the uploads case's visitors), from every answer's time. */
export interface PageLoads {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** The slowest page load. */
  maxMs: number;
  errors: number;
}

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

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("median of nothing");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run with the median requests/s (of an even number, the lower of the middle two): its latencies go with it. */
export function medianRun(runs: readonly LoadResult[]): LoadResult {
  if (runs.length === 0) throw new Error("median of no runs");
  return [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor((runs.length - 1) / 2)]!;
}

/**
 * The median round of each server, the median of the rounds' ratios (server over baseline, each round's two runs taken
 * back to back, so both meet the same moment of a noisy machine), and the errors of every run, warm-up included.
 */
export function summarise(runs: EndpointRuns) {
  const { baseline } = runs;
  return {
    ...runs,
    server: medianRun(runs.server),
    baseline: baseline && medianRun(baseline),
    ratio: baseline && median(runs.server.map((run, i) => run.requestsPerSecond / baseline[i]!.requestsPerSecond)),
    errors: [...runs.server, ...(baseline ?? [])].reduce((sum, run) => sum + run.errors, runs.warmupErrors),
  };
}
type EndpointSummary = ReturnType<typeof summarise>;

const ms = (value: number) => `${value.toFixed(1)} ms`;
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** A target and what was measured: a row of the PASS/MISS table. */
export interface Check {
  target: string;
  measured: string;
  pass: boolean;
}

/** Each target the measured endpoints allow checking; an endpoint left out with --only leaves its targets out. */
export function checkTargets(summaries: readonly EndpointSummary[], rssBytes: number, cores: number): Check[] {
  const checks = summaries
    .filter((s) => s.page && s.ratio !== undefined)
    .map((s) => ({
      target: `${s.path} at >= ${TARGETS.pageRatio} of the baseline's req/s`,
      measured: s.ratio!.toFixed(2),
      pass: s.ratio! >= TARGETS.pageRatio,
    }));
  const join = summaries.find((s) => s.name === "join")?.server;
  if (join) {
    checks.push(
      {
        target: `join >= ${TARGETS.joinPerSecond} req/s (${cores} cores)`,
        measured: `${join.requestsPerSecond.toFixed(0)} req/s`,
        pass: join.requestsPerSecond >= TARGETS.joinPerSecond,
      },
      { target: `join p99 < ${TARGETS.joinP99Ms} ms`, measured: ms(join.p99Ms), pass: join.p99Ms < TARGETS.joinP99Ms },
    );
  }
  const errors = summaries.reduce((sum, s) => sum + s.errors, 0);
  checks.push({ target: "no error responses", measured: String(errors), pass: errors === 0 });
  // The target is the memory after the pages' load: with no page measured (`--only uploads`, say) there was none, and
  // the reading is the one taken at start, while the thread that judged the admin's password still runs.
  if (summaries.length > 0) {
    checks.push({
      target: `server RSS after the run < ${megabytes(TARGETS.rssAfterBytes)}`,
      measured: megabytes(rssBytes),
      pass: rssBytes < TARGETS.rssAfterBytes,
    });
  }
  return checks;
}

/** VmHWM (the most resident memory the process ever had) and VmRSS (now), in bytes, from the text of /proc/<pid>/status. */
export function parseProcStatus(status: string) {
  const kib = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
    if (!match) throw new Error(`/proc status has no ${field} line`);
    return Number(match[1]) * 1024;
  };
  return { peakBytes: kib("VmHWM"), rssBytes: kib("VmRSS") };
}

/** The `fraction` quantile of `sorted` (ascending), by the nearest-rank method. */
export function nearestRank(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length))) - 1]!;
}

/** The 95th percentile of `values`, by the nearest rank. */
export const p95 = (values: readonly number[]) =>
  nearestRank(
    [...values].sort((a, b) => a - b),
    0.95,
  );

/** The uploads case's targets. */
export function uploadTargets(uploads: { photos: number; stored: number; pages: { p95Ms: number; errors: number }; peakRssBytes: number }) {
  return [
    { target: `all ${uploads.photos} uploaded photos stored`, measured: `${uploads.stored}`, pass: uploads.stored === uploads.photos },
    {
      target: `pages while encoding: p95 < ${TARGETS.pagesWhileUploadingP95Ms} ms`,
      measured: ms(uploads.pages.p95Ms),
      pass: uploads.pages.p95Ms < TARGETS.pagesWhileUploadingP95Ms,
    },
    { target: "no page errors while encoding", measured: String(uploads.pages.errors), pass: uploads.pages.errors === 0 },
    {
      target: `server RSS peak while encoding < ${megabytes(TARGETS.rssWhileUploadingBytes)}`,
      measured: megabytes(uploads.peakRssBytes),
      pass: uploads.peakRssBytes < TARGETS.rssWhileUploadingBytes,
    },
  ];
}
