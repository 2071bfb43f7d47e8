import { accountRoleSchema } from "#core/schemas/accounts";
import { accountChangeAnswer } from "~/lib/account-change.server";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/set-account-role";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  const parsed = accountRoleSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: "Choose Owner or Editor" }, 400);
  return accountChangeAnswer(
    await context.get(servicesContext).accounts.changeRole({ adminId: params.id, role: parsed.data.role, actorId: admin.id }),
  );
}
