const LINK_GONE = "This link has expired or was already used.";

/** Why a sign-in step was refused: the login, its code, "Confirm it's you", a reset request and a mailed link's page. */
export const SIGN_IN_REFUSED = {
  invalidCredentials: "Invalid credentials. Please check the email and password.",
  passwordExpired: "This one-time password has expired. Ask whoever runs the server to set a new one (npm run admin -- set-password).",
  tooManyLogins: (wait: string) => `Too many login attempts. Please try again in ${wait}.`,
  wrongCode: "That code is not right. Enter the current code from your app, or an unused recovery code.",
  tooManyCodes: (wait: string) => `Too many wrong codes. Please sign in again in ${wait}.`,
  signInEnded: "This sign-in has ended. Please sign in again.",
  notYourPasswordOrCode: "That is not your password or a current code",
  tooManyAttempts: "Too many wrong attempts. Please try again later.",
  tooManyResetRequests: (wait: string) => `Too many requests. Please try again in ${wait}.`,
  linkGone: LINK_GONE,
  invitationGone: `${LINK_GONE} Ask an Owner of the site to invite you again.`,
} as const;

/** The login's toast when its refusal came without words of its own (SPEC 8). */
export const SIGN_IN_FAILED = { login: "Login failed" } as const;

/** What the sign-in pages say once done: a reset link asked for (whatever the address), a new password set. */
export const SIGN_IN_DONE = {
  resetLinkSent: "If an admin account has that address, a link to reset its password is on its way. It works once, for 30 minutes.",
  passwordReset: "Your password is changed. Sign in with it now.",
} as const;
