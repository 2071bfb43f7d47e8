import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/**
 * What the public pages draw from the database: the announcements, the Join Us setting and the site's content.
 * `version()` changes whenever any of it does, so a cache of rendered pages can tell, with one cheap read, whether it
 * still holds the truth.
 */
export function publicContentRepo(db: Kysely<Database>) {
  return {
    /**
     * An opaque value: the number of announcements and the newest id (ids are UUIDv7, so any insert raises it and
     * any delete lowers the count), and the settings row: Join Us with the time it was last written, and the content's
     * version (raised by every content change).
     */
    async version(): Promise<string> {
      const [announcements, settings] = await Promise.all([
        db
          .selectFrom("announcements")
          .select((eb) => [eb.fn.countAll<number | string | bigint>().as("count"), eb.fn.max("id").as("newest")])
          .executeTakeFirstOrThrow(),
        db.selectFrom("settings").select(["join_us_visible", "updated_at", "content_version"]).execute(),
      ]);
      return JSON.stringify([
        String(announcements.count),
        announcements.newest ?? null,
        settings.map((s) => [s.join_us_visible, s.updated_at, s.content_version]),
      ]);
    },
  };
}
