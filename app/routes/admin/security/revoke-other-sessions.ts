import { buttonAnswer } from "~/lib/forms.server";
import type { Route } from "./+types/revoke-other-sessions";
import { adminContext, servicesContext } from "~/context";

/** "Sign out everywhere else": every session of the admin but this one ends. */
export async function action({ context }: Route.ActionArgs) {
  const active = context.get(adminContext);
  return buttonAnswer({ ok: true, revoked: await context.get(servicesContext).auth.revokeOtherSessions(active) });
}
