import { buttonAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/revoke-session";
import { servicesContext } from "~/context";

/** Signs out one of the admin's own other sessions (a lost phone, a shared computer). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const active = await requireAdmin(request, context);
  const revoked = await context.get(servicesContext).auth.revokeOwnSession(active, params.id);
  return revoked ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: "That session has already ended." }, 404);
}
