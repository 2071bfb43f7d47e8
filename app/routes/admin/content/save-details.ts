import { parseWithZod } from "@conform-to/zod/v4";
import { siteDetailsSchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-details";
import { adminContext, servicesContext } from "~/context";

/** /admin/content/home's form. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: siteDetailsSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return editAnswer(submission, await context.get(servicesContext).contentEditor.saveDetails(submission.value, admin.id));
}
