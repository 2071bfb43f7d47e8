import { parseWithZod } from "@conform-to/zod/v4";
import { requestNoteSchema } from "#core/schemas/requests";
import { formAnswer, goneMessage, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/add-note";
import { adminContext, servicesContext } from "~/context";

/** An internal note on a request, kept in its history with who wrote it. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: requestNoteSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const added = await context.get(servicesContext).applications.addNote(params.id, submission.value.note, admin);
  if (!added) return formAnswer(submission.reply({ formErrors: [goneMessage("join request")] }), 404);
  return formAnswer(submission.reply({ resetForm: true }));
}
