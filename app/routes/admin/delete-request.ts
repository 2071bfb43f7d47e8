import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/delete-request";
import { servicesContext } from "~/context";

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const deleted = await context.get(servicesContext).applications.delete([params.id], admin.id);
  return deleted > 0 ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("join request") }, 404);
}
