/**
 * The server a browser-test worker drives: the production build, as `npm run serve` starts it, on a fresh DATA_DIR
 * (a new SQLite file and an empty uploads folder) and a free port, with a real SMTP server catching its mail. Each
 * Playwright worker starts its own (tests/e2e/fixtures.ts), so workers never share data. Its clock is the real time
 * plus an offset the tests set (tests/e2e/server-clock.cjs, loaded into this server only).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort, startProductionServer } from "#scripts/lib/production-server.ts";
import { smtpCatcher } from "#tests/integration/helpers/smtp-catcher.ts";
import { type PushEndpoint, startPushEndpoint } from "#tests/shared/push-endpoint.ts";

/** The admin the server creates at its first start (ADMIN_EMAIL + ADMIN_PASSWORD); resetData restores this password. */
export const E2E_ADMIN = { email: "owner@example.org", password: "correct horse battery" } as const;

export interface E2eServer {
  origin: string;
  dataDir: string;
  /** Each mail the server sent, as a JSON file (CaughtMailFile), named in the order it arrived. */
  mailDir: string;
  /**
   * A push service on this machine (RFC 8030, decrypting what it receives): the server trusts its certificate, and a
   * browser subscription made with `push.subscribe()` (stubbed into the page) is pushed to for real.
   */
  push: PushEndpoint;
  /** Sets the server's clock (`Date.now()`, `new Date()`) to the real time plus `ms`; resolves once the server has it. */
  setClockOffset(ms: number): Promise<void>;
  stop(): Promise<void>;
}

const BUILD_FILE = fileURLToPath(new URL("../../build/server/index.js", import.meta.url));
const SERVER_CLOCK = fileURLToPath(new URL("./server-clock.cjs", import.meta.url));
const CLOCK_ACK_TIMEOUT_MS = 5_000;

/**
 * `mailServer: false` starts it as a society without one: the `log` transport writes each mail to DATA_DIR/mail and the
 * SMTP catcher (`mailDir`) receives nothing.
 */
export async function startE2eServer({ mailServer = true }: { mailServer?: boolean } = {}): Promise<E2eServer> {
  if (!fs.existsSync(BUILD_FILE)) {
    throw new Error(`${BUILD_FILE} is missing: run \`npm run build\` first (\`npm run test:e2e\` builds, then runs Playwright).`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-e2e-"));
  const mailDir = path.join(dataDir, "caught-mail");
  fs.mkdirSync(mailDir);
  let caught = 0;
  const smtp = smtpCatcher(await freePort(), {
    onMail: (mail) => {
      caught += 1;
      const file = path.join(mailDir, `${String(caught).padStart(5, "0")}.json`);
      fs.writeFileSync(
        file,
        JSON.stringify({ headers: mail.headers, text: mail.text, envelopeTo: mail.envelopeTo, attachments: mail.attachments }),
      );
    },
  });
  await smtp.start();
  const push = await startPushEndpoint();
  const pushCertificate = path.join(dataDir, "push-service.pem");
  fs.writeFileSync(pushCertificate, push.certificate);
  const clockFile = path.join(dataDir, "server-clock");
  const server = await startProductionServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...(mailServer ? { MAIL_TRANSPORT: "smtp", SMTP_URL: smtp.url } : { MAIL_TRANSPORT: "log" }),
    MAIL_FROM: "Website <website@society.test>",
    MAIL_TO: "office@society.test",
    OUTBOX_POLL_MS: "200",
    PUSH_POLL_MS: "200",
    NODE_EXTRA_CA_CERTS: pushCertificate,
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    // The tests seed the database behind the server's back: the page cache asks it before every page.
    PAGE_CACHE_SECONDS: "0",
    NODE_OPTIONS: `--require ${JSON.stringify(SERVER_CLOCK)}`,
    E2E_CLOCK_FILE: clockFile,
  }).catch(async (error: unknown) => {
    await smtp.stop();
    await push.close();
    throw error;
  });
  // Warnings and errors the server logs show in the test run's output, next to the test that caused them.
  const relay = (chunk: Buffer) => process.stderr.write(`[e2e server] ${chunk.toString()}`);
  server.process.stdout?.on("data", relay);
  server.process.stderr?.on("data", relay);
  let stopping = false;
  server.process.once("exit", (code, signal) => {
    if (!stopping)
      process.stderr.write(`[e2e server] stopped unexpectedly (exit ${code ?? signal}); the worker's remaining tests cannot reach it\n`);
  });

  return {
    origin: server.url,
    dataDir,
    mailDir,
    push,
    async setClockOffset(ms) {
      const ackFile = `${clockFile}.ack`;
      // Gone first: an ack left from an earlier change must not pass for this one.
      fs.rmSync(ackFile, { force: true });
      fs.writeFileSync(clockFile, String(ms));
      if (!server.process.kill("SIGUSR2")) throw new Error("the e2e server is not running: its clock cannot be set");
      const deadline = Date.now() + CLOCK_ACK_TIMEOUT_MS;
      while (readIfPresent(ackFile) !== String(ms)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the e2e server did not take the clock offset ${ms} ms within ${CLOCK_ACK_TIMEOUT_MS} ms (${ackFile} never said so); ` +
              "its output above may say why",
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      stopping = true;
      await server.stop();
      await smtp.stop();
      await push.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function readIfPresent(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
