import { parseWithZod } from "@conform-to/zod/v4";
import { videoSchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/remove-video";
import { adminContext, servicesContext } from "~/context";

/** Takes the documentary video off the home page (the dialog then says the video cannot be played). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: videoSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return editAnswer(submission, await context.get(servicesContext).contentEditor.video.remove(submission.value, admin.id));
}
