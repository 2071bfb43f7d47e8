import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  CamelCasePlugin,
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  SqliteDriver,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";
import pg from "pg";
import type { DatabaseTarget } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import { migrations } from "./migrations";
import type { Database } from "./schema";

export type Engine = DatabaseTarget["engine"];

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite writes start with BEGIN IMMEDIATE: the write lock is taken up front, so two writers queue on
 * busy_timeout instead of failing half-way with SQLITE_BUSY when a read transaction upgrades.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  private readonly database: SqliteDatabase;
  constructor(sqlite: SQLite.Database) {
    const database = withStatementCache(sqlite);
    super({ database });
    this.database = database;
  }
  override createDriver() {
    return new ImmediateSqliteDriver({ database: this.database });
  }
}

/** Distinct statements kept prepared; the site runs a few dozen, so this only bounds a runaway. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, which took 5% of a join's time. A better-sqlite3 statement can run again with
 * other parameters, and Kysely runs one query at a time on the one connection, so each text is prepared once.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/**
 * After personal data is deleted. SQLite (with secure_delete on) has overwritten the rows in the pages it wrote, but
 * the write-ahead log still holds those pages as they were: it is copied into the database and emptied. `vacuum`
 * first rewrites the whole file, so nothing freed before (free pages, space left by earlier deletes) keeps a copy
 * either. Returns false when a reader in another process kept the log from being emptied (it is, at a later
 * checkpoint). PostgreSQL keeps deleted rows in its files until vacuum reuses the space (docs/operations.md).
 */
export async function forgetDeletedRows(db: Kysely<Database>, { vacuum = false } = {}): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return true;
  if (vacuum) await sql`VACUUM`.execute(db);
  const { rows } = await sql<{ busy: number }>`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}

/** The most memory (KiB) SQLite keeps database pages in, per connection. */
export const SQLITE_PAGE_CACHE_KIB = 2000;

export function openSqlite(file: string): SQLite.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = FULL"); // an acknowledged write survives a power cut
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  // A deleted row's bytes are overwritten, not left in free space: deleting personal data deletes it from the file.
  sqlite.pragma("secure_delete = ON");
  // SQLite's own default, 2 MB of pages kept in the process. better-sqlite3 builds SQLite with 16 MB instead, which a
  // growing database fills: 18 MB more RSS after the benchmark's joins, for no measurable speed. The kernel keeps
  // the file's pages cached anyway, outside the process (docs/decisions/014-join-throughput-and-memory.md).
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  return sqlite;
}

export interface PostgresOptions {
  /** Run every query in this schema (tests give each run its own). */
  schema?: string;
  logger?: Logger;
}

export function createDatabase(target: DatabaseTarget, options: PostgresOptions = {}): DatabaseHandle {
  const dialect =
    target.engine === "sqlite"
      ? new ImmediateSqliteDialect(openSqlite(target.file))
      : new CurrentSchemaPostgresDialect({ pool: postgresPool(target.url, options) });
  // Code names columns in camelCase; the tables keep the snake_case the migrations give them.
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
  return {
    db,
    engine: target.engine,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

function postgresPool(url: string, options: PostgresOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    statement_timeout: 10_000,
    idleTimeoutMillis: 30_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => options.logger?.error({ err: error.message }, "postgres pool error"));
  // A client in use losing its connection (PostgreSQL restarting mid-transaction) fails its query, which its caller
  // handles, and emits 'error' too, which with nobody listening would be thrown out of the process. The pool drops the
  // client when it is released, being no longer queryable.
  pool.on("connect", (client) => client.on("error", () => {}));
  return pool;
}

/**
 * Kysely's PostgreSQL introspector reads the tables of every schema in the database and calls
 * `has_schema_privilege(name)` on each: a schema that another process drops meanwhile (another instance's, a test
 * run's) makes that call fail with "schema … does not exist", and the start of the server with it. The migrator only
 * asks whether its own tables exist, in the connection's schema, so only that schema's tables are read, from the
 * catalog alone.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === "v", columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}

const migrationProvider = { getMigrations: async () => migrations };

/**
 * On PostgreSQL the migrator is pinned to the connection's current schema. Left to itself, Kysely looks
 * for its bookkeeping table in every schema of the database, so a `kysely_migration` table in another
 * schema (another instance's, or a test run's) would make it skip creating its own and then fail.
 */
async function createMigrator(database: Kysely<Database>): Promise<Migrator> {
  // Migrations name tables and columns as they are in SQL.
  const db = database.withoutPlugins();
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider: migrationProvider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider: migrationProvider, migrationTableSchema: rows[0]?.schema ?? "public" });
}

/** Brings the schema up to date; throws (and leaves the database as it was) when a migration fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = await createMigrator(db);
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** True when every known migration has been applied. */
export async function migrationsAreCurrent(db: Kysely<Database>): Promise<boolean> {
  const migrator = await createMigrator(db);
  const all = await migrator.getMigrations();
  return all.every((m) => m.executedAt !== undefined);
}
