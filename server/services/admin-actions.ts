import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { applicationsRepo } from "../repos/applications";
import { auditLogRepo } from "../repos/audit-log";
import { type SiteSettings, settingsRepo } from "../repos/settings";

/**
 * The admin's other changes, each written together with its audit entry. Audit details name ids only,
 * never an applicant's name, email or answers.
 */

/** Stores the Join Us switch and returns what is now stored. */
export async function setJoinUsVisible(db: Kysely<Database>, visible: boolean, actorId: string): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const stored = await settingsRepo(trx).setJoinUsVisible(visible, trx);
    await auditLogRepo(trx).record(actorId, "join-us.toggle", `visible=${stored.joinUsVisible}`, trx);
    return stored;
  });
}

/** Deletes a join application; false when there was none with this id. */
export async function deleteApplication(db: Kysely<Database>, id: string, actorId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await applicationsRepo(trx).delete(id, trx);
    if (deleted) await auditLogRepo(trx).record(actorId, "application.delete", `application=${id}`, trx);
    return deleted;
  });
}
