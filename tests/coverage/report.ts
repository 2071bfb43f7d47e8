/**
 * The last step of `npm run test:coverage`: line and branch coverage of server/ and core/ by the unit and integration
 * tests together, printed as one table and kept in build/coverage/ (summary.json, and html/ to browse).
 *
 * Vitest's v8 coverage (build/coverage/coverage-final.json) sees only the code the test processes ran themselves. Most
 * of the server's code runs in the server processes the integration tests start (the production bundle,
 * build/host/: main.js and its chunks), so what they ran (build/coverage/servers/, written as tests/coverage/servers.ts arranges) is
 * added: merged across processes, mapped back to the sources through the bundle's source maps with the converter
 * Vitest uses (ast-v8-to-istanbul), and counted on Vitest's own statements and branches of each file, so the totals
 * are Vitest's, with or without the servers. What runs only inside React Router's server bundle (build/server/, which
 * has no source map: the routes, and the core/ code they call) is not counted.
 *
 *   node --import tsx tests/coverage/report.ts [build/coverage-other …]
 *
 * Further directories (each a run's reportsDirectory, with its servers/ in it) are added to build/coverage's figures:
 * a file run again alone, after a test of it failed in the whole run, adds what that test runs.
 */
import fs from "node:fs";
import type { Profiler } from "node:inspector";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { mergeScriptCovs } from "@bcoe/v8-coverage";
import astV8ToIstanbul from "ast-v8-to-istanbul";
import libCoverage, { type CoverageMap, type CoverageMapData, type FileCoverageData, type Range } from "istanbul-lib-coverage";
import libReport from "istanbul-lib-report";
import reports from "istanbul-reports";
import { parseAstAsync } from "vitest/node";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUT = path.join(ROOT, "build/coverage");
const RUNS = [OUT, ...process.argv.slice(2).map((dir) => path.resolve(dir))];
const SERVER_BUNDLE_DIR = path.join(ROOT, "build/host");

/** Every process's coverage of the server bundle (main.js and its chunks), merged, as coverage of its sources. */
async function serversCoverage(): Promise<{ map: CoverageMapData; processes: number }> {
  const byFile = new Map<string, Profiler.ScriptCoverage[]>();
  let processes = 0;
  for (const dir of RUNS.map((run) => path.join(run, "servers")).filter((dir) => fs.existsSync(dir))) {
    const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".json"));
    for (const name of files) {
      const { result } = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as Profiler.TakePreciseCoverageReturnType;
      const bundle = result.filter((script) => script.url.startsWith(pathToFileURL(SERVER_BUNDLE_DIR).href + "/"));
      if (bundle.length > 0) processes++;
      for (const script of bundle) byFile.set(script.url, [...(byFile.get(script.url) ?? []), script]);
    }
  }
  const map = libCoverage.createCoverageMap({});
  for (const [url, scripts] of byFile) map.merge(await fileCoverage(url, scripts));
  // As Vitest writes its own (coverage-final.json): JSON, where an end column of Infinity (the line's end) is null.
  return { map: JSON.parse(JSON.stringify(map.toJSON())) as CoverageMapData, processes };
}

/** One bundle file's coverage, merged across processes and mapped back to its sources through its source map. */
async function fileCoverage(url: string, scripts: Profiler.ScriptCoverage[]): Promise<CoverageMapData> {
  const merged = mergeScriptCovs(scripts);
  if (!merged) return {};
  const file = fileURLToPath(url);
  const code = fs.readFileSync(file, "utf8");
  const sourceMap = JSON.parse(fs.readFileSync(`${file}.map`, "utf8")) as {
    version: number;
    sources: string[];
    names: string[];
    mappings: string;
  };
  sourceMap.sources = sourceMap.sources.map((source) => new URL(source, url).href);
  return astV8ToIstanbul({
    code,
    sourceMap,
    ast: parseAstAsync(code),
    coverage: { url, functions: merged.functions },
  });
}

const keyOf = ({ start, end }: Range) => `${start.line}:${start.column}-${end.line}:${end.column}`;

/**
 * Adds the hits of `source` (the servers' coverage of a file) to `target` (Vitest's, of the same file). A statement,
 * branch or function counts where both conversions put it; the bundle's esbuild output places a few statements
 * differently (a declaration from its value rather than its name), and those count on Vitest's statement that starts
 * on the same line. What Vitest does not count as a statement (an import) stays uncounted.
 */
