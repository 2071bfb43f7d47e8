import type { Kysely } from "kysely";
import { mayCoordinateBlood } from "#core/admin-roles.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { createRepos } from "#server/repos/index.ts";
import { currentClientAddress } from "#server/client-address-scope.ts";
import { addressPrefix } from "#server/client-network.ts";
import type { SecretsKey } from "#server/secrets-key.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { describeUserAgent } from "./user-agent";
import { logSecurityEvent } from "#server/security-log.ts";
import { changePassword, type PasswordChange } from "./change-password.server";
import { type LoginAttempt, logIn, logOut } from "./login.server";
import { checkOwnPassword, type OwnPasswordCheck } from "./own-password.server";
import { clearSessionCookie, readSessionToken, sessionCookie } from "./session-cookie.server";
import { type ActiveSession, REAUTHENTICATION_WINDOW_MS, sessionStore } from "./sessions.server";
import type { SecondFactorCheck, TwoFactorService } from "./two-factor.server";

/**
 * Whether a request may use the admin area: `admitted` with its session, or why not. `clearCookie` is set when the
 * request carried a cookie naming no live session, so the answer can remove it.
 */
export type AdminCheck = { admitted: true; active: ActiveSession } | { admitted: false; reason: AdminRefusal; clearCookie?: string };

export type AdminRefusal =
  | "no-session"
  | "session-ended"
  /** A sign-in still owing a stage: "second-factor-required", "password-change-required", "two-factor-setup-required". */
  | `${SignInStage}-required`
  | "reauthentication-required"
  | "owners-only"
  | "blood-coordinators-only";

/**
 * What a sign-in may still owe after the password, in the order it is paid: the second factor's code, then a new
 * password for a one-time one, then the two-factor setup the Owners require. A session is at the first stage it owes
 * (none: it is complete), and is refused everywhere but the few routes open at that stage.
 */
export const SIGN_IN_STAGES = ["second-factor", "password-change", "two-factor-setup"] as const;
export type SignInStage = (typeof SIGN_IN_STAGES)[number];

/** The first stage the session's sign-in still owes, or undefined when it is complete. */
function stageOwed({ session, admin }: ActiveSession): SignInStage | undefined {
  if (session.secondFactorPending) return "second-factor";
  if (admin.mustChangePassword) return "password-change";
  if (admin.mustSetUpTwoFactor) return "two-factor-setup";
  return undefined;
}

export interface AdminCheckOptions {
  /**
   * The earliest stage of an incomplete sign-in the route is open at, and every later one: "second-factor" for the
   * logout (any session), "password-change" for the password change (its form is on the security page too, so it stays
   * open during the two-factor setup), "two-factor-setup" for the security page, its setup and "Confirm it's you" (which
   * the setup's start may ask for). Unset: complete sessions only.
   */
  openFrom?: SignInStage;
  /** Accounts, settings, retention and erasure are an Owner's. */
  ownersOnly?: boolean;
  /** The Blood section (emergency requests, donors' contact details): Owners and blood coordinators. */
  bloodCoordinators?: boolean;
  /** A sensitive change: the password (or a code) entered in this session within REAUTHENTICATION_WINDOW_MS. */
  recentAuthentication?: boolean;
}

export interface AuthServiceDeps {
  db: Kysely<Database>;
  logger: Logger;
  /** Behind https:// the cookie is `__Host-session` and Secure. */
  publicUrl: string;
  twoFactor: TwoFactorService;
  /** SITE_TIMEZONE: the times the list of sessions shows. */
  siteTimeZone: string;
  /** Sessions keep their network as a code keyed with it, never the network. */
  secrets: SecretsKey;
}

/** One of the admin's signed-in sessions as the security page lists it. */
export interface SessionSummary {
  id: string;
  /** "Firefox on Android". */
  browser: string;
  /**
   * The network (a /24 or /48) it signed in from, as a code: the first 8 characters of its keyed code (the network itself
   * is not kept), and whether this request comes from the same network. Null when unknown.
   */
  network: { code: string; here: boolean } | null;
  /** In the site's time zone. */
  lastActive: string;
  signedIn: string;
  /** The session this very request comes from. */
  current: boolean;
}

