import { SESSION_ABSOLUTE_TIMEOUT_MS } from "./sessions.server";

/** `__Host-` binds the cookie to this host over HTTPS (Secure, Path=/, no Domain); plain HTTP cannot use it. */
export const SECURE_SESSION_COOKIE = "__Host-session";
export const SESSION_COOKIE = "session";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CookieOptions {
  /** True behind HTTPS. */
  secure: boolean;
}

function serialize(value: string, maxAgeSeconds: number, { secure }: CookieOptions): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return [`${name}=${value}`, "Path=/", `Max-Age=${maxAgeSeconds}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** The Set-Cookie header value that stores a new session's token. */
export function sessionCookie(token: string, options: CookieOptions): string {
  if (!TOKEN_PATTERN.test(token)) throw new Error("not a session token");
  return serialize(token, Math.floor(SESSION_ABSOLUTE_TIMEOUT_MS / 1000), options);
}

/** The Set-Cookie header value that removes the session cookie (logout, or a dead session). */
export function clearSessionCookie(options: CookieOptions): string {
  return serialize("", 0, options);
}

/**
 * The session token from the request's Cookie header, under either name (`__Host-session` wins when
 * both are sent); undefined when absent or not shaped like a token, so junk never reaches the database.
 */
export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const values = new Map<string, string>();
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    if ((name === SECURE_SESSION_COOKIE || name === SESSION_COOKIE) && !values.has(name)) values.set(name, part.slice(eq + 1).trim());
  }
  const token = values.get(SECURE_SESSION_COOKIE) ?? values.get(SESSION_COOKIE);
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : undefined;
}
