import type { Submission } from "@conform-to/react";
import { formAnswer, tryLaterAnswer } from "./forms.server";
import { SITE_BUSY } from "#core/messages/common.ts";
import { SIGN_IN_REFUSED } from "#core/messages/sign-in.ts";

/** A mailed link's form refused (an invitation, a password reset): the site is busy, the password is weak, or the link is spent. */
export type LinkRefusal =
  { reason: "busy"; retryAfterSeconds: number } | { reason: "invalid-password"; message: string } | { reason: "invalid-link" };

/** A link form's fields that never travel back in an answer: the passwords. */
export const LINK_PASSWORD_FIELDS = ["newPassword", "confirmPassword"];

/** The answer to a refused link form. */
export function linkRefusalAnswer(submission: Submission<unknown>, refusal: LinkRefusal) {
  if (refusal.reason === "busy") return tryLaterAnswer(submission, SITE_BUSY, refusal.retryAfterSeconds, LINK_PASSWORD_FIELDS);
  if (refusal.reason === "invalid-password") {
    return formAnswer(submission.reply({ fieldErrors: { newPassword: [refusal.message] }, hideFields: LINK_PASSWORD_FIELDS }), 400);
  }
  return formAnswer(submission.reply({ formErrors: [SIGN_IN_REFUSED.linkGone], hideFields: LINK_PASSWORD_FIELDS }), 410);
}
