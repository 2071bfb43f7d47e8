/** What the Security page says once a change is made (the toast, or the page's notice after a post without JavaScript). */
export const SECURITY_DONE = {
  twoFactorOff: "Two-factor sign-in is off",
  twoFactorOn: "Two-factor sign-in is on.",
  passwordUpdated: "Password updated successfully!",
  signedOut: "Signed out",
  signedOutElsewhere: "Signed out everywhere else",
} as const;

/** Why the Security page (or a password typed again) refused a change: at its field, or for the whole form. */
export const SECURITY_REFUSED = {
  twoFactorAlreadyOn: "Two-factor sign-in is already on.",
  setupExpired: "This setup is over 10 minutes old. Reload the page and set up two-factor sign-in again.",
  wrongCode: "That code is not right. Check that the app shows this site's account, and enter its current code.",
  noRecoveryCodes: "Two-factor sign-in is off: there are no recovery codes to replace.",
  sessionEnded: "That session has already ended.",
  notYourPassword: "That is not your password",
  oldPasswordIncorrect: "Old password is incorrect",
  tooManyWrongPasswords: "Too many wrong passwords. Please try again later.",
} as const;

/** The Security page's toasts when a post was refused without words of its own. */
export const SECURITY_FAILED = {
  twoFactorSetup: "Two-factor sign-in could not be set up. Please try again.",
  signOut: "The sign-out failed. Please try again.",
  password: "Failed to update password",
} as const;

/** Every form that sets a new password, at its confirm field, when the two differ (SPEC 5). */
export const NEW_PASSWORDS_DIFFER = "New passwords don't match";

export const BREACHED_PASSWORD_MESSAGE = "This password is on a list of common and breached passwords. Choose another one.";
