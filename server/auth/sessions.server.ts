import crypto from "node:crypto";
import { newId } from "#server/db/ids.ts";
import type { Session, SessionAdmin, SessionsRepo } from "#server/repos/sessions.ts";

export const SESSION_IDLE_TIMEOUT_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 7 * 24 * 60 * 60 * 1000;
/** A session waiting for its second factor lasts this long: the code screen is a step, not a place to stay. */
export const SECOND_FACTOR_TIMEOUT_MS = 10 * 60 * 1000;
/** Changes to accounts, two factors and personal data ask for the password again once it is this old in a session. */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60 * 1000;
/** lastSeenAt is written at most this often, so reading pages does not mean a write per request. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
const USER_AGENT_MAX_LENGTH = 512;

export interface ActiveSession {
  session: Session;
  admin: SessionAdmin;
}

/** A random 256-bit token, base64url (43 characters): the cookie value. */
export const newSessionToken = (): string => crypto.randomBytes(32).toString("base64url");

/** Only this is stored: a database leak gives no usable cookie. */
export const hashSessionToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");

export interface SessionStoreOptions {
  /** The clock; tests pass their own. */
  now?: () => Date;
}

export function sessionStore(repo: SessionsRepo, options: SessionStoreOptions = {}) {
  const clock = options.now ?? (() => new Date());

  return {
    /** Starts a session; returns the raw token for the cookie (it is not kept anywhere). */
    async create(
      adminId: string,
      details: { userAgent?: string | null; secondFactorPending?: boolean; networkCode?: string | null } = {},
    ): Promise<{ token: string; session: Session }> {
      const now = clock();
      const token = newSessionToken();
      const session = await repo.create({
        id: newId(),
        tokenHash: hashSessionToken(token),
        adminId: adminId,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        expiresAt: new Date(
          now.getTime() + (details.secondFactorPending ? SECOND_FACTOR_TIMEOUT_MS : SESSION_ABSOLUTE_TIMEOUT_MS),
        ).toISOString(),
        userAgent: details.userAgent ? details.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
        secondFactorPending: details.secondFactorPending ? 1 : 0,
        networkCode: details.networkCode ?? null,
      });
      return { token, session };
    },

    /**
     * The live session for a cookie token, or undefined. A session idle for 2 hours or older than 7 days
     * is deleted on sight. A live one has lastSeenAt moved to now when it is a minute or more old.
     */
    async findByToken(token: string): Promise<ActiveSession | undefined> {
      const found = await repo.findByTokenHash(hashSessionToken(token));
      if (!found) return undefined;
      const now = clock();
      const { session } = found;
      const idleFor = now.getTime() - Date.parse(session.lastSeenAt);
      if (now.getTime() >= Date.parse(session.expiresAt) || idleFor >= SESSION_IDLE_TIMEOUT_MS) {
        await repo.delete(session.id);
        return undefined;
      }
      if (idleFor >= SESSION_TOUCH_INTERVAL_MS) {
        const lastSeenAt = now.toISOString();
        await repo.touch(session.id, lastSeenAt);
        return { ...found, session: { ...session, lastSeenAt } };
      }
      return found;
    },

    /** Logout. Returns whether the session existed. */
    revoke: (sessionId: string): Promise<boolean> => repo.delete(sessionId),

    /** Signs the admin out everywhere (except `exceptSessionId`, e.g. the session changing the password). */
    revokeAllForAdmin: (adminId: string, exceptSessionId?: string): Promise<number> => repo.deleteAllForAdmin(adminId, exceptSessionId),

    /** Housekeeping: removes every expired session; returns how many. */
    deleteExpired(): Promise<number> {
      const now = clock();
      return repo.deleteExpired(now.toISOString(), new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString());
    },
  };
}
