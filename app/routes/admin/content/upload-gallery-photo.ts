import { PHOTO_FORM_HANDLE } from "#core/route-handle.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { galleryPhotoUploadSchema } from "#core/schemas/content-forms.ts";
import { formAnswer, photoEditAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/upload-gallery-photo";
import { adminContext, servicesContext } from "#app/context.ts";

export const handle = PHOTO_FORM_HANDLE;

/** One photo into a gallery, at its end; the body is capped at CONTENT_PHOTO_UPLOAD_MAX_BYTES in front. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: galleryPhotoUploadSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
  const photo = Buffer.from(await submission.value.photo.arrayBuffer());
  return photoEditAnswer(submission, await context.get(servicesContext).contentEditor.galleries.addPhoto(params.id, photo, admin.id));
}
