/** What the Accounts page says once a change is made (the toast, or the page's notice after a post without JavaScript). */
export const ACCOUNTS_DONE = {
  invited: "Invitation sent",
  roleChanged: "Role changed",
  enabled: "Account enabled",
  disabled: "Account disabled: its sessions have ended",
  removed: "Account removed",
  invitationRevoked: "Invitation revoked",
  twoFactorRequired: "Two-factor sign-in is now required",
  twoFactorNotRequired: "Two-factor sign-in is no longer required",
  bloodCoordinator: "Now a blood coordinator",
  notBloodCoordinator: "No longer a blood coordinator",
} as const;

/** Why the Accounts page refused a change: at the email field, or for the whole form. */
export const ACCOUNTS_REFUSED = {
  emailTaken: "An admin with this email already exists",
  invitationGone: "This invitation was already used, revoked or expired.",
  ownTwoFactorFirst: "Turn on your own two-factor sign-in first (under Security).",
  lastOwner: "The site needs an Owner who can sign in: make another admin an Owner first.",
} as const;

/** The Accounts page's toasts when a change was refused without words of its own. */
export const ACCOUNTS_FAILED = {
  change: "The change failed. Please try again.",
  remove: "The account could not be removed",
  revokeInvitation: "The invitation could not be revoked",
} as const;
