import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

export type Db = Kysely<Database>;

export function withDb<A extends unknown[], R>(db: Db, query: (db: Db, ...args: A) => R): (...args: A) => R {
  return (...args) => query(db, ...args);
}
