/**
 * `npm test`: the levels one after another, fastest first, stopping at the first that fails (docs/development.md,
 * "Tests"). Each is an npm script that also runs alone. Ends with one line per level and its time, also when one
 * failed, so `.ci/run`'s figure can be read level by level.
 *
 *   node --import tsx scripts/test-levels.ts
 */
import { spawnSync } from "node:child_process";

const LEVELS = [
  ["static checks", "test:static"],
  ["build", "build"],
  ["unit", "test:unit"],
  ["integration", "test:integration"],
  ["browser", "test:e2e"],
] as const;

const lines: string[] = [];
const started = Date.now();
const seconds = (since: number) => String(Math.round((Date.now() - since) / 1000)).padStart(4);
let failed = false;
for (const [name, script] of LEVELS) {
  console.log(`test: ${name} (npm run ${script})`);
  const levelStarted = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  failed = status !== 0;
  lines.push(`test: ${name.padEnd(14)} ${seconds(levelStarted)} s${failed ? "  FAILED" : ""}`);
  if (failed) break;
}
console.log(`\n${lines.join("\n")}\ntest: ${"total".padEnd(14)} ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
