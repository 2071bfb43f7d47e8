import type { Kysely } from "kysely";

/** A collaborator may link to its own site or page (null: its card links nowhere). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("collaborators").addColumn("url", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("collaborators").dropColumn("url").execute();
}
