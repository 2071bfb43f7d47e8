import type { Kysely } from "kysely";
import { type AdminRole, isAdminRole } from "#core/admin-roles.ts";
import type { Database, NewSession, SessionRow } from "#server/db/schema.ts";

export interface Session {
  id: string;
  adminId: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  /** The password was right; the second factor is still to come, and until it does the session may do nothing else. */
  secondFactorPending: boolean;
  /** The keyed code of the network (a /24 or /48) it signed in from, never the network itself; null when unknown. */
  networkCode: string | null;
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
}

const toSession = (row: Omit<SessionRow, "token_hash">): Session => ({
  id: row.id,
  adminId: row.admin_id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  userAgent: row.user_agent,
  secondFactorPending: row.second_factor_pending === 1,
  networkCode: row.network_code,
  authenticatedAt: row.authenticated_at ?? row.created_at,
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
        .innerJoin("admins", "admins.id", "sessions.admin_id")
        .select([
          "sessions.id as id",
          "sessions.admin_id as admin_id",
          "sessions.created_at as created_at",
          "sessions.last_seen_at as last_seen_at",
          "sessions.expires_at as expires_at",
          "sessions.user_agent as user_agent",
          "sessions.second_factor_pending as second_factor_pending",
          "sessions.network_code as network_code",
          "sessions.authenticated_at as authenticated_at",
          "admins.email as email",
          "admins.must_change_password as must_change_password",
          "admins.name as name",
          "admins.role as role",
          "admins.totp_enabled_at as totp_enabled_at",
          (eb) =>
            eb.selectFrom("settings").select("settings.two_factor_required").where("settings.id", "=", "site").as("two_factor_required"),
        ])
        .where("sessions.token_hash", "=", tokenHash)
        // A disabled account's sessions are deleted when it is disabled; this holds even if one were left.
        .where("admins.disabled_at", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        session: toSession(row),
        admin: {
          id: row.admin_id,
          email: row.email,
          name: row.name,
          role: isAdminRole(row.role) ? row.role : "editor",
          mustChangePassword: row.must_change_password === 1,
          mustSetUpTwoFactor: row.two_factor_required === 1 && row.totp_enabled_at === null,
        },
      };
    },

    async listForAdmin(adminId: string): Promise<Session[]> {
      const rows = await db
        .selectFrom("sessions")
        .select([
          "id",
          "admin_id",
          "created_at",
          "last_seen_at",
          "expires_at",
          "user_agent",
          "second_factor_pending",
          "network_code",
          "authenticated_at",
        ])
        .where("admin_id", "=", adminId)
        .orderBy("created_at")
        .orderBy("id")
        .execute();
      return rows.map(toSession);
    },

    /** The admin entered their password or a code again in this session. */
    async markAuthenticated(id: string, at: string): Promise<void> {
      await db.updateTable("sessions").set({ authenticated_at: at }).where("id", "=", id).execute();
    },

    async touch(id: string, lastSeenAt: string): Promise<void> {
      await db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id", "=", id).execute();
    },

    /** Returns whether the session existed. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("sessions").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Deletes every session of the admin, except `exceptId` when given; returns how many went. */
    async deleteAllForAdmin(adminId: string, exceptId?: string): Promise<number> {
      let query = db.deleteFrom("sessions").where("admin_id", "=", adminId);
      if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The secrets key was lost: the codes made with it mean nothing now. */
    async forgetNetworkCodes(): Promise<void> {
      await db.updateTable("sessions").set({ network_code: null }).where("network_code", "is not", null).execute();
    },

    /** Deletes sessions past their absolute expiry (`expires_at <= now`) or idle since `idleBefore`. */
    async deleteExpired(now: string, idleBefore: string): Promise<number> {
      const result = await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", idleBefore)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionsRepo = ReturnType<typeof sessionsRepo>;
