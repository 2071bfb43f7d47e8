/**
 * `npm run audit`: Lighthouse (mobile defaults, Debian's Chromium) against the production build on a fresh
 * SQLite DATA_DIR with a few announcements, for the four public pages. Prints each category score, LCP, TBT,
 * CLS, bytes transferred and the JavaScript shipped (gzip), and exits 1 when a budget of DESIGN.md is missed.
 *
 *   npm run audit [-- --runs 3]     (each page is measured `runs` times; the median performance run counts)
 *
 * Not part of `npm test`: timings on shared machines are noisy, so a release is gated on it by hand.
 */
import * as chromeLauncher from "chrome-launcher";
import { errorMessage } from "#core/errors";
import lighthouse from "lighthouse";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startProductionServer } from "./lib/production-server";
import { eventPhotos, openSiteDatabase, seedAnnouncements } from "./lib/seed-site";

const KIB = 1024;
const PAGES = [
  { path: "/", maxBytes: 400 * KIB, maxScriptBytes: 150 * KIB },
  { path: "/announcement", maxBytes: 1024 * KIB },
  { path: "/events-and-activities", maxBytes: 1024 * KIB },
  { path: "/explore-smc", maxBytes: 1024 * KIB },
] as const;
/**
 * Now and then Chromium loses the trace of a load and Lighthouse gives up with NO_NAVSTART: a fault of the
 * measurement, not of the page, so that run is measured again (at most this many times).
 */
const TRACE_LOST_RETRIES = 2;
const MIN_SCORES = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 } as const;
type Category = keyof typeof MIN_SCORES;

interface Measurement {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  scriptBytes: number;
  scriptFiles: number;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

function runsFromArgs(): number {
  const index = process.argv.indexOf("--runs");
  const runs = index >= 0 ? Number(process.argv[index + 1]) : 3;
  if (!Number.isInteger(runs) || runs < 1) throw new Error("--runs expects a whole number of at least 1");
  return runs;
}

async function measure(url: string, port: number): Promise<Measurement> {
  for (let retry = 0; ; retry++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error" });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError?.code === "NO_NAVSTART" && retry < TRACE_LOST_RETRIES) {
      console.error(`${url}: Chromium lost the trace (NO_NAVSTART), measuring again`);
      continue;
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
    const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ??
      []) as NetworkRequest[];
    const scripts = requests.filter((r) => r.resourceType === "Script");
    return {
      scores: {
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
      },
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      bytes: numeric("total-byte-weight"),
      scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      scriptFiles: scripts.length,
    };
  }
}

function median(runs: Measurement[]): Measurement {
  const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const runs = runsFromArgs();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-audit-"));
  const database = await openSiteDatabase(dataDir);
  await seedAnnouncements(database, dataDir, eventPhotos(3));
  await database.close();
  const server = await startProductionServer({ DATA_DIR: dataDir, MAIL_TRANSPORT: "log" });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const failures: string[] = [];
  const rows: string[][] = [];
  try {
    for (const page of PAGES) {
      const measurements: Measurement[] = [];
      for (let run = 0; run < runs; run++) measurements.push(await measure(`${server.url}${page.path}`, chrome.port));
      const m = median(measurements);
      for (const [category, min] of Object.entries(MIN_SCORES) as [Category, number][]) {
        if (m.scores[category] < min) failures.push(`${page.path}: ${category} ${m.scores[category]} < ${min}`);
      }
      if (m.bytes > page.maxBytes)
        failures.push(`${page.path}: ${(m.bytes / KIB).toFixed(0)} KiB transferred > ${page.maxBytes / KIB} KiB`);
      if ("maxScriptBytes" in page && m.scriptBytes > page.maxScriptBytes) {
        failures.push(`${page.path}: ${(m.scriptBytes / KIB).toFixed(0)} KiB of JavaScript > ${page.maxScriptBytes / KIB} KiB`);
      }
      rows.push([
        page.path,
        String(m.scores.performance),
        String(m.scores.accessibility),
        String(m.scores["best-practices"]),
        String(m.scores.seo),
        `${(m.lcpMs / 1000).toFixed(2)} s`,
        `${m.tbtMs.toFixed(0)} ms`,
        m.cls.toFixed(3),
        `${(m.bytes / KIB).toFixed(0)} KiB`,
        `${(m.scriptBytes / KIB).toFixed(1)} KiB`,
        String(m.scriptFiles),
        measurements.map((x) => x.scores.performance).join("/"),
      ]);
    }
  } finally {
    chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const header = ["page", "perf", "a11y", "best", "seo", "LCP", "TBT", "CLS", "bytes", "JS (gzip)", "JS files", "perf per run"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`Lighthouse ${runs} run(s) per page, mobile defaults, median performance run shown\n`);
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (failures.length > 0) {
    console.log(`\nBudgets missed:\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery budget met.");
  }
}

main().catch((error: unknown) => {
  console.error(errorMessage(error));
  process.exit(1);
});
