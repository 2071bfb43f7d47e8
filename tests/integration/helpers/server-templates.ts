/**
 * A test server's first start, made once per run: the integration project's global setup starts the production server
 * once per engine with the admin every test server has (ADMIN_ENV), lets it migrate, make its secrets key, create the
 * admin and import the demo content, and stops it. What it left (its DATA_DIR, and with PostgreSQL its database) is
 * the template a test server starting the same way begins from: a copy of the folder, and a database created from the
 * template database (`create database ... template`, about a tenth of a second), instead of the few seconds of CPU
 * each first start's import of the demo content takes.
 *
 * A server whose environment could change what the first start writes (another admin, SECRETS_KEY, other storage, a
 * setting this file does not know) starts for real; so do restarts, second instances and servers given a DATA_DIR.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type pg from "pg";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";
import type { Engine } from "#server/db/database.ts";
import { startProductionServer } from "#scripts/lib/production-server.ts";
import { testEngines, withPostgresClient } from "#tests/shared/test-database.ts";
import { ADMIN_ENV } from "./admin";

export interface ServerTemplate {
  engine: Engine;
  /** The DATA_DIR the first start left: the SQLite database, the secrets key, the uploads. */
  dataDir: string;
  /** With PostgreSQL: the database the first start filled, copied for each server. */
  database?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    serverTemplates: ServerTemplate[];
  }
}

/** Settings that act only while the server runs: a server started with these and ADMIN_ENV begins from a template. */
const RUN_TIME_SETTINGS = new Set([
  "PORT",
  "HOST",
  "PUBLIC_URL",
  "TRUST_PROXY",
  "LOG_LEVEL",
  "PAGE_CACHE_SECONDS",
  "MAIL_TRANSPORT",
  "SMTP_URL",
  "MAIL_FROM",
  "MAIL_TO",
  "OUTBOX_POLL_MS",
]);

/** The template a fresh server started with `env` can begin from, if any. */
export function serverTemplateFor(engine: Engine, env: Record<string, string>): ServerTemplate | undefined {
  if (env.ADMIN_EMAIL !== ADMIN_ENV.ADMIN_EMAIL || env.ADMIN_PASSWORD !== ADMIN_ENV.ADMIN_PASSWORD) return undefined;
  const startsAsTemplate = Object.keys(env).every((name) => name in ADMIN_ENV || RUN_TIME_SETTINGS.has(name));
  return startsAsTemplate ? inject("serverTemplates").find((template) => template.engine === engine) : undefined;
}

/**
 * The template's files, put into the new server's (empty) DATA_DIR: the database and the keys copied, the uploads (some
 * 1,250 photo variants) hard-linked, a tenth of the time. A link is safe there: the storage never writes into a file
 * it stored, it writes a new one and renames it over (server/storage/local-storage.ts), and a delete removes the link.
 */
export function copyTemplateFiles(template: ServerTemplate, dataDir: string): void {
  const put = (from: string, to: string, link: boolean) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { mode: fs.statSync(source).mode });
        put(source, target, link || (from === template.dataDir && entry.name === "uploads"));
      } else if (!entry.name.endsWith("-shm")) {
        if (link) fs.linkSync(source, target);
        else fs.copyFileSync(source, target);
      }
    }
  };
  put(template.dataDir, dataDir, false);
}

export function postgresUrlOf(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `work` on a connection of its own to TEST_DATABASE_URL (creating and dropping databases). */
export const postgresAdmin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> =>
  withPostgresClient(process.env.TEST_DATABASE_URL!, work);

export const newDatabaseName = (prefix: string) => `${prefix}_${process.pid}_${crypto.randomBytes(5).toString("hex")}`;

async function makeTemplate(engine: Engine): Promise<ServerTemplate> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-it-template-"));
  const template: ServerTemplate = { engine, dataDir };
  const env: Record<string, string> = { ...ADMIN_ENV, DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "0" };
  // Under `npm run test:coverage` the first start's code counts, as it did when every test server ran it
  // (tests/coverage/servers.ts; the report reads every process's file under SERVER_COVERAGE_DIR).
  if (process.env.SERVER_COVERAGE_DIR) env.NODE_V8_COVERAGE = path.resolve(process.env.SERVER_COVERAGE_DIR, `template-${engine}`);
  if (engine === "postgres") {
    template.database = newDatabaseName("it_template");
    await postgresAdmin((client) => client.query(`create database "${template.database}"`));
    env.DATABASE_URL = postgresUrlOf(process.env.TEST_DATABASE_URL!, template.database);
  }
  const server = await startProductionServer(env);
  await server.stop();
  return template;
}

async function removeTemplate(template: ServerTemplate): Promise<void> {
  fs.rmSync(template.dataDir, { recursive: true, force: true });
  if (template.database) await postgresAdmin((client) => client.query(`drop database if exists "${template.database}" with (force)`));
}

/** The integration project's global setup: one template per engine, removed when the run ends. */
export default async function makeServerTemplates(project: TestProject): Promise<() => Promise<void>> {
  const templates = await Promise.all(testEngines().map(makeTemplate));
  project.provide("serverTemplates", templates);
  return async () => {
    await Promise.all(templates.map(removeTemplate));
  };
}
