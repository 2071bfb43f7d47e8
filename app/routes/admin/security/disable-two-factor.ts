import { passwordAgainSchema } from "#core/schemas/two-factor";
import { ownPasswordRefusal } from "~/lib/own-password.server";
import { formAnswer, readForm } from "~/lib/forms.server";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/disable-two-factor";
import { adminContext, servicesContext } from "~/context";

/** Turns two factors off, after the password is typed again: the secret and the recovery codes go. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: passwordAgainSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["password"] }), 400);
  const check = await context.get(servicesContext).auth.checkOwnPassword(admin.id, submission.value.password, "two-factor.disable-refused");
  if (!check.ok) return ownPasswordRefusal(submission, check);
  await context.get(servicesContext).twoFactor.disable(admin.id, admin.id);
  return formAnswer(submission.reply({ resetForm: true }));
}
