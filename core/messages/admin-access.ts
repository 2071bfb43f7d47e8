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

/** What the 403 page and a refused write say to an Editor who reaches an Owner's page. */
export const OWNERS_ONLY_MESSAGE = "Only an Owner can open this page or make this change.";

/** What the 403 page and a refused write say to an admin without the Blood coordinator permission in the Blood section. */
export const BLOOD_COORDINATORS_ONLY_MESSAGE = "Only an Owner or a blood coordinator can open this page or make this change.";

/**
 * The login, saying why the admin is there (`ended`: their session ended) and where they go after it (`next`: an admin
 * page, as app/lib/admin-guards.server.ts's `adminReturnPath` found it).
 */
export function loginPath({ next, ended }: { next?: string; ended: boolean }): string {
  const params = new URLSearchParams();
  if (ended) params.set("ended", "1");
  if (next && next !== href("/admin")) params.set("next", next);
  const query = params.toString();
  return query ? `${href("/admin")}?${query}` : href("/admin");
}
