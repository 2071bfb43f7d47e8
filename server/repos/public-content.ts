import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * What the public pages draw from the database: the announcements and the Join Us setting (everything else comes
 * from content/, fixed for the life of the process). `version()` changes whenever any of it does, so a cache of
 * rendered pages can tell, with one cheap read, whether it still holds the truth.
 */
export function publicContentRepo(db: Kysely<Database>) {
  return {
    /**
     * An opaque value: the number of announcements and the newest id (ids are UUIDv7, so any insert raises it and
     * any delete lowers the count), and the setting with the time it was last written.
     */
    async version(): Promise<string> {
      const [announcements, settings] = await Promise.all([
        db
          .selectFrom("announcements")
          .select((eb) => [eb.fn.countAll<number | string | bigint>().as("count"), eb.fn.max("id").as("newest")])
          .executeTakeFirstOrThrow(),
        db.selectFrom("settings").select(["join_us_visible", "updated_at"]).execute(),
      ]);
      return JSON.stringify([
        String(announcements.count),
        announcements.newest ?? null,
        settings.map((s) => [s.join_us_visible, s.updated_at]),
      ]);
    },
  };
}
