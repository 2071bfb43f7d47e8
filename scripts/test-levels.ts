/**
 * `npm test`: the levels one after another, fastest first, stopping at the first that fails (docs/development.md,
 * "Tests"). Each is an npm script that also runs alone. Ends with one line per level and its time, also when one
 * failed, so `.ci/run`'s figure can be read level by level.
 *
 * After `npm install --ignore-scripts` (as `.ci/run` installs) better-sqlite3 has no native binding yet: it is
 * compiled here, on one core, while the static checks and the build run, which need none, and the unit level waits
 * for it. When SQLITE_BINDING_BUILD names the folder of a compile already under way (`.ci/run` starts one beside
 * npm install), the binding is taken from there once it is done instead.
 *
 *   node --import tsx scripts/test-levels.ts
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LEVELS = [
  ["static checks", "test:static"],
  ["build", "build"],
  ["unit", "test:unit"],
  ["integration", "test:integration"],
  ["browser", "test:e2e"],
] as const;
/** The first level that loads the database driver. */
const NEEDS_NATIVE_BINDING = "unit";
const SQLITE_BINDING = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
/** A compile that has not ended by then is given up on (compiled again here): it takes about a minute and a half. */
const COMPILE_DEADLINE_MS = 10 * 60_000;

/**
 * The binding `.ci/run` compiled from better-sqlite3's tarball in `dir` (its `status` file says how that ended), put in
 * place; false if that compile failed.
 */
async function takeBindingBuiltIn(dir: string): Promise<boolean> {
  const status = path.join(dir, "status");
  const deadline = Date.now() + COMPILE_DEADLINE_MS;
  while (!fs.existsSync(status)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const built = path.join(dir, "package", "build", "Release", "better_sqlite3.node");
  if (fs.readFileSync(status, "utf8").trim() !== "0" || !fs.existsSync(built)) {
    console.log(`test: better-sqlite3's compile beside npm install failed (${path.join(dir, "build.log")}); compiling again`);
    return false;
  }
  fs.mkdirSync(path.dirname(SQLITE_BINDING), { recursive: true });
  fs.copyFileSync(built, SQLITE_BINDING);
  return true;
}

/** Compiles better-sqlite3's binding when it is missing; resolves with npm's output on failure, undefined on success. */
async function compileSqliteBinding(): Promise<string | undefined> {
  if (fs.existsSync(SQLITE_BINDING)) return undefined;
  const underWay = process.env.SQLITE_BINDING_BUILD;
  if (underWay && (await takeBindingBuiltIn(underWay))) return undefined;
  console.log("test: compiling better-sqlite3's native binding beside the first levels (npm rebuild better-sqlite3)");
  // Its output goes to a file: while a level runs (spawnSync) this process reads no pipe.
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "native-binding-")), "npm-rebuild.log");
  const out = fs.openSync(log, "w");
  return new Promise((resolve) => {
    // One core: nearly all of it is SQLite's amalgamation, a single file, so more compile jobs would not help.
    const child = spawn("npm", ["rebuild", "better-sqlite3"], { stdio: ["ignore", out, out] });
    child.on("close", (code) => {
      fs.closeSync(out);
      resolve(code === 0 && fs.existsSync(SQLITE_BINDING) ? undefined : `${fs.readFileSync(log, "utf8")}\n(exit ${code})`);
    });
  });
}

const lines: string[] = [];
const started = Date.now();
const seconds = (since: number) => String(Math.round((Date.now() - since) / 1000)).padStart(4);
const binding = compileSqliteBinding();
let failed = false;
for (const [name, script] of LEVELS) {
  if (name === NEEDS_NATIVE_BINDING) {
    const failure = await binding;
    if (failure) {
      console.error(`test: better-sqlite3's native binding did not compile:\n${failure}`);
      lines.push(`test: ${"native binding".padEnd(14)}    FAILED`);
      failed = true;
      break;
    }
  }
  console.log(`test: ${name} (npm run ${script})`);
  const levelStarted = Date.now();
  const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit" });
  failed = status !== 0;
  lines.push(`test: ${name.padEnd(14)} ${seconds(levelStarted)} s${failed ? "  FAILED" : ""}`);
  if (failed) break;
}
console.log(`\n${lines.join("\n")}\ntest: ${"total".padEnd(14)} ${seconds(started)} s`);
process.exit(failed ? 1 : 0);
