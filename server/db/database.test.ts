import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createDatabase, migrateToLatest, migrationsAreCurrent, openSqlite, SQLITE_PAGE_CACHE_KIB } from "./database";
import { freePort } from "#scripts/lib/production-server.ts";
import { databaseProxy } from "#tests/shared/database-proxy.ts";
import { createSchema, dropSchema } from "#tests/shared/test-database.ts";
import { migrations } from "./migrations";

const postgresUrl = process.env.TEST_DATABASE_URL;

test("SQLite opens as DESIGN.md says: WAL, synchronous FULL, a busy timeout, foreign keys, and a 2 MB page cache", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-sqlite-"));
  const sqlite = openSqlite(path.join(dir, "site.db"));
  try {
    const pragma = (name: string) => sqlite.pragma(name, { simple: true });
    expect(pragma("journal_mode")).toBe("wal");
    expect(pragma("synchronous")).toBe(2); // FULL
    expect(pragma("busy_timeout")).toBe(5000);
    expect(pragma("foreign_keys")).toBe(1);
    // Negative: KiB, not pages. better-sqlite3's build would say -16000.
    expect(pragma("cache_size")).toBe(-SQLITE_PAGE_CACHE_KIB);
    expect(SQLITE_PAGE_CACHE_KIB).toBe(2000);
  } finally {
    sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// PostgreSQL only: skipped without TEST_DATABASE_URL. .ci/run sets it, and with CI=true a missing database fails the run.
describe.skipIf(!postgresUrl)("postgres: migrations and lost connections", () => {
  test("two instances starting together on an empty database migrate it once, both succeed", async () => {
    const schema = `test_mig_${process.pid}_${Date.now()}`;
    await createSchema(postgresUrl!, schema);
    const first = createDatabase({ engine: "postgres", url: postgresUrl! }, { schema });
    const second = createDatabase({ engine: "postgres", url: postgresUrl! }, { schema });
    try {
      const [a, b] = await Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)]);
      // Kysely's PostgreSQL migrator holds an advisory lock: one instance applies everything, the other nothing.
      expect([...a, ...b].sort()).toEqual(Object.keys(migrations).sort());
      expect(await migrationsAreCurrent(first.db)).toBe(true);
    } finally {
      await first.close();
      await second.close();
      await dropSchema(postgresUrl!, schema);
    }
  });

  test("a connection lost while a transaction holds it fails that transaction, not the process; the next query gets a new one", async () => {
    const database = new URL(postgresUrl!);
    const proxyPort = await freePort();
    const proxy = databaseProxy({ host: database.hostname, port: Number(database.port || 5432) }, proxyPort);
    await proxy.up();
    const proxied = new URL(postgresUrl!);
    proxied.port = String(proxyPort);
    const handle = createDatabase({ engine: "postgres", url: proxied.toString() });
    // The client's 'error' event, emitted with nobody listening, is thrown out of the socket's callback.
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const lost = handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await proxy.down(); // PostgreSQL restarts while the transaction is open
        await sql`select pg_sleep(0.05)`.execute(trx);
      });
      await expect(lost).rejects.toThrow(/Connection terminated|ECONNRESET|not queryable/);
      await proxy.up();
      expect((await sql<{ one: number }>`select 1 as one`.execute(handle.db)).rows).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      process.off("uncaughtException", onUncaught);
      await handle.close();
      await proxy.down();
    }
  });

  test("a migration table in another schema does not stop this schema from migrating", async () => {
    const other = `test_other_${process.pid}_${Date.now()}`;
    const mine = `test_mine_${process.pid}_${Date.now()}`;
    await createSchema(postgresUrl!, other);
    await createSchema(postgresUrl!, mine);
    const otherDb = createDatabase({ engine: "postgres", url: postgresUrl! }, { schema: other });
    const myDb = createDatabase({ engine: "postgres", url: postgresUrl! }, { schema: mine });
    try {
      await migrateToLatest(otherDb.db);
      expect(await migrateToLatest(myDb.db)).toEqual(Object.keys(migrations));
      expect(await migrationsAreCurrent(myDb.db)).toBe(true);
      // Only this schema is read: another one, dropped by its owner at any moment, cannot fail a start here.
      const schemas = new Set((await myDb.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.schema));
      expect([...schemas]).toEqual([mine]);
    } finally {
      await otherDb.close();
      await myDb.close();
      await dropSchema(postgresUrl!, other);
      await dropSchema(postgresUrl!, mine);
    }
  });
});
