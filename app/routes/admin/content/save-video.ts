import { parseWithZod } from "@conform-to/zod/v4";
import { VIDEO_MISSING_MESSAGE, videoSchema } from "#core/schemas/content-forms";
import { readStreamedUpload } from "~/lib/file-upload.server";
import { editAnswer, formAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/save-video";

/** The documentary video on /admin/content/home: stored as it arrives, then shown in place of the one before. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const { video } = context.services.contentEditor;
  const { fields, file } = await readStreamedUpload(request, "video", (upload) => video.receive(upload));
  const submission = parseWithZod(fields, { schema: videoSchema });
  if (file && !file.ok && file.reason === "storage-unavailable") {
    return formAnswer(submission.reply({ formErrors: [file.message] }), 503, { "Retry-After": "30" });
  }
  const refusal = !file ? VIDEO_MISSING_MESSAGE : file.ok ? undefined : file.message;
  if (submission.status !== "success" || !file?.ok) {
    if (file?.ok) await video.discard(file.key);
    return formAnswer(submission.reply(refusal ? { fieldErrors: { video: [refusal] } } : {}), 400);
  }
  return editAnswer(submission, await video.save(submission.value, file.key, admin.id));
}
