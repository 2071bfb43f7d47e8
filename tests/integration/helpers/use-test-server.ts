import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Engine } from "#server/db/database.ts";
import { ADMIN_ENV, clearRateLimits, signIn } from "./admin";
import { type SmtpCatcher, smtpCatcher } from "./smtp-catcher";
import { freePort, startTestServer, type TestServer } from "./test-server";

export interface TestServerSetup {
  /** More environment, over the admin's (ADMIN_ENV: every server has the admin) and the mail catcher's. */
  env?: Record<string, string>;
  /** Start an SMTP catcher first and send the site's mail to it (SMTP_URL, MAIL_FROM, a 50 ms outbox poll). */
  smtp?: boolean;
  /** Sign the admin in before each test: a fresh session in `cookie`. */
  signedIn?: boolean;
}

export interface UsedTestServer {
  readonly server: TestServer;
  readonly cookie: string;
  readonly smtp: SmtpCatcher;
  /** The environment the server was started with, for a second instance on its database (`shareDatabaseOf`). */
  readonly env: Record<string, string>;
}

/**
 * One server for the tests of a describe block (and its catcher, with `smtp`), stopped after them. Before each test: no
 * rate-limit counters (every test comes from 127.0.0.1), no caught mail and a catcher that accepts, and with `signedIn`
 * a fresh admin session. Read the returned object's fields inside hooks and tests, once the server has started.
 */
export function useTestServer(engine: Engine, options: TestServerSetup = {}): UsedTestServer {
  let server: TestServer | undefined;
  let smtp: SmtpCatcher | undefined;
  let cookie: string | undefined;
  let env: Record<string, string> | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is read before the setup made it`);
    return value;
  };
  beforeAll(async () => {
    // The catcher listens before the site picks its own free port, so the two can never get the same one.
    if (options.smtp) {
      smtp = smtpCatcher(await freePort());
      await smtp.start();
    }
    const mail: Record<string, string> = smtp
      ? { SMTP_URL: smtp.url, MAIL_FROM: "Website <website@society.test>", OUTBOX_POLL_MS: "50" }
      : {};
    env = { ...ADMIN_ENV, ...mail, ...options.env };
    server = await startTestServer(engine, env);
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    const running = started(server, "the test server");
    await clearRateLimits(running);
    if (smtp) {
      smtp.mails.length = 0;
      smtp.reply = () => undefined;
    }
    if (options.signedIn) cookie = await signIn(running);
  });
  return {
    get server() {
      return started(server, "the test server");
    },
    get cookie() {
      return started(cookie, "the admin's session (signedIn)");
    },
    get smtp() {
      return started(smtp, "the mail catcher (smtp)");
    },
    get env() {
      return started(env, "the server's environment");
    },
  };
}
