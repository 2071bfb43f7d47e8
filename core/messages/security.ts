/** What the Security page says once a change is made (the toast, or the page's notice after a post without JavaScript). */
export const SECURITY_DONE = {
  twoFactorOff: "Two-factor sign-in is off",
  signedOut: "Signed out",
  signedOutElsewhere: "Signed out everywhere else",
} as const;
