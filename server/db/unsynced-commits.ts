import { type Kysely, SqliteAdapter, sql } from "kysely";
import type { Database } from "./schema";

/**
 * Runs `work` with commits that do not wait for the disk: for bookkeeping whose loss in a power cut costs nothing
 * that is not redone anyway (the mail outbox's leases and outcomes: a lost one means a mail goes out again, which
 * the outbox's at-least-once delivery allows). Everything else commits with synchronous=FULL (DESIGN.md), and each
 * of those flushes the unsynced commits before it too, since the write-ahead log is one file written in order.
 *
 * SQLite: synchronous=NORMAL on its one connection, held for the whole of `work`, so no other write can run under
 * the weaker setting; better-sqlite3 syncs on the event loop, ~0.5 ms a commit here that no request can use.
 * PostgreSQL syncs on its own server without blocking this process: `work` runs as it is.
 */
export async function withUnsyncedCommits<T>(db: Kysely<Database>, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = NORMAL`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`pragma synchronous = FULL`.execute(connection);
    }
  });
}
