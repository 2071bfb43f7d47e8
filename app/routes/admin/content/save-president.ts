import { CONTENT_PHOTO_UPLOAD_MAX_BYTES } from "#core/schemas/limits";
import type { RouteHandle } from "#core/route-handle";
import { parseWithZod } from "@conform-to/zod/v4";
import { presidentSchema } from "#core/schemas/content-forms";
import { fileBytes, formAnswer, photoEditAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-president";
import { adminContext, servicesContext } from "~/context";

export const handle = { uploadMaxBytes: CONTENT_PHOTO_UPLOAD_MAX_BYTES } satisfies RouteHandle;

/** The president's card on /admin/content/home, with an optional new photo. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: presidentSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["photo"] }), 400);
  const photo = await fileBytes(submission.value.photo);
  return photoEditAnswer(submission, await context.get(servicesContext).contentEditor.savePresident(submission.value, photo, admin.id));
}
