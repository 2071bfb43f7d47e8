import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../logger";
import { createRepos } from "../repos";
import { logSecurityEvent } from "../security-log";
import { changePassword, type PasswordChange } from "./change-password.server";
import { type LoginAttempt, logIn, logOut } from "./login.server";
import { checkOwnPassword } from "./own-password.server";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.server";
import { type ActiveSession, sessionStore } from "./sessions.server";
import type { SecondFactorCheck, TwoFactorService } from "./two-factor.server";

/**
 * Whether a request may use the admin area: `admitted` with its session, or why not. `clearCookie` is set when the
 * request carried a cookie naming no live session, so the answer can remove it.
 */
export type AdminCheck = { admitted: true; active: ActiveSession } | { admitted: false; reason: AdminRefusal; clearCookie?: string };

export type AdminRefusal =
  "no-session" | "session-ended" | "second-factor-required" | "password-change-required" | "two-factor-setup-required" | "owners-only";

export interface AdminCheckOptions {
  /** The change of a one-time password and the logout: the only things an admin still holding one may do. */
  allowPendingPasswordChange?: boolean;
  /** Accounts, settings, retention and erasure are an Owner's. */
  ownersOnly?: boolean;
  /** The code screen and the logout: the only things a session still waiting for its second factor may do. */
  allowSecondFactorPending?: boolean;
  /** The security page's two-factor setup (and the logout): all an admin may do while the Owners require one they lack. */
  allowTwoFactorSetup?: boolean;
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  logger: Logger;
  /** Behind https:// the cookie is `__Host-session` and Secure. */
  publicUrl: string;
  twoFactor: TwoFactorService;
}

/** Admin sign-in, sign-out, the session a request carries, and the password change. */
export function authService({ db, logger, publicUrl, twoFactor }: AuthServiceDeps) {
  const cookie = { secure: publicUrl.startsWith("https://") };
  const sessions = sessionStore(createRepos(db).sessions);

  const sessionOf = (request: Request): Promise<ActiveSession | undefined> => {
    const token = readSessionToken(request, cookie);
    return token ? sessions.findByToken(token) : Promise.resolve(undefined);
  };

  return {
    /** The live session the request's cookie names, or undefined (no cookie, unknown, idle or expired). */
    sessionOf,

    /** Whether the request carries a session cookie at all: without a live session, it is one that ended. */
    hasSessionCookie: (request: Request): boolean => readSessionToken(request, cookie) !== undefined,

    /**
     * The check at the top of every admin loader and action. A refusal is logged as a security event. An admin still
     * holding a one-time password is admitted only where `allowPendingPasswordChange` says so (the change itself, logout);
     * an Editor only where the page is not `ownersOnly`.
     */
    async check(request: Request, options: AdminCheckOptions = {}): Promise<AdminCheck> {
      const active = await sessionOf(request);
      const refuse = (reason: AdminRefusal): AdminCheck => {
        logSecurityEvent(logger, "access.refused", { method: request.method, path: new URL(request.url).pathname, reason });
        return { admitted: false, reason, ...(reason === "session-ended" ? { clearCookie: clearSessionCookie(cookie) } : {}) };
      };
      if (!active) return refuse(readSessionToken(request, cookie) ? "session-ended" : "no-session");
      if (active.session.secondFactorPending && !options.allowSecondFactorPending) return refuse("second-factor-required");
      if (active.admin.mustChangePassword && !options.allowPendingPasswordChange) return refuse("password-change-required");
      if (active.admin.mustSetUpTwoFactor && !options.allowTwoFactorSetup && !options.allowPendingPasswordChange) {
        return refuse("two-factor-setup-required");
      }
      if (options.ownersOnly && active.admin.role !== "owner") return refuse("owners-only");
      return { admitted: true, active };
    },

    /** Limits first, then the password; on success `cookie` is the Set-Cookie value of the new session. */
    async logIn(attempt: Omit<LoginAttempt, "currentToken">, request: Request) {
      const result = await logIn(db, { ...attempt, currentToken: readSessionToken(request, cookie) }, { logger });
      return result.ok ? { ...result, cookie: sessionCookie(result.token, cookie) } : result;
    },

    /**
     * Signs an admin in who just proved themselves another way (accepted an invitation): a new session, replacing any
     * the browser held. Returns the Set-Cookie value.
     */
    async startSession(adminId: string, request: Request): Promise<string> {
      const previous = await sessionOf(request);
      if (previous) await sessions.revoke(previous.session.id);
      const { token, session } = await sessions.create(adminId, { userAgent: request.headers.get("user-agent") });
      const repos = createRepos(db);
      await repos.admins.recordSignIn(adminId, session.createdAt);
      await repos.auditLog.record(adminId, "login.success", `session=${session.id} via=invitation`);
      return sessionCookie(token, cookie);
    },

    /**
     * The code of a sign-in's second step, for the session waiting for it. Right: that session is replaced by a new, full
     * one (a new token), and `cookie` sets it. Past the code screen's limit the waiting session ends (`cookie` clears it).
     */
    async completeSecondFactor(
      request: Request,
      code: string,
    ): Promise<(SecondFactorCheck & { cookie?: string }) | { ok: false; reason: "no-session" }> {
      const active = await sessionOf(request);
      if (!active?.session.secondFactorPending) return { ok: false, reason: "no-session" };
      const check = await twoFactor.verify(active.admin.id, code);
      if (!check.ok) {
        if (check.reason !== "rate-limited") return check;
        await sessions.revoke(active.session.id);
        logSecurityEvent(logger, "login.second-factor-locked", { windowSeconds: check.retryAfterSeconds });
        return { ...check, cookie: clearSessionCookie(cookie) };
      }
      await sessions.revoke(active.session.id);
      const { token, session } = await sessions.create(active.admin.id, { userAgent: request.headers.get("user-agent") });
      const repos = createRepos(db);
      await repos.admins.recordSignIn(active.admin.id, session.createdAt);
      await repos.auditLog.record(active.admin.id, "login.success", `session=${session.id} via=${check.method}`);
      return { ...check, cookie: sessionCookie(token, cookie) };
    },

    /** Ends the request's session; returns the Set-Cookie value that removes the cookie. */
    async logOut(request: Request): Promise<string> {
      await logOut(db, readSessionToken(request, cookie));
      return clearSessionCookie(cookie);
    },

    changePassword: (change: PasswordChange) => changePassword(db, change),

    /** The signed-in admin's password typed again before a sensitive change (server/auth/own-password.server.ts). */
    checkOwnPassword: (adminId: string, password: string, refusedAction: string) =>
      checkOwnPassword(db, { adminId, password, refusedAction }),
  };
}
