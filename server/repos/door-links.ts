import type { Selectable } from "kysely";
import type { DoorLinksTable } from "#server/db/schema.ts";
import type { Db } from "./db";

export type DoorLink = Omit<Selectable<DoorLinksTable>, "tokenHash">;

const withoutHash = ({ tokenHash: _, ...link }: Selectable<DoorLinksTable>): DoorLink => link;

/** Door links: one announcement's check-in screen for a volunteer with no account, until they expire or are revoked. */
export function doorLinksRepo(db: Db) {
  return {
    async create(link: Omit<Selectable<DoorLinksTable>, "revokedAt">): Promise<void> {
      await db
        .insertInto("doorLinks")
        .values({ ...link, revokedAt: null })
        .execute();
    },

    /** The link whose token hashes to `tokenHash`, while it works at `now` (not revoked, not expired). */
    async findOpen(tokenHash: string, now: string): Promise<DoorLink | undefined> {
      const row = await db
        .selectFrom("doorLinks")
        .selectAll()
        .where("tokenHash", "=", tokenHash)
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", now)
        .executeTakeFirst();
      return row && withoutHash(row);
    },

    /** An announcement's links, newest first, revoked and expired ones too. */
    async listFor(announcementId: string): Promise<DoorLink[]> {
      const rows = await db
        .selectFrom("doorLinks")
        .selectAll()
        .where("announcementId", "=", announcementId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map(withoutHash);
    },

    /** Revokes an open link of the announcement: whether there was one. */
    async revoke(announcementId: string, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("doorLinks")
        .set({ revokedAt: now })
        .where("id", "=", id)
        .where("announcementId", "=", announcementId)
        .where("revokedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes the links that stopped working (expired or revoked) before `cutoff`: how many went. */
    async deleteEndedBefore(cutoff: string): Promise<number> {
      const result = await db
        .deleteFrom("doorLinks")
        .where((eb) => eb.or([eb("expiresAt", "<", cutoff), eb("revokedAt", "<", cutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
