import type { Kysely } from "kysely";
import { type AdminRole, isAdminRole } from "#core/admin-roles.ts";
import type { AdminLinkRow, Database } from "#server/db/schema.ts";

export type AdminLinkKind = AdminLinkRow["kind"];

/** A single-use link sent by mail: an invitation to become an admin, or a password reset for an account. */
export interface AdminLink {
  id: string;
  kind: AdminLinkKind;
  email: string;
  /** The invitation's role; null for a reset. */
  role: AdminRole | null;
  /** The reset's account; null for an invitation. */
  adminId: string | null;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

const toLink = (row: AdminLinkRow): AdminLink => ({
  id: row.id,
  kind: row.kind,
  email: row.email,
  role: isAdminRole(row.role) ? row.role : null,
  adminId: row.admin_id,
  createdBy: row.created_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

export function adminLinksRepo(db: Kysely<Database>) {
  return {
    async create(link: Omit<AdminLinkRow, "used_at">): Promise<AdminLink> {
      const row = await db
        .insertInto("admin_links")
        .values({ ...link, used_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toLink(row);
    },

    async findByTokenHash(tokenHash: string): Promise<AdminLink | undefined> {
      const row = await db.selectFrom("admin_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
      return row && toLink(row);
    },

    /**
     * Marks the link used, if it still is unused and unexpired at `now`: true for exactly one of any number of callers
     * racing with the same link.
     */
    async use(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("admin_links")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Invitations still open (unused, unexpired) at `now`, newest first. */
    async openInvitations(now: string): Promise<AdminLink[]> {
      const rows = await db
        .selectFrom("admin_links")
        .selectAll()
        .where("kind", "=", "invitation")
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("created_at", "desc")
        .execute();
      return rows.map(toLink);
    },

    /** Ends every open link of this kind for the email (a new invitation or reset replaces the older ones). */
    async revokeOpen(kind: AdminLinkKind, email: string, now: string): Promise<number> {
      const result = await db
        .updateTable("admin_links")
        .set({ used_at: now })
        .where("kind", "=", kind)
        .where("email", "=", email)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async revoke(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("admin_links")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Housekeeping: links used or expired before `before` are deleted. */
    async deleteSettledBefore(before: string): Promise<number> {
      const result = await db
        .deleteFrom("admin_links")
        .where((eb) => eb.or([eb("expires_at", "<", before), eb("used_at", "<", before)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
