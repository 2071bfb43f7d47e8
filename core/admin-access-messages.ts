/** Why an admin write was refused: the action's 401/403 answer and the error page that shows it say the same. */
export const ADMIN_ACCESS_MESSAGES = {
  sessionExpired: "Your session has expired. Please log in again.",
  passwordChangeRequired: "Change your one-time password first.",
} as const;
