import { adminGuard } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/owners-layout";

/** Inside the signed-in layout: the routes beneath are an Owner's, and an Editor gets 403 there. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ ownersOnly: true })];
