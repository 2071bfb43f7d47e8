import type { Submission } from "@conform-to/react";
import type { OwnPasswordCheck } from "#server/auth/own-password.server.ts";
import { formAnswer } from "./forms.server";

/** The answer when the password typed again was refused: at its field, or for the whole form with when to try again. */
export function ownPasswordRefusal(submission: Submission<unknown>, check: Exclude<OwnPasswordCheck, { ok: true }>) {
  const hideFields = ["password"];
  if (check.reason === "invalid-credentials") {
    return formAnswer(submission.reply({ fieldErrors: { password: ["That is not your password"] }, hideFields }), 400);
  }
  const message =
    check.reason === "busy"
      ? "The site is busy right now. Please try again in a moment."
      : "Too many wrong passwords. Please try again later.";
  return formAnswer(submission.reply({ formErrors: [message], hideFields }), 429, { "Retry-After": String(check.retryAfterSeconds) });
}
