import { accountChangeAnswer } from "~/lib/account-change.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/delete";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

/** Removes an account and ends its sessions. */
export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  return accountChangeAnswer(await context.get(servicesContext).accounts.remove({ adminId: params.id, actorId: admin.id }));
}
