import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * A new password's length, checked in the browser and on the server. The server also refuses common, breached and
 * easily guessed passwords (server/auth/password-strength.server.ts): that check's word lists stay off the browser.
 */
export const newPasswordField = z
  .string({ error: `New password must be at least ${PASSWORD_MIN_LENGTH} characters` })
  .min(PASSWORD_MIN_LENGTH, `New password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `New password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** The new password typed twice, as every form that sets one asks for it. */
export const newPasswordFields = {
  newPassword: newPasswordField,
  confirmPassword: z.string({ error: "Confirm password is required" }).min(1, "Confirm password is required"),
};

/** Refines a form holding `newPasswordFields`: the two must be equal. */
export const samePasswordTwice = <T extends { newPassword: string; confirmPassword: string }>(values: T): boolean =>
  values.newPassword === values.confirmPassword;
