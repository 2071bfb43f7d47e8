import { z } from "zod";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/require-two-factor";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

const requiredSchema = z.object({ required: z.enum(["true", "false"]) });

/** Whether every admin must sign in with two factors; an Owner turns it on only with their own on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const parsed = requiredSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: 'required must be "true" or "false"' }, 400);
  const result = await context
    .get(servicesContext)
    .accounts.setTwoFactorRequired({ required: parsed.data.required === "true", actorId: admin.id });
  if (!result.ok) return buttonAnswer({ ok: false, error: "Turn on your own two-factor sign-in first (under Security)." }, 409);
  return buttonAnswer({ ok: true });
}
