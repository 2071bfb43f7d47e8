import { redirect } from "react-router";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/logout";

/** Ends the session and goes back to the login. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context, { allowPendingPasswordChange: true, allowSecondFactorPending: true, allowTwoFactorSetup: true });
  return redirect("/admin", { headers: { "Set-Cookie": await context.services.auth.logOut(request) } });
}
