import type { SelectQueryBuilder } from "kysely";

/** How many rows `query` (a selectFrom with its conditions, nothing selected yet) matches. */
export async function countRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll().as("count"))
    // In a function generic over the table, Kysely cannot work out the selection's type: it is stated.
    .$castTo<{ count: number | string | bigint }>()
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
