import type { Db } from "#server/repos/db.ts";

export async function contentVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("settings").select("contentVersion").executeTakeFirst();
  return row?.contentVersion ?? 0;
}

/**
 * Takes the settings row's write lock for the rest of the transaction without changing it: a second writer that
 * does the same waits until this transaction ends, then reads what it wrote (PostgreSQL and SQLite alike).
 */
export async function lockContentForWriting(db: Db): Promise<void> {
  await db
    .updateTable("settings")
    .set((eb) => ({ contentVersion: eb.ref("contentVersion") }))
    .execute();
}

/** Every write to the content calls this in its transaction: the public pages see the change at the next request. */
export async function raiseContentVersion(db: Db): Promise<void> {
  await db
    .updateTable("settings")
    .set((eb) => ({ contentVersion: eb("contentVersion", "+", 1) }))
    .execute();
}
