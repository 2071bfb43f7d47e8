import { z } from "zod";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/require-two-factor";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

const requiredSchema = z.object({ required: z.enum(["true", "false"]) });

/** Whether every admin must sign in with two factors; an Owner turns it on only with their own on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  const parsed = requiredSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return buttonAnswer({ ok: false, error: 'required must be "true" or "false"' }, 400);
  const result = await context
    .get(servicesContext)
    .accounts.setTwoFactorRequired({ required: parsed.data.required === "true", actorId: admin.id });
  if (!result.ok) return buttonAnswer({ ok: false, error: "Turn on your own two-factor sign-in first (under Security)." }, 409);
  return buttonAnswer({ ok: true });
}
