import { href } from "react-router";

/** Why an admin write was refused: the action's 401/403 answer, the login page and the error page say the same. */
export const ADMIN_ACCESS_MESSAGES = {
  sessionEnded: "Your session has ended. Please log in again.",
  passwordChangeRequired: "Change your one-time password first.",
  secondFactorRequired: "Enter the code from your authenticator app first.",
  reauthenticationRequired: "Enter your password again to make this change.",
  twoFactorSetupRequired: "Set up two-factor sign-in first: the site's Owners require it.",
  /** A login turned away because the server is checking as many passwords as it may (429, Retry-After). */
  loginBusy: "Too many login attempts right now. Please try again in a moment.",
  /** The same for a password change. */
  passwordChecksBusy: "Too many password checks right now. Please try again in a moment.",
} as const;

/**
 * The admin pages an admin is sent back to after logging in: the panel (with its filters), the announcements (and each
 * one's registrations), the messages (with their search), personal data, the accounts and the site content screens. Anything else (an action, a download, another site) is not
 * a place to return to.
 */
const ADMIN_PAGE =
  /^\/admin(?:-announcement|\/announcements\/[0-9a-f-]{36}\/registrations|\/messages|\/personal-data|\/accounts|\/audit|\/security|\/mail|\/content(?:\/(?:home|goals|team|collaborators|resources|galleries(?:\/[0-9a-f-]{36})?))?)?\/?$/;

/** `candidate` (a path, or a URL of which only the path and query count) when it is an admin page, else undefined. */
export function adminReturnPath(candidate: string | null | undefined): string | undefined {
  if (!candidate) return undefined;
  let url: URL;
  try {
    url = new URL(candidate, "http://site.invalid");
  } catch {
    return undefined;
  }
  return ADMIN_PAGE.test(url.pathname) ? `${url.pathname}${url.search}` : undefined;
}

/** The login, saying why the admin is there (`ended`: their session ended) and where they go after it. */
export function loginPath({ next, ended }: { next?: string; ended: boolean }): string {
  const params = new URLSearchParams();
  if (ended) params.set("ended", "1");
  const back = adminReturnPath(next);
  if (back && back !== href("/admin")) params.set("next", back);
  const query = params.toString();
  return query ? `${href("/admin")}?${query}` : href("/admin");
}
