/**
 * `npm run test:static`, the first level of `npm test`: the format check, ESLint and the type check (React Router's
 * route types, then tsc), all three at once, since each keeps to one core. Each one's output is printed whole when it
 * ends, with its time; the level fails if any of them does.
 *
 *   node --import tsx scripts/static-checks.ts
 */
import { spawn } from "node:child_process";

const CHECKS = ["format:check", "lint", "typecheck"];

function run(script: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${output.trimEnd()}${output.trim() ? "\n" : ""}`);
      console.log(`static checks: ${script} ${code === 0 ? "passed" : "FAILED"} (${seconds} s)\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
if (results.includes(false)) process.exit(1);
