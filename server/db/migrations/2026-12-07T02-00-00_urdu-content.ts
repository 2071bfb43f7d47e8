import type { Kysely } from "kysely";

/**
 * The committee's texts in Urdu, beside the English ones, for the public site's Urdu pages (/ur/…): the tagline, hero
 * text and mission, each goal's title and description, each team member's title and description, each gallery's name
 * and description, each announcement's title and description. Every one optional: null (or empty) is none written,
 * and an Urdu page shows the English text in its place. Rows written before this have none.
 */
const URDU_COLUMNS = {
  site_details: ["tagline_ur", "hero_text_ur", "mission_ur"],
  content_goals: ["title_ur", "description_ur"],
  team_members: ["title_ur", "description_ur"],
  galleries: ["name_ur", "description_ur"],
  announcements: ["title_ur", "description_ur"],
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(URDU_COLUMNS)) {
    for (const column of columns) await db.schema.alterTable(table).addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(URDU_COLUMNS).reverse()) {
    for (const column of [...columns].reverse()) await db.schema.alterTable(table).dropColumn(column).execute();
  }
}
