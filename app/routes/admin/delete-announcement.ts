import { isRecordId, reply } from "~/lib/admin-api.server";
import { requireAdmin } from "~/lib/admin.server";
import type { Route } from "./+types/delete-announcement";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const deleted = isRecordId(params.id) && (await context.services.announcements.delete(params.id, admin.id));
  return deleted ? reply({ ok: true }) : reply({ ok: false, error: "Failed to delete announcement" }, 404);
}
