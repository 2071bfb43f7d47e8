import type { Selectable, Updateable } from "kysely";
import { nowIso } from "#server/db/ids.ts";
import type { SiteDetailsTable } from "#server/db/schema.ts";
import type { SaveOutcome } from "#server/repos/content-lists.ts";
import type { Db } from "#server/repos/db.ts";

export const SITE_DETAILS_ID = "site";

type SiteDetailsChanges = Updateable<Omit<SiteDetailsTable, "id" | "version">>;

export async function hasContent(db: Db): Promise<boolean> {
  return (await db.selectFrom("siteDetails").select("id").executeTakeFirst()) !== undefined;
}

/** The single row of names, texts and links, as the admin edits it. */
export async function siteDetails(db: Db): Promise<Selectable<SiteDetailsTable> | undefined> {
  return db.selectFrom("siteDetails").selectAll().where("id", "=", SITE_DETAILS_ID).executeTakeFirst();
}

/** Saves the details if they are still at `version` (raising it). */
export async function updateSiteDetails(db: Db, version: number, values: SiteDetailsChanges): Promise<SaveOutcome> {
  const result = await db
    .updateTable("siteDetails")
    .set((eb) => ({ ...values, version: eb("version", "+", 1), updatedAt: nowIso() }))
    .where("id", "=", SITE_DETAILS_ID)
    .where("version", "=", version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return "saved";
  return (await siteDetails(db)) ? "conflict" : "missing";
}
