import type { Submission } from "@conform-to/react";
import { HASHING_BUSY_MESSAGE, LINK_GONE_MESSAGE } from "#app/components/admin/account-page.tsx";
import { formAnswer } from "./forms.server";

/** A mailed link's form refused (an invitation, a password reset): the site is busy, the password is weak, or the link is spent. */
export type LinkRefusal =
  { reason: "busy"; retryAfterSeconds: number } | { reason: "invalid-password"; message: string } | { reason: "invalid-link" };

/** The answer to a refused link form: the password never travels back. */
export function linkRefusalAnswer(submission: Submission<unknown>, refusal: LinkRefusal) {
  const hideFields = ["newPassword", "confirmPassword"];
  if (refusal.reason === "busy") {
    return formAnswer(submission.reply({ formErrors: [HASHING_BUSY_MESSAGE], hideFields }), 429, {
      "Retry-After": String(refusal.retryAfterSeconds),
    });
  }
  if (refusal.reason === "invalid-password") {
    return formAnswer(submission.reply({ fieldErrors: { newPassword: [refusal.message] }, hideFields }), 400);
  }
  return formAnswer(submission.reply({ formErrors: [LINK_GONE_MESSAGE], hideFields }), 410);
}
