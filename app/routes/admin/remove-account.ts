import { accountChangeAnswer } from "~/lib/account-change.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/remove-account";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Removes an account and ends its sessions. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  return accountChangeAnswer(await context.get(servicesContext).accounts.remove({ adminId: params.id, actorId: admin.id }));
}
