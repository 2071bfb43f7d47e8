import { parseWithZod } from "@conform-to/zod/v4";
import { galleryPhotoSchema } from "#core/schemas/content-forms";
import { editAnswer, formAnswer, readForm } from "~/lib/forms.server";
import type { Route } from "./+types/save-gallery-photo";
import { adminContext, servicesContext } from "~/context";

/** A gallery photo's alt text and whether it is the gallery's cover, with the version it was read at. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: galleryPhotoSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  return editAnswer(submission, await context.get(servicesContext).contentEditor.galleries.savePhoto(submission.value, admin.id));
}
