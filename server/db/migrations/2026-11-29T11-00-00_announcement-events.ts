import type { Kysely } from "kysely";

/** An announcement may be about an event: when it starts and ends, and where (the "Add to calendar" file's). */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ["event_starts_at", "event_ends_at", "event_location"]) {
    await db.schema.alterTable("announcements").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["event_starts_at", "event_ends_at", "event_location"]) {
    await db.schema.alterTable("announcements").dropColumn(column).execute();
  }
}
