import type { ApplicationStatus } from "#core/schemas/applications.ts";
import type { Kysely } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";

/** What an entry records: a status change or an internal note. */
type Activity = { kind: "status"; status: ApplicationStatus } | { kind: "note"; note: string };

/** A status change or an internal note on an application, as the details dialog shows it. */
export type ActivityEntry = { id: string; at: string; adminEmail: string } & Activity;

export type NewActivity = { applicationId: string; at: string; adminEmail: string } & Activity;

/** The committee's trail on each request. Entries go with their request (the foreign key cascades). */
export function applicationActivityRepo(db: Kysely<Database>) {
  return {
    async record(entries: readonly NewActivity[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto("applicationActivity")
        .values(entries.map((entry) => ({ id: newId(), status: null, note: null, ...entry })))
        .execute();
    },

    /** Oldest first, as a history reads. */
    async listFor(applicationId: string): Promise<ActivityEntry[]> {
      const rows = await db
        .selectFrom("applicationActivity")
        .selectAll()
        .where("applicationId", "=", applicationId)
        .orderBy("at")
        .orderBy("id")
        .execute();
      return rows.map((row) => {
        const common = { id: row.id, at: row.at, adminEmail: row.adminEmail };
        return row.kind === "status"
          ? { ...common, kind: "status", status: row.status as ApplicationStatus }
          : { ...common, kind: "note", note: row.note ?? "" };
      });
    },
  };
}
