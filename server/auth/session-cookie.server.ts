import { SESSION_ABSOLUTE_TIMEOUT_MS } from "./sessions.server";

/** `__Host-` binds the cookie to this host over HTTPS (Secure, Path=/, no Domain); plain HTTP cannot use it. */
export const SECURE_SESSION_COOKIE = "__Host-session";
export const SESSION_COOKIE = "session";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CookieOptions {
  /** True behind HTTPS. */
  secure: boolean;
}

/** The one cookie name the site uses: a plain `session` cookie is never read behind HTTPS, where anyone on the
 * network or a sibling subdomain could have set it. */
const cookieName = ({ secure }: CookieOptions) => (secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

function serialize(value: string, maxAgeSeconds: number, { secure }: CookieOptions): string {
  const name = cookieName({ secure });
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
 * The session token from the request's Cookie header, under the site's one cookie name (its first occurrence);
 * undefined when absent or not shaped like a token, so junk never reaches the database.
 */
export function readSessionToken(request: Request, options: CookieOptions): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  const wanted = cookieName(options);
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== wanted) continue;
    const token = part.slice(eq + 1).trim();
    return TOKEN_PATTERN.test(token) ? token : undefined;
  }
  return undefined;
}
