import { buttonAnswer } from "~/lib/forms.server";
import type { Route } from "./+types/revoke-session";
import { adminContext, servicesContext } from "~/context";

/** Signs out one of the admin's own other sessions (a lost phone, a shared computer). */
export async function action({ params, context }: Route.ActionArgs) {
  const active = context.get(adminContext);
  const revoked = await context.get(servicesContext).auth.revokeOwnSession(active, params.id);
  return revoked ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: "That session has already ended." }, 404);
}
