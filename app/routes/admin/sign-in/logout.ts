import { href, redirect } from "react-router";
import { adminGuard } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/logout";
import { servicesContext } from "#app/context.ts";

/** Open before the sign-in is complete, so outside the admin layouts: it checks the session itself. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ openFrom: "second-factor" })];

/** Ends the session and goes back to the login. */
export async function action({ request, context }: Route.ActionArgs) {
  // Any session may end itself, however far its sign-in got.
  return redirect(href("/admin"), { headers: { "Set-Cookie": await context.get(servicesContext).auth.logOut(request) } });
}
