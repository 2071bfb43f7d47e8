import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import { announcementsRepo } from "./announcements";

/** What the public pages are drawn from, as of one read: `value` changes whenever any of it does. */
export interface PublicContentVersion {
  value: string;
  /** When the pages change without a write (a scheduled announcement goes live, one expires); null: not by time. */
  changesAt: number | null;
}

/**
 * What the public pages draw from the database: the announcements, the Join Us setting and the site's content.
 * `version()` changes whenever any of it does, so a cache of rendered pages can tell, with one cheap read, whether it
 * still holds the truth, and until when.
 */
export function publicContentRepo(db: Kysely<Database>) {
  return {
    /**
     * The announcements' timeline at `now` (how many, the newest, how many of their times have passed: one read) and
     * the settings row: Join Us with the time it was last written, and the content's version (raised by every content
     * change and announcement edit).
     */
    async version(now: Date = new Date()): Promise<PublicContentVersion> {
      const [timeline, settings] = await Promise.all([
        announcementsRepo(db).timeline(now.toISOString()),
        db.selectFrom("settings").select(["joinUsVisible", "updatedAt", "contentVersion"]).execute(),
      ]);
      const value = JSON.stringify([
        String(timeline.count),
        timeline.newest,
        timeline.passed,
        settings.map((s) => [s.joinUsVisible, s.updatedAt, s.contentVersion]),
      ]);
      return { value, changesAt: timeline.next === null ? null : Date.parse(timeline.next) };
    },
  };
}
