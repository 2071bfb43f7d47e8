import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/delete-announcement";
import { servicesContext } from "~/context";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const deleted = await context.get(servicesContext).announcements.delete(params.id, admin.id);
  return deleted ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("announcement") }, 404);
}
