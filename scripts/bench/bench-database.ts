import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { errorMessage } from "#core/errors.ts";
import { parseConfig } from "#server/config.ts";
import { createDatabase, type DatabaseHandle, type Engine, migrateToLatest } from "#server/db/database.ts";

/** Where the bench looks for PostgreSQL unless TEST_DATABASE_URL names another. */
export const DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/**
 * Runs `work` for a bench section on `engine` in a temporary DATA_DIR and, on PostgreSQL (TEST_DATABASE_URL, else the
 * local default), in a schema of its own, which `databaseUrl` opens. All of it is dropped afterwards. `{ skipped }`,
 * saying why, when PostgreSQL does not answer.
 */
export async function inBenchPlace<T>(
  engine: Engine,
  name: string,
  work: (place: { dataDir: string; databaseUrl?: string }) => Promise<T>,
): Promise<T | { skipped: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  if (engine === "postgres") {
    const unreachable = await postgresUnreachable(baseUrl);
    if (unreachable) return { skipped: `skipped: no PostgreSQL (${unreachable})` };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `society-bench-${name}-`));
  const schema = engine === "postgres" ? `bench_${process.pid}_${Date.now().toString(36)}` : undefined;
  try {
    if (!schema) return await work({ dataDir });
    await postgresRun(baseUrl, `create schema "${schema}"`);
    const databaseUrl = new URL(baseUrl);
    databaseUrl.searchParams.set("options", `-c search_path=${schema}`);
    return await work({ dataDir, databaseUrl: databaseUrl.toString() });
  } finally {
    if (schema) await postgresRun(baseUrl, `drop schema if exists "${schema}" cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `measure` on a fresh, migrated database of `engine` for an in-process bench section: SQLite under a temporary
 * DATA_DIR, or PostgreSQL in a schema of its own (see inBenchPlace).
 */
export function onBenchDatabase<T>(
  engine: Engine,
  name: string,
  measure: (database: DatabaseHandle, dataDir: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  return inBenchPlace(engine, name, async ({ dataDir, databaseUrl }) => {
    const database = createDatabase(parseConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl }).database);
    try {
      await migrateToLatest(database.db);
      return await measure(database, dataDir);
    } finally {
      await database.close();
    }
  });
}

/** Whether PostgreSQL answers at `url`; the reason when it does not. */
async function postgresUnreachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return undefined;
  } catch (error) {
    return errorMessage(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Runs one statement on PostgreSQL at `url`, on a connection of its own (creating and dropping the bench's schema). */
async function postgresRun(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
