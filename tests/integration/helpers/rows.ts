import { sql } from "kysely";
import { CONTENT_TABLES } from "#server/repos/site-content.ts";
import type { TestServer } from "./test-server";

/**
 * What a request may change, table by table: every row of the tables the site's actions write, keyed by
 * id. Columns that move on their own are left out (the outbox worker's delivery state, a session's
 * last-seen time), so two snapshots differ only when a request changed something.
 */
export const WATCHED_TABLES = [
  "applications",
  "applicationActivity",
  "contactMessages",
  "registrations",
  "bloodDonors",
  "bloodRequests",
  "bloodRequestAsks",
  "members",
  "memberActivity",
  "mailOutbox",
  "announcements",
  "images",
  "settings",
  "sessions",
  "admins",
  "videoUploads",
  ...CONTENT_TABLES,
] as const;
export type WatchedTable = (typeof WATCHED_TABLES)[number];

export type Row = Record<string, unknown>;
export type RowSnapshot = Record<WatchedTable, Map<string, Row>>;

/** Columns the server changes without being asked (the outbox worker, session activity, housekeeping). */
const MOVING_COLUMNS: Partial<Record<WatchedTable, readonly string[]>> = {
  // The worker wipes a sent mail's link; housekeeping forgets which link it was once the link ended.
  mailOutbox: ["status", "attempts", "nextAttemptAt", "leaseOwner", "leaseExpiresAt", "lastError", "sentAt", "secretLink", "adminLinkId"],
  sessions: ["lastSeenAt"],
  // The daily retention sweep's claim, taken by the server's own housekeeping.
  settings: ["retentionSweptAt"],
};

/** One table's rows by id, without its moving columns. */
export async function snapshotTable(server: TestServer, table: WatchedTable): Promise<Map<string, Row>> {
  const rows = (await server.database.db.selectFrom(table).selectAll().execute()) as Row[];
  const moving = MOVING_COLUMNS[table] ?? [];
  const byId = new Map<string, Row>();
  for (const row of rows) {
    const kept = Object.fromEntries(Object.entries(row).filter(([column]) => !moving.includes(column)));
    // A donor asked for a request is one row per request and donor.
    byId.set(String(row.id ?? `${String(row.requestId)}/${String(row.donorId)}`), kept);
  }
  return byId;
}

export async function snapshotRows(server: TestServer): Promise<RowSnapshot> {
  const entries = await Promise.all(WATCHED_TABLES.map(async (table) => [table, await snapshotTable(server, table)] as const));
  return Object.fromEntries(entries) as RowSnapshot;
}

export interface TableChange {
  added: Row[];
  removed: Row[];
  changed: { before: Row; after: Row }[];
}
export type RowChanges = Partial<Record<WatchedTable, TableChange>>;

const sameRow = (a: Row, b: Row): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The tables whose rows differ between two snapshots, with what was added, removed or changed. */
export function diffRows(before: RowSnapshot, after: RowSnapshot): RowChanges {
  const changes: RowChanges = {};
  for (const table of WATCHED_TABLES) {
    const change: TableChange = { added: [], removed: [], changed: [] };
    for (const [id, row] of after[table]) {
      const old = before[table].get(id);
      if (!old) change.added.push(row);
      else if (!sameRow(old, row)) change.changed.push({ before: old, after: row });
    }
    for (const [id, row] of before[table]) if (!after[table].has(id)) change.removed.push(row);
    if (change.added.length + change.removed.length + change.changed.length > 0) changes[table] = change;
  }
  return changes;
}

/** A short description of the changes for an assertion message (ids and columns, never whole huge rows). */
export function describeChanges(changes: RowChanges): string {
  return Object.entries(changes)
    .map(([table, change]) => `${table}: +${change.added.length} -${change.removed.length} ~${change.changed.length}`)
    .join("; ");
}

/** Every row of every table of the server's database whose columns, as text, hold one of the texts: `table: id`. */
export async function rowsHolding(server: TestServer, texts: readonly string[]): Promise<string[]> {
  const { db } = server.database;
  const tables =
    server.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          db,
        );
  if (!tables.rows.some((table) => table.name === "blood_donors")) throw new Error("the scan found none of the site's tables");
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows)
      if (texts.some((text) => JSON.stringify(row).includes(text))) found.push(`${name}: ${String(row.id ?? row.key)}`);
  }
  return found;
}
