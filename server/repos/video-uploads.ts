import type { Kysely } from "kysely";
import { isRecordId, newId, nowIso } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";

/** Videos on their way in, part by part (server/services/video-editor.ts). */
export function videoUploadsRepo(db: Kysely<Database>) {
  return {
    async start(): Promise<string> {
      const id = newId();
      await db.insertInto("videoUploads").values({ id, startedAt: nowIso() }).execute();
      return id;
    },

    find(id: string) {
      return isRecordId(id)
        ? db.selectFrom("videoUploads").selectAll().where("id", "=", id).executeTakeFirst()
        : Promise.resolve(undefined);
    },

    /** Notes that part `index` is stored; false when there is no such upload (it was finished or cleared away). */
    async partStored(id: string, index: number): Promise<boolean> {
      const result = await db
        .updateTable("videoUploads")
        // (Not max(): PostgreSQL's is an aggregate only.)
        .set((eb) => ({
          parts: eb
            .case()
            .when("parts", "<", index + 1)
            .then(index + 1)
            .else(eb.ref("parts"))
            .end(),
        }))
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uploads begun before `before`: left unfinished. */
    startedBefore(before: string) {
      return db.selectFrom("videoUploads").selectAll().where("startedAt", "<", before).execute();
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom("videoUploads").where("id", "=", id).execute();
    },
  };
}
