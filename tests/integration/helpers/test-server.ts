import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, type DatabaseHandle, type Engine } from "#server/db/database.ts";
import { createSchema, dropSchema, schemaUrl } from "#tests/shared/test-database.ts";
import { SECRETS_KEY_FILE } from "#server/secrets-at-rest.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { freePort, serveCommand, siteOrigin } from "#scripts/lib/production-server.ts";
import { rememberSecret, watchServerOutput } from "./log-secrets";
import { copyTemplateFiles, newDatabaseName, postgresAdmin, postgresUrlOf, serverTemplateFor } from "./server-templates";

/**
 * A real server process (the production build, as `npm run serve` starts it) on a free port, with a fresh
 * DATA_DIR and its own database: a SQLite file, or with PostgreSQL a database copied from the run's template
 * (helpers/server-templates.ts), or a schema when the server's first start is its own.
 */
export interface TestServer {
  url: string;
  /**
   * The PUBLIC_URL it runs with: `url` unless the test gave another. A write is taken only from its origin, so the
   * helpers send `siteOrigin(server.publicUrl)`, as a page of the site would.
   */
  publicUrl: string;
  dataDir: string;
  engine: Engine;
  /** What DATABASE_URL the server was given (SQLite: its file), so a second process can share it. */
  databaseUrl: string;
  /** The same database the server uses, for seeding and checking rows. */
  database: DatabaseHandle;
  storage: FileStorage;
  /** The PostgreSQL schema this server's database lives in, if any. */
  schema?: string;
  /** The PostgreSQL database of its own it was given instead, copied from a template (helpers/server-templates.ts). */
  ownDatabase?: string;
  /** The server process's id (for signals and /proc readings). */
  pid: number;
  output(): string;
  /** SIGKILLs the process (no shutdown of any kind) and resolves once it is gone; DATA_DIR and database stay for `restartOf`. */
  kill(): Promise<void>;
  /** Resolves with the exit code once the process has exited by itself (after a signal the test sent). */
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

export { freePort, siteOrigin };

/** The production server as `npm run serve` starts it: the same environment and Node arguments, read from package.json. */
export const PRODUCTION_SERVER = serveCommand();

/**
 * Starts the production server with `env` (LOG_LEVEL=info, the production default, unless given). Its output is
 * scanned for secrets after the test file (helpers/log-secrets.ts), whatever the test does with the process.
 */
export function serverCommand(env: Record<string, string>): ChildProcess {
  rememberSecret(env.ADMIN_PASSWORD);
  rememberSecret(env.SECRETS_KEY);
  const child = spawn(process.execPath, [...PRODUCTION_SERVER.args], {
    cwd: fileURLToPath(new URL("../../..", import.meta.url)),
    env: { PATH: process.env.PATH ?? "", ...PRODUCTION_SERVER.env, LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  watchServerOutput(`server ${child.pid ?? "?"} (PORT ${env.PORT ?? "default"})`, () => output);
  return child;
}

export interface TestServerOptions {
  /** Run a second process on this server's database (its own DATA_DIR and port); the first one drops it. */
  shareDatabaseOf?: TestServer;
  /** Start again on a killed server's DATA_DIR and database (a restart after a crash); this server then owns their cleanup. */
  restartOf?: TestServer;
  /** Start on this DATA_DIR (a restored backup, with SQLite) instead of a fresh one; this server then owns its cleanup. */
  dataDir?: string;
  /**
   * The test's view of where the server keeps uploads (TestServer.storage), for a server started with other
   * storage settings (e.g. STORAGE=s3 in extraEnv). Default: the files under its DATA_DIR/uploads.
   */
  storage?: (dataDir: string) => FileStorage;
}

export async function startTestServer(
  engine: Engine,
  extraEnv: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const restarted = options.restartOf;
  const dataDir = restarted?.dataDir ?? options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "society-it-"));
  const port = await freePort();
  let schema = restarted?.schema;
  let ownDatabase = restarted?.ownDatabase;
  let databaseUrl: string | undefined = restarted?.engine === "postgres" ? restarted.databaseUrl : undefined;
  const shared = options.shareDatabaseOf;
  // A first start as the template's was: its files and database copied, so the server starts as after a restart.
  const template = restarted || shared || options.dataDir ? undefined : serverTemplateFor(engine, extraEnv);
  if (template) copyTemplateFiles(template, dataDir);
  if (restarted) {
    handedOver.add(restarted);
  } else if (shared) {
    databaseUrl = shared.databaseUrl;
  } else if (engine === "postgres") {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) throw new Error("TEST_DATABASE_URL is not set");
    if (template?.database) {
      ownDatabase = newDatabaseName("it");
      await postgresAdmin((client) => client.query(`create database "${ownDatabase}" template "${template.database}"`));
      databaseUrl = postgresUrlOf(base, ownDatabase);
    } else {
      schema = `it_${process.pid}_${crypto.randomBytes(5).toString("hex")}`;
      await createSchema(base, schema);
      databaseUrl = schemaUrl(base, schema);
    }
  }

  // Every instance of one database runs with the same secrets key (docs/deploy.md): the first one's, made at its start.
  const sharedKeyFile = shared && path.join(shared.dataDir, SECRETS_KEY_FILE);
  const sharedKey: Record<string, string> =
    sharedKeyFile && fs.existsSync(sharedKeyFile) ? { SECRETS_KEY: fs.readFileSync(sharedKeyFile, "utf8").trim() } : {};
  const url = `http://127.0.0.1:${port}`;
  const child = serverCommand({
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    // Tests write to the database behind the server's back (seeding, checking): the page cache asks it before every page.
    PAGE_CACHE_SECONDS: "0",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...sharedKey,
    ...extraEnv,
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));

  await waitUntilReady(url, child, () => output);

  const database = shared
    ? shared.database
    : createDatabase(
        engine === "postgres"
          ? { engine: "postgres", url: ownDatabase ? databaseUrl! : process.env.TEST_DATABASE_URL! }
          : { engine: "sqlite", file: path.join(dataDir, "site.db") },
        { schema },
      );

  const server: TestServer = {
    url,
    publicUrl: extraEnv.PUBLIC_URL ?? url,
    dataDir,
    engine,
    databaseUrl: databaseUrl ?? `sqlite:${path.join(dataDir, "site.db")}`,
    database,
    storage: options.storage ? options.storage(dataDir) : localStorage(path.join(dataDir, "uploads")),
    schema,
    ownDatabase,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    },
    exited() {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
    },
    async stop() {
      if (!shared) await database.close();
      if (handedOver.has(server)) return; // a restarted server owns the files and the schema now
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      if (schema) await dropSchema(process.env.TEST_DATABASE_URL!, schema);
      if (ownDatabase) await postgresAdmin((client) => client.query(`drop database if exists "${ownDatabase}" with (force)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Servers whose DATA_DIR and schema a restarted server took over. */
const handedOver = new WeakSet<TestServer>();

async function waitUntilReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not become ready:\n${output()}`);
}
