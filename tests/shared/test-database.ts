import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDatabase, type DatabaseHandle, type Engine, migrateToLatest } from "../../server/db/database";

/**
 * Test databases: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. Each call gets a database
 * of its own (a temporary file, or a fresh schema), so test runs never see each other's rows.
 */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the file or schema. */
  destroy(): Promise<void>;
}

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  const suffix = crypto.randomBytes(6).toString("hex");
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-db-"));
    const handle = createDatabase({ engine: "sqlite", file: path.join(dir, "site.db") });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      destroy: async () => {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `test_${process.pid}_${suffix}`;
  await createSchema(url, schema);
  const handle = createDatabase({ engine: "postgres", url }, { schema });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      await dropSchema(url, schema);
    },
  };
}

export async function createSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema "${schema}"`);
  } finally {
    await client.end();
  }
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}
