import { redirect } from "react-router";
import type { RequestContext } from "../http/load-context";
import { sessionsRepo } from "../repos/sessions";
import { logSecurityEvent } from "../security-log";
import { clearSessionCookie, readSessionToken } from "./session-cookie.server";
import { type ActiveSession, sessionStore } from "./sessions.server";

/** What admin actions answer a request without a live session. */
export const SESSION_EXPIRED_MESSAGE = "Your session has expired. Please log in again.";
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = "Change your one-time password first.";

type AuthContext = Pick<RequestContext, "db" | "publicUrl" | "logger">;

export const cookieOptions = (context: Pick<RequestContext, "publicUrl">) => ({ secure: context.publicUrl.startsWith("https://") });

/** An admin page or write refused: which, and why (no cookie, a cookie naming no live session, a password to change). */
function refused(context: AuthContext, request: Request, reason: "no-session" | "session-ended" | "password-change-required"): void {
  logSecurityEvent(context.logger, "access.refused", { method: request.method, path: new URL(request.url).pathname, reason });
}

/** The live session the request's cookie names, or undefined (no cookie, unknown, idle or expired). */
export async function getAdminSession(request: Request, context: AuthContext): Promise<ActiveSession | undefined> {
  const token = readSessionToken(request);
  if (!token) return undefined;
  return sessionStore(sessionsRepo(context.db)).findByToken(token);
}

export interface RequireAdminOptions {
  /** The password change itself (and logout) must work while a one-time password is still in use. */
  allowPendingPasswordChange?: boolean;
}

/**
 * The first line of every admin loader and action. Without a live session a page (GET) goes to /admin, the
 * login, and a write answers 401; either way nothing has been read or changed. An admin still holding a
 * one-time password may only change it: pages go to /admin (which asks for it), writes answer 403.
 */
export async function requireAdmin(request: Request, context: AuthContext, options: RequireAdminOptions = {}): Promise<ActiveSession> {
  const active = await getAdminSession(request, context);
  const isPage = request.method === "GET" || request.method === "HEAD";
  if (!active) {
    refused(context, request, readSessionToken(request) ? "session-ended" : "no-session");
    const headers = readSessionToken(request) ? { "Set-Cookie": clearSessionCookie(cookieOptions(context)) } : undefined;
    if (isPage) throw redirect("/admin", { headers });
    throw Response.json({ error: SESSION_EXPIRED_MESSAGE }, { status: 401, headers });
  }
  if (active.admin.mustChangePassword && !options.allowPendingPasswordChange) {
    refused(context, request, "password-change-required");
    if (isPage) throw redirect("/admin");
    throw Response.json({ error: PASSWORD_CHANGE_REQUIRED_MESSAGE }, { status: 403 });
  }
  return active;
}
