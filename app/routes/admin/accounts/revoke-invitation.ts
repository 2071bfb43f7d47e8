import { buttonAnswer } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/revoke-invitation";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

/** Ends an open invitation: its link no longer works. */
export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const revoked = await context.get(servicesContext).accounts.revokeInvitation(params.id, admin.id);
  return revoked
    ? buttonAnswer({ ok: true })
    : buttonAnswer({ ok: false, error: "This invitation was already used, revoked or expired." }, 404);
}
