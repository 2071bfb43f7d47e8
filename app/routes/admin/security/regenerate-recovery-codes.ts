import { parseWithZod } from "@conform-to/zod/v4";
import { passwordAgainSchema } from "#core/schemas/two-factor";
import { formAnswer, readForm } from "~/lib/forms.server";
import { ownPasswordRefusal } from "~/lib/own-password.server";
import type { Route } from "./+types/regenerate-recovery-codes";
import { adminContext, servicesContext } from "~/context";

/** Ten new recovery codes (the old ones stop working), after the password is typed again; shown once. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: passwordAgainSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["password"] }), 400);
  const { twoFactor, auth } = context.get(servicesContext);
  if (!(await twoFactor.state(admin.id)).enabled) {
    return formAnswer(
      submission.reply({ formErrors: ["Two-factor sign-in is off: there are no recovery codes to replace."], hideFields: ["password"] }),
      409,
    );
  }
  const check = await auth.checkOwnPassword(admin.id, submission.value.password, "two-factor.recovery-codes-refused");
  if (!check.ok) return ownPasswordRefusal(submission, check);
  const recoveryCodes = await twoFactor.regenerateRecoveryCodes(admin.id);
  return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { recoveryCodes });
}
