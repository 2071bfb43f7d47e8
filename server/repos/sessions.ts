import type { Kysely } from "kysely";
import { type AdminRole, isAdminRole } from "#core/admin-roles.ts";
import type { Database, NewSession, SessionRow } from "#server/db/schema.ts";

export interface Session extends Omit<SessionRow, "tokenHash" | "secondFactorPending" | "authenticatedAt"> {
  /** The password was right; the second factor is still to come, and until it does the session may do nothing else. */
  secondFactorPending: boolean;
  /** When the admin last entered their password or a code in it. */
  authenticatedAt: string;
}

/** What a signed-in request may know about its admin: never the password hash. */
export interface SessionAdmin {
  id: string;
  email: string;
  name: string | null;
  role: AdminRole;
  mustChangePassword: boolean;
  /** The Owners require two factors and this admin has none yet: setting it up is all the session may do. */
  mustSetUpTwoFactor: boolean;
  /** Given the Blood coordinator permission by an Owner. */
  bloodCoordinator: boolean;
}

const toSession = (row: Omit<SessionRow, "tokenHash">): Session => ({
  id: row.id,
  adminId: row.adminId,
  createdAt: row.createdAt,
  lastSeenAt: row.lastSeenAt,
  expiresAt: row.expiresAt,
  userAgent: row.userAgent,
  secondFactorPending: row.secondFactorPending === 1,
  networkCode: row.networkCode,
  authenticatedAt: row.authenticatedAt ?? row.createdAt,
});

export function sessionsRepo(db: Kysely<Database>) {
  return {
    async create(session: NewSession): Promise<Session> {
      const row = await db.insertInto("sessions").values(session).returningAll().executeTakeFirstOrThrow();
      return toSession(row);
    },

    /** The session with this token hash and its admin, whether or not it has expired. */
    async findByTokenHash(tokenHash: string): Promise<{ session: Session; admin: SessionAdmin } | undefined> {
      const row = await db
        .selectFrom("sessions")
        .innerJoin("admins", "admins.id", "sessions.adminId")
        .selectAll("sessions")
        .select([
          "admins.email as email",
          "admins.mustChangePassword as mustChangePassword",
          "admins.name as name",
          "admins.role as role",
          "admins.bloodCoordinator as bloodCoordinator",
          "admins.totpEnabledAt as totpEnabledAt",
          (eb) => eb.selectFrom("settings").select("settings.twoFactorRequired").where("settings.id", "=", "site").as("twoFactorRequired"),
        ])
        .where("sessions.tokenHash", "=", tokenHash)
        // A disabled account's sessions are deleted when it is disabled; this holds even if one were left.
        .where("admins.disabledAt", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: toSession(row),
        admin: {
          id: row.adminId,
          email: row.email,
          name: row.name,
          role: isAdminRole(row.role) ? row.role : "editor",
          mustChangePassword: row.mustChangePassword === 1,
          mustSetUpTwoFactor: row.twoFactorRequired === 1 && row.totpEnabledAt === null,
          bloodCoordinator: row.bloodCoordinator === 1,
        },
      };
    },

    async listForAdmin(adminId: string): Promise<Session[]> {
      const rows = await db.selectFrom("sessions").selectAll().where("adminId", "=", adminId).orderBy("createdAt").orderBy("id").execute();
      return rows.map(toSession);
    },

    /** The admin entered their password or a code again in this session. */
    async markAuthenticated(id: string, at: string): Promise<void> {
      await db.updateTable("sessions").set({ authenticatedAt: at }).where("id", "=", id).execute();
    },

    async touch(id: string, lastSeenAt: string): Promise<void> {
      await db.updateTable("sessions").set({ lastSeenAt: lastSeenAt }).where("id", "=", id).execute();
    },

    /** Returns whether the session existed. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("sessions").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every session of the admin, except `exceptId` when given; returns how many went. */
    async deleteAllForAdmin(adminId: string, exceptId?: string): Promise<number> {
      let query = db.deleteFrom("sessions").where("adminId", "=", adminId);
      if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The secrets key was lost: the codes made with it mean nothing now. */
    async forgetNetworkCodes(): Promise<void> {
      await db.updateTable("sessions").set({ networkCode: null }).where("networkCode", "is not", null).execute();
    },

    /** Deletes sessions past their absolute expiry (`expiresAt <= now`) or idle since `idleBefore`. */
    async deleteExpired(now: string, idleBefore: string): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expiresAt", "<=", now), eb("lastSeenAt", "<=", idleBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepo = ReturnType<typeof sessionsRepo>;