function addHits(target: FileCoverageData, source: FileCoverageData): void {
  const statements = new Map<string, string>();
  const statementOnLine = new Map<number, string>();
  for (const [id, range] of Object.entries(target.statementMap)) {
    statements.set(keyOf(range), id);
    if (!statementOnLine.has(range.start.line)) statementOnLine.set(range.start.line, id);
  }
  for (const [id, range] of Object.entries(source.statementMap)) {
    const into = statements.get(keyOf(range)) ?? statementOnLine.get(range.start.line);
    if (into !== undefined) target.s[into]! += source.s[id]!;
  }
  const branches = new Map(Object.entries(target.branchMap).map(([id, branch]) => [`${branch.type} ${keyOf(branch.loc)}`, id]));
  for (const [id, branch] of Object.entries(source.branchMap)) {
    const into = branches.get(`${branch.type} ${keyOf(branch.loc)}`);
    const counts = target.b[into ?? ""];
    if (counts && counts.length === source.b[id]!.length) source.b[id]!.forEach((hits, arm) => (counts[arm]! += hits));
  }
  const functions = new Map(Object.entries(target.fnMap).map(([id, fn]) => [keyOf(fn.decl), id]));
  for (const [id, fn] of Object.entries(source.fnMap)) {
    const into = functions.get(keyOf(fn.decl));
    if (into !== undefined) target.f[into]! += source.f[id]!;
  }
}

interface Figure {
  covered: number;
  total: number;
  pct: number;
}

function figures(map: CoverageMap, dirs: readonly string[]): { lines: Figure; branches: Figure } {
  const summary = libCoverage.createCoverageSummary();
  for (const file of map.files()) {
    if (dirs.some((dir) => file.startsWith(path.join(ROOT, dir)))) summary.merge(map.fileCoverageFor(file).toSummary());
  }
  const pick = ({ covered, total }: { covered: number; total: number }): Figure => ({
    covered,
    total,
    pct: total === 0 ? 100 : Math.floor((covered / total) * 10_000) / 100,
  });
  return { lines: pick(summary.lines), branches: pick(summary.branches) };
}

/** Vitest's coverage: server/** and core/** without the tests, as vitest.config.ts's coverage.include and exclude. */
function readVitest(): CoverageMapData {
  const map = libCoverage.createCoverageMap({});
  for (const run of RUNS) map.merge(JSON.parse(fs.readFileSync(path.join(run, "coverage-final.json"), "utf8")) as CoverageMapData);
  return JSON.parse(JSON.stringify(map.toJSON())) as CoverageMapData;
}
const testsOnly = libCoverage.createCoverageMap(readVitest());
const together = readVitest();
const servers = await serversCoverage();
for (const [file, coverage] of Object.entries(servers.map)) if (together[file]) addHits(together[file], coverage);
const withServers = libCoverage.createCoverageMap(together);

const rows = [
  ["server/", ["server/"]],
  ["core/", ["core/"]],
  ["server/ and core/", ["server/", "core/"]],
] as const;
const summary = Object.fromEntries(
  rows.map(([label, dirs]) => [label, { withServers: figures(withServers, dirs), testsOnly: figures(testsOnly, dirs) }]),
);
fs.writeFileSync(path.join(OUT, "summary.json"), `${JSON.stringify(summary, null, 2)}\n`);
reports.create("html").execute(libReport.createContext({ dir: path.join(OUT, "html"), coverageMap: withServers }));

const cell = ({ covered, total, pct }: Figure) => `${pct.toFixed(2)} % (${covered}/${total})`.padEnd(24);
console.log(`\nCoverage by the unit and integration tests, with what ${servers.processes} server processes ran\n`);
console.log(`${"".padEnd(20)}${"lines".padEnd(24)}${"branches".padEnd(24)}${"lines, tests only".padEnd(24)}branches, tests only`);
for (const [label] of rows) {
  const figure = summary[label]!;
  console.log(
    `${label.padEnd(20)}${cell(figure.withServers.lines)}${cell(figure.withServers.branches)}${cell(figure.testsOnly.lines)}${cell(figure.testsOnly.branches)}`,
  );
}
console.log("\nbuild/coverage/html/index.html shows each file's lines.");
