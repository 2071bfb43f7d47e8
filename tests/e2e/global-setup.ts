/**
 * Starts the production server once for the whole browser suite, on a fresh DATA_DIR (a new SQLite file and an
 * empty uploads folder), and stops it afterwards. Tests find that folder in process.env.E2E_DATA_DIR, which
 * Playwright's workers inherit from this process, and write into the very database the server reads.
 *
 * It assumes `npm run build` already ran (`npm run test:e2e` builds first).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { smtpCatcher } from "../integration/helpers/smtp-catcher";
import { PRODUCTION_SERVER } from "../integration/helpers/test-server";

/** E2E_PORT lets two checkouts run their browser suites side by side. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_HOST = "127.0.0.1";
export const E2E_ORIGIN = `http://${E2E_HOST}:${E2E_PORT}`;
/** The mail catcher's port, derived from E2E_PORT so parallel checkouts do not collide. */
export const E2E_SMTP_PORT = E2E_PORT + 1000;

/** The admin the server creates at its first start (ADMIN_EMAIL + ADMIN_PASSWORD); resetData restores this password. */
export const E2E_ADMIN = { email: "owner@example.org", password: "correct horse battery" } as const;

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const READY_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 10_000;

async function answersReady(): Promise<boolean> {
  try {
    const response = await fetch(`${E2E_ORIGIN}/readyz`, { signal: AbortSignal.timeout(1_000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

async function portIsTaken(): Promise<boolean> {
  try {
    await fetch(`${E2E_ORIGIN}/healthz`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const buildFile = path.join(PROJECT_ROOT, "build/server/index.js");
  if (!fs.existsSync(buildFile)) {
    throw new Error(`${buildFile} is missing: run \`npm run build\` first (\`npm run test:e2e\` builds, then runs Playwright).`);
  }
  if (await portIsTaken()) {
    throw new Error(`Something already answers on ${E2E_ORIGIN}: stop it, the browser tests start their own server on a fresh database.`);
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-e2e-"));
  // A real SMTP server receives the site's mail; each mail lands as a JSON file the tests' `mailbox` reads.
  const mailDir = path.join(dataDir, "caught-mail");
  fs.mkdirSync(mailDir);
  let caught = 0;
  const smtp = smtpCatcher(E2E_SMTP_PORT, {
    onMail: (mail) => {
      caught += 1;
      const file = path.join(mailDir, `${String(caught).padStart(5, "0")}.json`);
      fs.writeFileSync(file, JSON.stringify({ headers: mail.headers, text: mail.text, envelopeTo: mail.envelopeTo }));
    },
  });
  await smtp.start();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(E2E_PORT),
    HOST: E2E_HOST,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Website <website@society.test>",
    MAIL_TO: "office@society.test",
    OUTBOX_POLL_MS: "200",
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // The tests seed the database behind the server's back: the page cache asks it before every page.
    PAGE_CACHE_SECONDS: "0",
  };
  // The tests seed DATA_DIR/site.db: a database chosen elsewhere in the environment must not win.
  delete env.DATABASE_URL;

  const output: string[] = [];
  const server = spawn(process.execPath, [...PRODUCTION_SERVER.args], {
    cwd: PROJECT_ROOT,
    env: { ...env, ...PRODUCTION_SERVER.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    process.stderr.write(`[e2e server] ${chunk.toString()}`);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  let stopping = false;
  server.once("exit", (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `[e2e server] stopped unexpectedly (exit code ${code}, signal ${signal}); the remaining tests cannot reach it\n`,
      );
  });

  const stop = async () => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      const killer = setTimeout(() => server.kill("SIGKILL"), STOP_GRACE_MS);
      await exited(server);
      clearTimeout(killer);
    }
    await smtp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answersReady())) {
    if (server.exitCode !== null || server.signalCode !== null) {
      await stop();
      throw new Error(`The server stopped before it was ready (exit ${server.exitCode ?? server.signalCode}):\n${output.join("")}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${E2E_ORIGIN}/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return stop;
}
