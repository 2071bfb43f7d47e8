import { accountChangeAnswer } from "~/lib/account-change.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/remove-account";

/** Removes an account and ends its sessions. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  return accountChangeAnswer(await context.services.accounts.remove({ adminId: params.id, actorId: admin.id }));
}
