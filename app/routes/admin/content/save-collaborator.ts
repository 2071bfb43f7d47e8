import { CONTENT_PHOTO_UPLOAD_MAX_BYTES } from "#core/schemas/limits";
import type { RouteHandle } from "#core/route-handle";
import { parseWithZod } from "@conform-to/zod/v4";
import { collaboratorSchema } from "#core/schemas/content-forms";
import { fileBytes, formAnswer, photoEditAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-collaborator";
import { adminContext, servicesContext } from "~/context";

export const handle = { uploadMaxBytes: CONTENT_PHOTO_UPLOAD_MAX_BYTES } satisfies RouteHandle;

/** A new collaborator or an edit, with its logo; the body is capped at CONTENT_PHOTO_UPLOAD_MAX_BYTES in front. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: collaboratorSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
  const photo = await fileBytes(submission.value.photo);
  return photoEditAnswer(
    submission,
    await context.get(servicesContext).contentEditor.collaborators.save(submission.value, photo, admin.id),
  );
}
