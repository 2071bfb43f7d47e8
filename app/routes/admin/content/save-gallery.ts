import { parseWithZod } from "@conform-to/zod/v4";
import { gallerySchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-gallery";
import { adminContext, servicesContext } from "~/context";

/** "New gallery" or an edit of one; its photos are uploaded one by one once it exists (its id is in the answer). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: gallerySchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return editAnswer(submission, await context.get(servicesContext).contentEditor.galleries.save(submission.value, admin.id));
}
