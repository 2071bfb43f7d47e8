/** The server modules the admin routes use (routes import server code through *.server.ts files only). */
export { changePassword } from "../../server/auth/change-password.server";
export { logIn, logOut } from "../../server/auth/login.server";
export { cookieOptions, getAdminSession, requireAdmin } from "../../server/auth/require-admin.server";
export { clearSessionCookie, readSessionToken, sessionCookie } from "../../server/auth/session-cookie.server";
export { deleteApplication, setJoinUsVisible } from "../../server/services/admin-actions";
