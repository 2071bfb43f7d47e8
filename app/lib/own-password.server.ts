import type { Submission } from "@conform-to/react";
import type { OwnPasswordCheck } from "#server/auth/own-password.server.ts";
import { formAnswer, tryLaterAnswer } from "./forms.server";
import { SITE_BUSY } from "#core/messages/common.ts";
import { SECURITY_REFUSED } from "#core/messages/security.ts";

/** The answer when the password typed again was refused: at its field, or for the whole form with when to try again. */
export function ownPasswordRefusal(submission: Submission<unknown>, check: Exclude<OwnPasswordCheck, { ok: true }>) {
  const hideFields = ["password"];
  if (check.reason === "invalid-credentials") {
    return formAnswer(submission.reply({ fieldErrors: { password: [SECURITY_REFUSED.notYourPassword] }, hideFields }), 400);
  }
  const message = check.reason === "busy" ? SITE_BUSY : SECURITY_REFUSED.tooManyWrongPasswords;
  return tryLaterAnswer(submission, message, check.retryAfterSeconds, hideFields);
}
