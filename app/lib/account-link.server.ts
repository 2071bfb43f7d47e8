import type { Submission } from "@conform-to/react";
import { formAnswer } from "./forms.server";
import { SITE_BUSY } from "#core/messages/common.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";

/** A mailed link's form refused (an invitation, a password reset): the site is busy, the password is weak, or the link is spent. */
export type LinkRefusal =
  { reason: "busy"; retryAfterSeconds: number } | { reason: "invalid-password"; message: string } | { reason: "invalid-link" };

/** The answer to a refused link form: the password never travels back. */
export function linkRefusalAnswer(submission: Submission<unknown>, refusal: LinkRefusal) {
  const hideFields = ["newPassword", "confirmPassword"];
  if (refusal.reason === "busy") {
    return formAnswer(submission.reply({ formErrors: [SITE_BUSY], hideFields }), 429, {
      "Retry-After": String(refusal.retryAfterSeconds),
    });
  }
  if (refusal.reason === "invalid-password") {
    return formAnswer(submission.reply({ fieldErrors: { newPassword: [refusal.message] }, hideFields }), 400);
  }
  return formAnswer(submission.reply({ formErrors: [SIGN_IN_REFUSED.linkGone], hideFields }), 410);
}
