import { ANNOUNCEMENT_UPLOAD_MAX_BYTES } from "#core/schemas/limits.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { announcementSchema } from "#core/schemas/announcement.ts";
import { fileBytes, formAnswer, photoEditAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/save";
import { ANNOUNCEMENTS_DONE } from "#core/messages/announcements.ts";
import { adminContext, servicesContext } from "#app/context.ts";

export const handle = { uploadMaxBytes: ANNOUNCEMENT_UPLOAD_MAX_BYTES } satisfies RouteHandle;

/** A new announcement or an edit, with an optional image; the body is at most ANNOUNCEMENT_UPLOAD_MAX_BYTES (checked in front). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: announcementSchema });
  if (submission.status !== "success") return formAnswer(submission.reply({ hideFields: ["image"] }), 400);
  const image = await fileBytes(submission.value.image);
  const result = await context.get(servicesContext).announcements.save(submission.value, image, admin.id);
  if (!result.ok && result.reason === "expiresAt") {
    return formAnswer(submission.reply({ fieldErrors: { expiresAt: [result.message] }, hideFields: ["image"] }), 400);
  }
  // A capacity raised (or removed) gives the opened places to the waiting list.
  if (result.ok) await context.get(servicesContext).registrations.fillOpenedPlaces(result.id);
  return photoEditAnswer(submission, result, submission.value.id ? ANNOUNCEMENTS_DONE.saved : ANNOUNCEMENTS_DONE.created);
}
