import { accountRoleSchema } from "#core/schemas/accounts";
import { accountChangeAnswer } from "~/lib/account-change.server";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/set-role";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const parsed = accountRoleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: "Choose Owner or Editor" }, 400);
  return accountChangeAnswer(
    await context.get(servicesContext).accounts.changeRole({ adminId: params.id, role: parsed.data.role, actorId: admin.id }),
  );
}
