import { buttonAnswer, goneMessage } from "~/lib/forms.server";
import type { Route } from "./+types/delete";
import { adminContext, servicesContext } from "~/context";

/** Removes one registration; the place it held goes to the first on the waiting list, who is mailed. */
export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const removed = await context.get(servicesContext).registrations.remove(params.id, params.registrationId, admin.id);
  return removed ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("registration") }, 404);
}
