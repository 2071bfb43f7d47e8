import { type RawBuilder, sql } from "kysely";

/**
 * Whether `column` holds `text` anywhere, its own % and _ taken literally (LIKE, escaped with a backslash): the same
 * on SQLite and PostgreSQL. `lower` compares lower-cased, for a search that ignores case.
 */
export function contains(column: string, text: string, { lower = false } = {}): RawBuilder<boolean> {
  const pattern = `%${(lower ? text.toLowerCase() : text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const target = lower ? sql`lower(${sql.ref(column)})` : sql.ref(column);
  return sql<boolean>`${target} like ${pattern} escape '\\'`;
}
