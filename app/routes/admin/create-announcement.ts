import { createAnnouncementSchema } from "~/schemas/announcement";
import { invalid, readForm, reply } from "~/lib/admin-api.server";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/create-announcement";

/** The body reaching here is at most ANNOUNCEMENT_UPLOAD_MAX_BYTES (checked in front of React Router). */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const form = await readForm(request);
  const parsed = createAnnouncementSchema.safeParse({
    image: form.getAll("image"),
    description: form.get("description") ?? "",
    url: form.get("url") ?? "",
  });
  if (!parsed.success) return invalid(parsed.error);

  const [file] = parsed.data.image;
  const result = await context.services.announcements.create(
    { description: parsed.data.description, googleFormUrl: parsed.data.url, image: Buffer.from(await file!.arrayBuffer()) },
    admin.id,
  );
  // The image store being down is not the file's fault: no field error, and a status that says "try again".
  if (!result.ok && result.reason === "storage-unavailable") return reply({ ok: false, error: result.message }, 503, { "Retry-After": "30" });
  if (!result.ok) return reply({ ok: false, error: result.message, errors: { image: result.message } }, 400);
  return reply({ ok: true, id: result.id });
}
