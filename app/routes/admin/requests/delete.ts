import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import type { Route } from "./+types/delete";
import { adminContext, servicesContext } from "~/context";

export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const deleted = await context.get(servicesContext).applications.delete([params.id], admin.id);
  return deleted > 0 ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("join request") }, 404);
}
