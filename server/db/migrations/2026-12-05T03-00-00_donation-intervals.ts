import type { Kysely } from "kysely";

/**
 * The donation intervals an Owner may set (days between two whole-blood donations, for men and for women); null: the
 * defaults of core/blood/eligibility.ts (90 and 120).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").addColumn("blood_interval_men_days", "integer").execute();
  await db.schema.alterTable("settings").addColumn("blood_interval_women_days", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("settings").dropColumn("blood_interval_women_days").execute();
  await db.schema.alterTable("settings").dropColumn("blood_interval_men_days").execute();
}
