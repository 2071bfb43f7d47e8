import type { Kysely } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";

/** An admin's single-use recovery codes, by their hashes. */
export function recoveryCodesRepo(db: Kysely<Database>) {
  return {
    /** Replaces every code of the admin with these. */
    async replace(adminId: string, codeHashes: string[], now: string): Promise<void> {
      await db.deleteFrom("recovery_codes").where("admin_id", "=", adminId).execute();
      if (codeHashes.length === 0) return;
      await db
        .insertInto("recovery_codes")
        .values(codeHashes.map((code_hash) => ({ id: newId(), admin_id: adminId, code_hash, created_at: now, used_at: null })))
        .execute();
    },

    /** Uses the code, if the admin has it unused: true for exactly one of any number of requests racing with it. */
    async use(adminId: string, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("recovery_codes")
        .set({ used_at: now })
        .where("admin_id", "=", adminId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unusedCount(adminId: string): Promise<number> {
      const row = await db
        .selectFrom("recovery_codes")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
        .where("admin_id", "=", adminId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
