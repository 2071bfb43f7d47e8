import { parseWithZod } from "@conform-to/zod/v4";
import { createAnnouncementSchema } from "#core/schemas/announcement";
import { formAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/create-announcement";

/** The body reaching here is at most ANNOUNCEMENT_UPLOAD_MAX_BYTES (checked in front of React Router). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const submission = parseWithZod(await readForm(request), { schema: createAnnouncementSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["image"] }), 400);

  const { image, description, url } = submission.value;
  const result = await context.services.announcements.create(
    { description, googleFormUrl: url, image: Buffer.from(await image[0]!.arrayBuffer()) },
    admin.id,
  );
  if (result.ok) return formAnswer(submission.reply({ resetForm: true }), 200, undefined, { id: result.id });
  // The image store being down is not the file's fault: a message for the form, and a status that says "try again".
  if (result.reason === "storage-unavailable") {
    return formAnswer(submission.reply({ formErrors: [result.message], hideFields: ["image"] }), 503, { "Retry-After": "30" });
  }
  return formAnswer(submission.reply({ fieldErrors: { image: [result.message] }, hideFields: ["image"] }), 400);
}
