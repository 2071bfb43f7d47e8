import { z } from "zod";
import { accountChangeAnswer } from "~/lib/account-change.server";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/set-access";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

const accessSchema = z.object({ disabled: z.enum(["true", "false"]) });

/** Disables an account (its sessions end at once) or enables it again. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const parsed = accessSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: 'disabled must be "true" or "false"' }, 400);
  const disabled = parsed.data.disabled === "true";
  return accountChangeAnswer(await context.get(servicesContext).accounts.setDisabled({ adminId: params.id, disabled, actorId: admin.id }));
}
