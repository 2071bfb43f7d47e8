import type { Kysely } from "kysely";
import { newId, nowIso } from "../db/ids";
import type { Database } from "../db/schema";

/** Who did it: an admin id, or one of these. */
export const AUDIT_ACTOR = { anonymous: "anonymous", cli: "cli", system: "system" } as const;

export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: string;
  detail: string | null;
}

/** The admin trail. Details name ids, never applicants' personal data or any password. */
export function auditLogRepo(db: Kysely<Database>) {
  return {
    async record(actor: string, action: string, detail?: string): Promise<void> {
      await db
        .insertInto("audit_log")
        .values({ id: newId(), at: nowIso(), actor, action, detail: detail ?? null })
        .execute();
    },

    /** Newest first; UUIDv7 ids order entries written in the same millisecond. */
    async listRecent(limit: number): Promise<AuditEntry[]> {
      return db.selectFrom("audit_log").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).execute();
    },
  };
}
