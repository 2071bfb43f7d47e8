import type { Kysely } from "kysely";
import { type AdminRole, isAdminRole } from "#core/admin-roles.ts";
import type { AdminLinkRow, Database } from "#server/db/schema.ts";

export type AdminLinkKind = AdminLinkRow["kind"];

/** A single-use link sent by mail: an invitation to become an admin, or a password reset for an account (`adminId`). */
export interface AdminLink extends Omit<AdminLinkRow, "tokenHash" | "role"> {
  /** The invitation's role; null for a reset. */
  role: AdminRole | null;
}

const toLink = ({ tokenHash: _, ...row }: AdminLinkRow): AdminLink => ({ ...row, role: isAdminRole(row.role) ? row.role : null });

export function adminLinksRepo(db: Kysely<Database>) {
  return {
    async create(link: Omit<AdminLinkRow, "usedAt">): Promise<AdminLink> {
      const row = await db
        .insertInto("adminLinks")
        .values({ ...link, usedAt: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toLink(row);
    },

    async findByTokenHash(tokenHash: string): Promise<AdminLink | undefined> {
      const row = await db.selectFrom("adminLinks").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
      return row && toLink(row);
    },

    /**
     * Marks the link used, if it still is unused and unexpired at `now`: true for exactly one of any number of callers
     * racing with the same link.
     */
    async use(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("adminLinks")
        .set({ usedAt: now })
        .where("id", "=", id)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Invitations still open (unused, unexpired) at `now`, newest first. */
    async openInvitations(now: string): Promise<AdminLink[]> {
      const rows = await db
        .selectFrom("adminLinks")
        .selectAll()
        .where("kind", "=", "invitation")
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now)
        .orderBy("createdAt", "desc")
        .execute();
      return rows.map(toLink);
    },

    /** Ends every open link of this kind for the email (a new invitation or reset replaces the older ones). */
    async revokeOpen(kind: AdminLinkKind, email: string, now: string): Promise<number> {
      const result = await db
        .updateTable("adminLinks")
        .set({ usedAt: now })
        .where("kind", "=", kind)
        .where("email", "=", email)
        .where("usedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revoke(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("adminLinks")
        .set({ usedAt: now })
        .where("id", "=", id)
        .where("usedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Housekeeping: links used or expired before `before` are deleted. */
    async deleteSettledBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom("adminLinks")
        .where((eb) => eb.or([eb("expiresAt", "<", before), eb("usedAt", "<", before)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
