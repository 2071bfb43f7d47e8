import { parseWithZod } from "@conform-to/zod/v4";
import { videoUploadSchema } from "#core/schemas/content-forms.ts";
import { formAnswer, photoEditAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/save-video";
import { adminContext, servicesContext } from "#app/context.ts";

/** The documentary video on /admin/content/home, once its parts are stored: joined, and shown in place of the one before. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: videoUploadSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return photoEditAnswer(submission, await context.get(servicesContext).contentEditor.video.finishUpload(submission.value, admin.id));
}
