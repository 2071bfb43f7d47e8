import { parseWithZod } from "@conform-to/zod/v4";
import { goalSchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-goal";
import { adminContext, servicesContext } from "~/context";

/** A new goal, or an edit of one (with the version it was read at). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: goalSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return editAnswer(submission, await context.get(servicesContext).contentEditor.goals.save(submission.value, admin.id));
}
