import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import { createRepos } from "#server/repos/index.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import type { Session, SessionAdmin } from "#server/repos/sessions.ts";
import { type PasswordHashingBusy, verifyOrBusy } from "./password.server";
import { LOGIN_ACCOUNT_FAILURE_LIMIT, LOGIN_IP_LIMIT, loginRateLimiter } from "./rate-limit.server";
import { logSecurityEvent } from "#server/security-log.ts";
import { sessionStore } from "./sessions.server";

export interface LoginAttempt {
  ip: string;
  email: string;
  password: string;
  userAgent?: string | null;
  /** The keyed code of the client's network the session keeps (auth-service's networkCodeOf); unset: none. */
  networkCode?: string | null;
  /** The token of a session this browser already holds: revoked, so login always starts a fresh one. */
  currentToken?: string;
}

export type LoginResult =
  /** `session.secondFactorPending`: the password was right, and the account's second factor is still to come. */
  | { ok: true; admin: SessionAdmin; session: Session; token: string }
  | { ok: false; reason: "invalid-credentials" }
  /** The right one-time password, past its 24 hours: only the operator's CLI (or a password reset mail) helps now. */
  | { ok: false; reason: "password-expired" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number }
  /** Too many password hashes already waiting in this process: nothing was checked (the attempt still counts). */
  | PasswordHashingBusy;

export interface AuthClockOptions {
  now?: () => Date;
}

export interface LoginOptions extends AuthClockOptions {
  /** Where failures and reached limits are logged as security events (server/security-log.ts). */
  logger?: Logger;
}

/**
 * Counts the attempt against the limits first (no hashing for a refused attempt, and every hash is counted before it
 * runs), then checks the password (as long for an unknown email as for a known one), then starts a new session. The
 * caller sets `sessionCookie(token)`.
 */
export async function logIn(db: Kysely<Database>, attempt: LoginAttempt, options: LoginOptions = {}): Promise<LoginResult> {
  const log = options.logger;
  const clock = options.now ?? (() => new Date());
  const repos = createRepos(db);
  const limiter = loginRateLimiter(repos.rateLimits, options);
  const auditLog = repos.auditLog;
  const check = await limiter.checkLoginAllowed(attempt.ip, attempt.email);
  // Refusals are not audited: they are unbounded, and the audit log must not grow with an attack.
  if (!check.allowed) return { ok: false, reason: "rate-limited", retryAfterSeconds: check.retryAfterSeconds };
  if (check.ipLimitReached && log) logSecurityEvent(log, "login.ip-limit-reached", { windowSeconds: LOGIN_IP_LIMIT.windowMs / 1000 });

  const admin = await repos.admins.findByEmail(attempt.email);
  const checked = await verifyOrBusy(admin?.passwordHash, attempt.password);
  if (!checked.ok) return checked;
  // A disabled account answers as a wrong password does, after the same hash.
  if (!checked.matches || !admin || admin.disabledAt !== null) {
    // Counted, not one entry each: one per account (or per unknown email, all alike) and network per 10 minutes.
    await auditLog.recordRepeated(AUDIT_ACTOR.anonymous, "login.failure", admin ? `admin=${admin.id}` : "unknown account", clock());
    if (log) {
      logSecurityEvent(log, "login.failure");
      if (check.accountLimitReached) {
        logSecurityEvent(log, "login.account-locked", { windowSeconds: LOGIN_ACCOUNT_FAILURE_LIMIT.windowMs / 1000 });
      }
    }
    return { ok: false, reason: "invalid-credentials" };
  }

  await limiter.recordLoginSuccess(attempt.email);
  const now = clock();
  if (admin.passwordExpiresAt !== null && Date.parse(admin.passwordExpiresAt) <= now.getTime()) {
    await auditLog.record(admin.id, "login.password-expired", `admin=${admin.id}`);
    return { ok: false, reason: "password-expired" };
  }
  const sessions = sessionStore(repos.sessions, options);
  if (attempt.currentToken) {
    const previous = await sessions.findByToken(attempt.currentToken);
    if (previous) await sessions.revoke(previous.session.id);
  }
  const secondFactorPending = admin.totpEnabledAt !== null;
  const { token, session } = await sessions.create(admin.id, {
    userAgent: attempt.userAgent,
    secondFactorPending,
    networkCode: attempt.networkCode,
  });
  if (secondFactorPending) {
    await auditLog.record(admin.id, "login.password-accepted", `session=${session.id} second_factor=pending`);
  } else {
    await repos.admins.recordSignIn(admin.id, now.toISOString());
    await auditLog.record(admin.id, "login.success", `session=${session.id}`);
  }
  const { id, email, name, role, mustChangePassword, bloodCoordinator } = admin;
  const mustSetUpTwoFactor = admin.totpEnabledAt === null && (await repos.settings.twoFactorRequired());
  return { ok: true, admin: { id, email, name, role, mustChangePassword, mustSetUpTwoFactor, bloodCoordinator }, session, token };
}

/** Ends the session the token names, if it is live. The caller sets `clearSessionCookie()` either way. */
export async function logOut(db: Kysely<Database>, token: string | undefined, options: AuthClockOptions = {}): Promise<void> {
  if (!token) return;
  const repos = createRepos(db);
  const sessions = sessionStore(repos.sessions, options);
  const active = await sessions.findByToken(token);
  if (!active) return;
  await sessions.revoke(active.session.id);
  await repos.auditLog.record(active.admin.id, "logout", `session=${active.session.id}`);
}
