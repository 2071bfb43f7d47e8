import type { Kysely } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { countRows } from "./count-rows";

/** An admin's single-use recovery codes, by their hashes. */
export function recoveryCodesRepo(db: Kysely<Database>) {
  return {
    /** Replaces every code of the admin with these. */
    async replace(adminId: string, codeHashes: string[], now: string): Promise<void> {
      await db.deleteFrom("recoveryCodes").where("adminId", "=", adminId).execute();
      if (codeHashes.length === 0) return;
      await db
        .insertInto("recoveryCodes")
        .values(codeHashes.map((codeHash) => ({ id: newId(), adminId: adminId, codeHash, createdAt: now, usedAt: null })))
        .execute();
    },

    /** Uses the code, if the admin has it unused: true for exactly one of any number of requests racing with it. */
    async use(adminId: string, codeHash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("recoveryCodes")
        .set({ usedAt: now })
        .where("adminId", "=", adminId)
        .where("codeHash", "=", codeHash)
        .where("usedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unusedCount(adminId: string): Promise<number> {
      return countRows(db.selectFrom("recoveryCodes").where("adminId", "=", adminId).where("usedAt", "is", null));
    },
  };
}
