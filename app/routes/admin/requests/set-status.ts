import { parseWithZod } from "@conform-to/zod/v4";
import { requestStatusSchema } from "#core/schemas/requests";
import { formAnswer, goneMessage, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/set-status";
import { adminContext, servicesContext } from "~/context";

/** Sets the status of one request (the details dialog) or of several (the selected rows). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: requestStatusSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const { ids, status } = submission.value;
  const found = await context.get(servicesContext).applications.setStatus(ids, status, admin);
  if (found === 0) return formAnswer(submission.reply({ formErrors: [goneMessage("join request")] }), 404);
  return formAnswer(submission.reply({ resetForm: true }));
}