/** Admin sign-in, sign-out, the session a request carries, and the password change. */
export function authService({ db, logger, publicUrl, twoFactor, siteTimeZone, secrets }: AuthServiceDeps) {
  const cookie = { secure: publicUrl.startsWith("https://") };
  const repos = createRepos(db);
  const sessions = sessionStore(repos.sessions);

  /** What a session keeps of the client's network: a code keyed with the secrets key; null without a usable address. */
  const networkCodeOf = (ip: string | undefined): string | null => {
    const prefix = ip ? addressPrefix(ip) : null;
    return prefix ? secrets.sessionNetworkCode(prefix) : null;
  };

  const sessionOf = (request: Request): Promise<ActiveSession | undefined> => {
    const token = readSessionToken(request, cookie);
    return token ? sessions.findByToken(token) : Promise.resolve(undefined);
  };

  /** A new, full session for an admin who just proved themselves (`via` says how), recorded as a sign-in: its Set-Cookie value. */
  const startFullSession = async (adminId: string, via: string, request: Request, networkCode: string | null): Promise<string> => {
    const { token, session } = await sessions.create(adminId, { userAgent: request.headers.get("user-agent"), networkCode });
    await repos.admins.recordSignIn(adminId, session.createdAt);
    await repos.auditLog.record(adminId, "login.success", `session=${session.id} via=${via}`);
    return sessionCookie(token, cookie);
  };

  const admit = (active: ActiveSession | undefined, request: Request, options: AdminCheckOptions = {}): AdminCheck => {
    const refuse = (reason: AdminRefusal): AdminCheck => {
      logSecurityEvent(logger, "access.refused", { method: request.method, path: new URL(request.url).pathname, reason });
      return { admitted: false, reason, ...(reason === "session-ended" ? { clearCookie: clearSessionCookie(cookie) } : {}) };
    };
    if (!active) return refuse(readSessionToken(request, cookie) ? "session-ended" : "no-session");
    const owed = stageOwed(active);
    if (owed && (!options.openFrom || SIGN_IN_STAGES.indexOf(owed) < SIGN_IN_STAGES.indexOf(options.openFrom))) {
      return refuse(`${owed}-required`);
    }
    if (options.ownersOnly && active.admin.role !== "owner") return refuse("owners-only");
    if (options.bloodCoordinators && !mayCoordinateBlood(active.admin)) return refuse("blood-coordinators-only");
    if (options.recentAuthentication && Date.now() - Date.parse(active.session.authenticatedAt) >= REAUTHENTICATION_WINDOW_MS) {
      return refuse("reauthentication-required");
    }
    return { admitted: true, active };
  };

  return {
    /** How the site's cookies are set: Secure behind https://. */
    cookieOptions: cookie,
    /** The live session the request's cookie names, or undefined (no cookie, unknown, idle or expired). */
    sessionOf,

    /** The first stage the session's sign-in still owes (the second factor, a new password, the two-factor setup), if any. */
    stageOwed,

    /** Whether the request carries a session cookie at all: without a live session, it is one that ended. */
    hasSessionCookie: (request: Request): boolean => readSessionToken(request, cookie) !== undefined,

    /**
     * The check at the top of every admin loader and action. A refusal is logged as a security event. A session whose
     * sign-in still owes a stage (a second factor, a new password, a two-factor setup) is admitted only where the route
     * is `openFrom` that stage or an earlier one; an Editor only where the page is not `ownersOnly`.
     */
    async check(request: Request, options: AdminCheckOptions = {}): Promise<AdminCheck> {
      return admit(await sessionOf(request), request, options);
    },

    /**
     * `check` for a session already looked up (an admin guard further up the route tree did): the same verdict, the same
     * logged refusal, without reading the session again.
     */
    admit,

    /** Limits first, then the password; on success `cookie` is the Set-Cookie value of the new session. */
    async logIn(attempt: Omit<LoginAttempt, "currentToken">, request: Request) {
      const result = await logIn(
        db,
        { ...attempt, currentToken: readSessionToken(request, cookie), networkCode: networkCodeOf(attempt.ip) },
        { logger },
      );
      return result.ok ? { ...result, cookie: sessionCookie(result.token, cookie) } : result;
    },

    /**
     * Signs an admin in who just proved themselves another way (accepted an invitation): a new session, replacing any
     * the browser held. Returns the Set-Cookie value.
     */
    async startSession(adminId: string, request: Request, clientIp: string): Promise<string> {
      const previous = await sessionOf(request);
      if (previous) await sessions.revoke(previous.session.id);
      return startFullSession(adminId, "invitation", request, networkCodeOf(clientIp));
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
        if (check.reason !== "rate-limited") {
          logSecurityEvent(logger, "login.second-factor-failure");
          return check;
        }
        await sessions.revoke(active.session.id);
        logSecurityEvent(logger, "login.second-factor-locked", { windowSeconds: check.retryAfterSeconds });
        return { ...check, cookie: clearSessionCookie(cookie) };
      }
      await sessions.revoke(active.session.id);
      return { ...check, cookie: await startFullSession(active.admin.id, check.method, request, active.session.networkCode) };
    },

    /**
     * The admin's signed-in sessions (those waiting for a second factor too), most recently active first, each saying
     * whether it signed in from the network the request being handled comes from.
     */
    async listSessions(active: ActiveSession): Promise<SessionSummary[]> {
      const all = await repos.sessions.listForAdmin(active.admin.id);
      const here = networkCodeOf(currentClientAddress());
      const live = all.filter((session) => Date.parse(session.expiresAt) > Date.now());
      return live
        .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt))
        .map((session) => ({
          id: session.id,
          browser: describeUserAgent(session.userAgent),
          network: session.networkCode ? { code: session.networkCode.slice(0, 8), here: session.networkCode === here } : null,
          lastActive: formatSiteTime(new Date(session.lastSeenAt), siteTimeZone),
          signedIn: formatSiteTime(new Date(session.createdAt), siteTimeZone),
          current: session.id === active.session.id,
        }));
    },

    /** Signs out one of the admin's own sessions (not another admin's); whether it was there. */
    async revokeOwnSession(active: ActiveSession, sessionId: string): Promise<boolean> {
      const own = (await repos.sessions.listForAdmin(active.admin.id)).some((session) => session.id === sessionId);
      if (!own) return false;
      await sessions.revoke(sessionId);
      await repos.auditLog.record(active.admin.id, "session.revoke", `session=${sessionId}`);
      return true;
    },

    /** "Sign out everywhere else": every session of the admin but this one ends; answers how many. */
    async revokeOtherSessions(active: ActiveSession): Promise<number> {
      const revoked = await sessions.revokeAllForAdmin(active.admin.id, active.session.id);
      await repos.auditLog.record(active.admin.id, "session.revoke-others", `sessions_revoked=${revoked}`);
      return revoked;
    },

    /** Ends the request's session; returns the Set-Cookie value that removes the cookie. */
    async logOut(request: Request): Promise<string> {
      await logOut(db, readSessionToken(request, cookie));
      return clearSessionCookie(cookie);
    },

    changePassword: (change: PasswordChange) => changePassword(db, change),

    /**
     * "Confirm it's you": the password, or with two factors on the app's current code, entered again in this session;
     * sensitive changes are then taken for REAUTHENTICATION_WINDOW_MS.
     */
    async reauthenticate(
      active: ActiveSession,
      typed: string,
    ): Promise<{ ok: true } | Exclude<OwnPasswordCheck, { ok: true }> | { ok: false; reason: "wrong-code" }> {
      const code = typed.replace(/\s+/g, "");
      if (/^\d{6}$/.test(code) && (await twoFactor.state(active.admin.id)).enabled) {
        const check = await twoFactor.verify(active.admin.id, code);
        if (!check.ok) return check.reason === "rate-limited" ? check : { ok: false, reason: "wrong-code" };
      } else {
        const check = await checkOwnPassword(db, { adminId: active.admin.id, password: typed, refusedAction: "reauthentication.refused" });
        if (!check.ok) return check;
      }
      await repos.sessions.markAuthenticated(active.session.id, new Date().toISOString());
      await repos.auditLog.record(active.admin.id, "reauthentication", `session=${active.session.id}`);
      return { ok: true };
    },

    /** The signed-in admin's password typed again before a sensitive change (server/auth/own-password.server.ts). */
    checkOwnPassword: (adminId: string, password: string, refusedAction: string) =>
      checkOwnPassword(db, { adminId, password, refusedAction }),
  };
}
