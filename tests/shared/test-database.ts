import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createDatabase, type DatabaseHandle, type Engine, migrateToLatest } from "#server/db/database.ts";

/**
 * Test databases: SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. Each call gets a database of its own,
 * migrated and holding only what the migrations put there, so tests never see each other's rows.
 *
 * Migrating takes a fifth of a second on SQLite and a third on PostgreSQL, and a test needs a few milliseconds, so a
 * test file migrates once per engine: SQLite databases are copies of one migrated file, and a PostgreSQL schema is
 * emptied when its test ends and handed to the next test of the file. A schema whose tables or migrations a test
 * changed is dropped instead. `releaseTestDatabases()` (tests/shared/release-test-databases.ts, a setup file of every
 * project) drops the file's schemas once its tests are done.
 */
export function testEngines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/**
 * The engine of an HTTP test whose subject is the server's answer (pages, refusals, headers, uploads, sign-in), not
 * the database: SQLite, the default. What those routes ask of the database runs on both engines in the service and
 * repository tests; the HTTP tests whose subject is the engine (concurrent writes, locks, crashes, two instances, the
 * bytes stored) run on testEngines() (docs/decisions/039-http-tests-on-one-engine.md).
 */
export function answerTestEngines(): Engine[] {
  return ["sqlite"];
}

export interface TestDatabase extends DatabaseHandle {
  /**
   * How a process of the site (the admin CLI) reaches this database through its environment alone: a DATA_DIR of the
   * test's own (SQLite: the folder holding the file), and for PostgreSQL a DATABASE_URL whose search_path is the schema.
   */
  env: { DATA_DIR: string; DATABASE_URL: string };
  /** Closes the connection; the file and DATA_DIR are removed, the schema emptied for the next test or dropped. */
  destroy(): Promise<void>;
}

export async function openTestDatabase(engine: Engine): Promise<TestDatabase> {
  return engine === "sqlite" ? openSqliteCopy() : openPooledSchema();
}

let sqliteTemplate: Promise<string> | undefined;

/** One migrated SQLite file per test file, its write-ahead log folded in, so a copy of the file is the whole database. */
async function migratedSqliteFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "society-db-template-")), "site.db");
  const handle = createDatabase({ engine: "sqlite", file });
  await migrateToLatest(handle.db);
  await sql`pragma wal_checkpoint(truncate)`.execute(handle.db);
  await handle.close();
  return file;
}

async function openSqliteCopy(): Promise<TestDatabase> {
  sqliteTemplate ??= migratedSqliteFile();
  const template = await sqliteTemplate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-db-"));
  const file = path.join(dir, "site.db");
  fs.copyFileSync(template, file);
  const handle = createDatabase({ engine: "sqlite", file });
  return {
    ...handle,
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    destroy: async () => {
      await handle.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A migrated schema's shape: its columns in order, and the migrations it has run. */
const SHAPE_QUERY = `
  select md5(coalesce((select string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, ordinal_position)
                       from information_schema.columns where table_schema = $1), '')
             || coalesce((select string_agg(name, ',' order by name) from kysely_migration), '')) as shape`;

interface SchemaPool {
  admin: pg.Client;
  /** The shape every schema has once migrated, and the rows the migrations leave, kept in a schema of their own. */
  shape: string;
  seedSchema: string;
  seededTables: string[];
  tables: string[];
  free: string[];
  all: Set<string>;
}

let schemaPool: Promise<SchemaPool> | undefined;

function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const newSchemaName = () => `test_${process.pid}_${crypto.randomBytes(6).toString("hex")}`;

async function migratedSchema(url: string, schema: string): Promise<void> {
  await createSchema(url, schema);
  const handle = createDatabase({ engine: "postgres", url }, { schema });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
}

async function shapeOf(admin: pg.Client, schema: string): Promise<string> {
  await admin.query(`set search_path = ${quoted(schema)}`);
  const { rows } = await admin.query<{ shape: string }>(SHAPE_QUERY, [schema]);
  return rows[0]!.shape;
}

async function createSchemaPool(): Promise<SchemaPool> {
  const url = postgresUrl();
  const first = newSchemaName();
  await migratedSchema(url, first);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = $1 and tablename not like 'kysely_migration%' order by tablename",
    [first],
  );
  const tables = rows.map((row) => row.tablename);
  const seedSchema = newSchemaName();
  await admin.query(`create schema ${quoted(seedSchema)}`);
  const seededTables: string[] = [];
  for (const table of tables) {
    const { rows: count } = await admin.query<{ n: number }>(`select count(*)::int as n from ${quoted(first)}.${quoted(table)}`);
    if (count[0]!.n === 0) continue;
    seededTables.push(table);
    await admin.query(`create table ${quoted(seedSchema)}.${quoted(table)} as table ${quoted(first)}.${quoted(table)}`);
  }
  const shape = await shapeOf(admin, first);
  return { admin, shape, seedSchema, seededTables, tables, free: [first], all: new Set([first, seedSchema]) };
}

/** Empties a schema back to what the migrations left, or drops it when a test changed its tables or migrations. */
async function returnSchema(pool: SchemaPool, schema: string): Promise<void> {
  if ((await shapeOf(pool.admin, schema)) !== pool.shape) {
    await pool.admin.query(`drop schema if exists ${quoted(schema)} cascade`);
    pool.all.delete(schema);
    return;
  }
  // Deleting rows with the foreign-key triggers off takes a millisecond; TRUNCATE takes a third of a second.
  await pool.admin.query(
    [
      "begin",
      "set local session_replication_role = replica",
      ...pool.tables.map((table) => `delete from ${quoted(schema)}.${quoted(table)}`),
      ...pool.seededTables.map(
        (table) => `insert into ${quoted(schema)}.${quoted(table)} table ${quoted(pool.seedSchema)}.${quoted(table)}`,
      ),
      "commit",
    ].join(";\n"),
  );
  pool.free.push(schema);
}

async function openPooledSchema(): Promise<TestDatabase> {
  const url = postgresUrl();
  schemaPool ??= createSchemaPool();
  const pool = await schemaPool;
  let schema = pool.free.pop();
  if (!schema) {
    schema = newSchemaName();
    pool.all.add(schema);
    await migratedSchema(url, schema);
  }
  const handle = createDatabase({ engine: "postgres", url }, { schema });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-data-"));
  return {
    ...handle,
    env: { DATA_DIR: dataDir, DATABASE_URL: schemaUrl(url, schema) },
    destroy: async () => {
      await handle.close();
      await returnSchema(pool, schema);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Drops the schemas this test file's tests used and removes the SQLite template. */
export async function releaseTestDatabases(): Promise<void> {
  const pool = schemaPool && (await schemaPool);
  schemaPool = undefined;
  if (pool) {
    for (const schema of pool.all) await pool.admin.query(`drop schema if exists ${quoted(schema)} cascade`);
    await pool.admin.end();
  }
  const template = sqliteTemplate && (await sqliteTemplate);
  sqliteTemplate = undefined;
  if (template) fs.rmSync(path.dirname(template), { recursive: true, force: true });
}

/** `url` with its search_path set to `schema`, as a DATABASE_URL gives it to a process of the site. */
export function schemaUrl(url: string, schema: string): string {
  return `${url}${url.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Runs `work` on a connection of its own to `url`, closed afterwards whatever happens. */
export async function withPostgresClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createSchema(url: string, schema: string): Promise<void> {
  await withPostgresClient(url, (client) => client.query(`create schema ${quoted(schema)}`));
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  await withPostgresClient(url, (client) => client.query(`drop schema if exists ${quoted(schema)} cascade`));
}
