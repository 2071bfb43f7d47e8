import { buttonAnswer } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { adminGuard } from "~/lib/admin-guards.server";
import type { Route } from "./+types/start-two-factor";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "two-factor-setup", recentAuthentication: true })];

/** A new secret to scan (the security page shows it with its QR code); refused while two factors are on. */
export async function action({ context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const setup = await context.get(servicesContext).twoFactor.startSetup(admin);
  return setup ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: "Two-factor sign-in is already on." }, 409);
}
