import { redirect } from "react-router";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/logout";
import { servicesContext } from "~/context";

/** Ends the session and goes back to the login. */
export async function action({ request, context }: Route.ActionArgs) {
  // Any session may end itself, however far its sign-in got.
  await requireAdmin(request, context, { openFrom: "second-factor" });
  return redirect("/admin", { headers: { "Set-Cookie": await context.get(servicesContext).auth.logOut(request) } });
}
