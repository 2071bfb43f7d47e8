import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "#server/config.ts";
import { createDatabase, type DatabaseHandle, type Engine, migrateToLatest } from "#server/db/database.ts";
import { DEFAULT_POSTGRES_URL, postgresRun, postgresUnreachable } from "./requests";

/**
 * Runs `measure` on a fresh, migrated database of `engine` for an in-process bench section: SQLite under a temporary
 * DATA_DIR, or PostgreSQL (TEST_DATABASE_URL, else the local default) in a schema of its own. All of it is dropped
 * afterwards. `{ skipped }`, saying why, when PostgreSQL does not answer.
 */
export async function onBenchDatabase<T>(
  engine: Engine,
  name: string,
  measure: (database: DatabaseHandle, dataDir: string) => Promise<T>,
): Promise<T | { skipped: string }> {
  const baseUrl = process.env.TEST_DATABASE_URL || DEFAULT_POSTGRES_URL;
  if (engine === "postgres") {
    const unreachable = await postgresUnreachable(baseUrl);
    if (unreachable) return { skipped: `skipped: no PostgreSQL (${unreachable})` };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `society-bench-${name}-`));
  const schema = engine === "postgres" ? `bench_${process.pid}_${Date.now().toString(36)}` : undefined;
  if (schema) await postgresRun(baseUrl, `create schema "${schema}"`);
  const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: schema ? baseUrl : undefined });
  const database = createDatabase(config.database, { schema });
  try {
    await migrateToLatest(database.db);
    return await measure(database, dataDir);
  } finally {
    await database.close();
    if (schema) await postgresRun(baseUrl, `drop schema if exists "${schema}" cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
