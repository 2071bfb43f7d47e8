import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import type { Route } from "./+types/delete";
import { adminContext, servicesContext } from "~/context";

export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const deleted = await context.get(servicesContext).announcements.delete(params.id, admin.id);
  return deleted ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("announcement") }, 404);
}
