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
} as const;
