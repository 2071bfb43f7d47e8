import { buttonAnswer } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/start-two-factor";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** A new secret to scan (the security page shows it with its QR code); refused while two factors are on. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { openFrom: "two-factor-setup", recentAuthentication: true });
  const setup = await context.get(servicesContext).twoFactor.startSetup(admin);
  return setup ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: "Two-factor sign-in is already on." }, 409);
}
