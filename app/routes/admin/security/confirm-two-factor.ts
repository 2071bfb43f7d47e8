import { parseWithZod } from "@conform-to/zod/v4";
import { confirmTwoFactorSchema } from "#core/schemas/two-factor";
import { formAnswer, readForm } from "~/lib/forms.server";
import { adminGuard } from "~/lib/admin-guards.server";
import type { Route } from "./+types/confirm-two-factor";
import { adminContext, servicesContext } from "~/context";

/** Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "two-factor-setup" })];

/** Turns two factors on with the app's first code; the answer carries the recovery codes, shown once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: confirmTwoFactorSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const result = await context.get(servicesContext).twoFactor.confirmSetup(admin.id, submission.value.code);
  if (!result.ok) {
    const message =
      result.reason === "setup-expired"
        ? "This setup is over 10 minutes old. Reload the page and set up two-factor sign-in again."
        : "That code is not right. Check that the app shows this site's account, and enter its current code.";
    return formAnswer(submission.reply({ fieldErrors: { code: [message] } }), 400);
  }
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { recoveryCodes: result.recoveryCodes });
}
