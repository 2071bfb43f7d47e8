import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

const SETTINGS_ID = "site";

export interface SiteSettings {
  joinUsVisible: boolean;
}

export function settingsRepo(db: Kysely<Database>) {
  return {
    async get(): Promise<SiteSettings> {
      const row = await db.selectFrom("settings").select("join_us_visible").where("id", "=", SETTINGS_ID).executeTakeFirst();
      // The migration writes the row; should it ever be missing, the spec's default applies.
      return { joinUsVisible: row ? row.join_us_visible === 1 : true };
    },

    /** Stores the value and returns what is now stored. */
    async setJoinUsVisible(visible: boolean): Promise<SiteSettings> {
      const row = await db
        .updateTable("settings")
        .set({ join_us_visible: visible ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", SETTINGS_ID)
        .returning("join_us_visible")
        .executeTakeFirstOrThrow();
      return { joinUsVisible: row.join_us_visible === 1 };
    },
  };
}
