import fs from "node:fs";
import type { Profiler } from "node:inspector";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll } from "vitest";

/**
 * Setup file of the integration project (vitest.config.ts). Under `npm run test:coverage` (SERVER_COVERAGE_DIR set),
 * every server process the tests start writes V8's coverage of itself when it exits (tests/coverage/report.ts reads
 * it): Node hands NODE_V8_COVERAGE on to every child it spawns, whatever environment the test gives the child. Set
 * here, in the worker, rather than for the whole run, so the Vitest processes, which Vitest's own coverage measures,
 * write none. A SIGKILLed server writes nothing; the one started again on its data does.
 */
const dir = process.env.SERVER_COVERAGE_DIR && path.resolve(process.env.SERVER_COVERAGE_DIR, String(process.pid));
if (dir) {
  process.env.NODE_V8_COVERAGE = dir;
  const bundle = pathToFileURL(fileURLToPath(new URL("../../build/host/", import.meta.url))).href;
  // Once a file's servers have stopped, only their coverage of the server bundle (main.js and its chunks) is kept: a process's whole coverage
  // (Node's own modules and node_modules too) is some 6 MB.
  afterAll(() => {
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const file = path.join(dir, name);
      let coverage: Profiler.TakePreciseCoverageReturnType;
      try {
        coverage = JSON.parse(fs.readFileSync(file, "utf8")) as Profiler.TakePreciseCoverageReturnType;
      } catch {
        continue; // still being written by a process that outlived its test file: the next file's pass takes it
      }
      fs.writeFileSync(file, JSON.stringify({ result: coverage.result.filter((script) => script.url.startsWith(bundle)) }));
    }
  });
}
