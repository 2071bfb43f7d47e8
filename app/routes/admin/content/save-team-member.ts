import { parseWithZod } from "@conform-to/zod/v4";
import { teamMemberSchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/save-team-member";

/** A new team member or an edit, with an optional photo; the body is capped at CONTENT_PHOTO_UPLOAD_MAX_BYTES in front. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: teamMemberSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
  const { photo } = submission.value;
  const bytes = photo ? Buffer.from(await photo.arrayBuffer()) : undefined;
  const result = await context.services.contentEditor.team.save(submission.value, bytes, admin.id);
  // Saved, or refused for the version: as every content form. Refused for the photo: at the photo, or for the form.
  if (!("message" in result)) return editAnswer(submission, result);
  // The image store being down is not the file's fault: a message for the form, and a status that says "try again".
  if (result.reason === "storage-unavailable") {
    return formAnswer(submission.reply({ formErrors: [result.message], hideFields: ["photo"] }), 503, { "Retry-After": "30" });
  }
  return formAnswer(submission.reply({ fieldErrors: { photo: [result.message] }, hideFields: ["photo"] }), 400);
}
