import { buttonAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/revoke-other-sessions";
import { servicesContext } from "~/context";

/** "Sign out everywhere else": every session of the admin but this one ends. */
export async function action({ request, context }: Route.ActionArgs) {
  const active = await requireAdmin(request, context);
  return buttonAnswer({ ok: true, revoked: await context.get(servicesContext).auth.revokeOtherSessions(active) });
}
