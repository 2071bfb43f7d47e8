import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import type { Database } from "./schema";
import { openTestDatabase, type TestDatabase } from "#tests/shared/test-database.ts";
import { withUnsyncedCommits } from "./unsynced-commits";

const FULL = 2;
const NORMAL = 1;

async function synchronousLevel(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
  return rows[0]!.synchronous;
}

describe("commits that need not wait for the disk (SQLite)", () => {
  let database: TestDatabase | undefined;
  afterEach(() => database?.destroy());

  test("run with synchronous=NORMAL, and every other write is back at FULL afterwards", async () => {
    database = await openTestDatabase("sqlite");
    const { db } = database;
    expect(await synchronousLevel(db)).toBe(FULL);
    const inside = await withUnsyncedCommits(db, (connection) => synchronousLevel(connection));
    expect(inside).toBe(NORMAL);
    expect(await synchronousLevel(db)).toBe(FULL);
  });

  test("a failing piece of work still puts FULL back, and its error reaches the caller", async () => {
    database = await openTestDatabase("sqlite");
    const { db } = database;
    await expect(
      withUnsyncedCommits(db, async () => {
        throw new Error("no such job");
      }),
    ).rejects.toThrow("no such job");
    expect(await synchronousLevel(db)).toBe(FULL);
  });

  test("a query arriving meanwhile waits for the connection, so it never runs under NORMAL", async () => {
    database = await openTestDatabase("sqlite");
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const unsynced = withUnsyncedCommits(db, async (connection) => {
      await held;
      return synchronousLevel(connection);
    });
    const meanwhile = synchronousLevel(db);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await unsynced).toBe(NORMAL);
    expect(await meanwhile).toBe(FULL);
  });
});
