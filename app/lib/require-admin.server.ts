import { type AppLoadContext, redirect } from "react-router";
import { ADMIN_ACCESS_MESSAGES } from "#core/admin-access-messages";

/**
 * The first line of every admin loader and action. Without a live session a page (GET) goes to /admin, the login,
 * and a write answers 401; either way nothing has been read or changed. An admin still holding a one-time password
 * may only change it: pages go to /admin (which asks for it), writes answer 403.
 */
export async function requireAdmin(request: Request, context: AppLoadContext, options: { allowPendingPasswordChange?: boolean } = {}) {
  const check = await context.services.auth.check(request, options);
  if (check.admitted) return check.active;
  const headers = check.clearCookie ? { "Set-Cookie": check.clearCookie } : undefined;
  if (request.method === "GET" || request.method === "HEAD") throw redirect("/admin", { headers });
  if (check.reason === "password-change-required")
    throw Response.json({ error: ADMIN_ACCESS_MESSAGES.passwordChangeRequired }, { status: 403 });
  throw Response.json({ error: ADMIN_ACCESS_MESSAGES.sessionExpired }, { status: 401, headers });
}
