import { parseWithZod } from "@conform-to/zod/v4";
import { ADMIN_ACCESS_MESSAGES } from "#core/messages/admin-access.ts";
import { SECURITY_REFUSED } from "#core/messages/security.ts";
import { changePasswordSchema } from "#core/schemas/change-password.ts";
import { formAnswer, readForm, tryLaterAnswer } from "#app/lib/forms.server.ts";
import { adminGuard } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/password";
import { adminContext, servicesContext } from "#app/context.ts";

/** Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "password-change" })];

/** No password ever travels back in the answer. */
const hideFields = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const { admin, session } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: changePasswordSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields }), 400);

  const result = await context.get(servicesContext).auth.changePassword({
    adminId: admin.id,
    sessionId: session.id,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.newPassword,
  });
  if (result.ok) return formAnswer(submission.reply({ resetForm: true }));
  switch (result.reason) {
    case "invalid-credentials":
      return formAnswer(submission.reply({ fieldErrors: { currentPassword: [SECURITY_REFUSED.oldPasswordIncorrect] }, hideFields }), 400);
    case "invalid-new-password":
      return formAnswer(submission.reply({ fieldErrors: { newPassword: [result.message] }, hideFields }), 400);
    case "rate-limited":
      return tryLaterAnswer(submission, SECURITY_REFUSED.tooManyWrongPasswords, result.retryAfterSeconds, hideFields);
    case "busy":
      return tryLaterAnswer(submission, ADMIN_ACCESS_MESSAGES.passwordChecksBusy, result.retryAfterSeconds, hideFields);
  }
}
