import { buttonAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/revoke-invitation";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Ends an open invitation: its link no longer works. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  const revoked = await context.get(servicesContext).accounts.revokeInvitation(params.id, admin.id);
  return revoked
    ? buttonAnswer({ ok: true })
    : buttonAnswer({ ok: false, error: "This invitation was already used, revoked or expired." }, 404);
}
