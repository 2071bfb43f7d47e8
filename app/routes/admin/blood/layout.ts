import { adminGuard } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/layout";

/** Inside the signed-in layout: the Blood section is for Owners and blood coordinators; anyone else gets 403 there. */
export const middleware: Route.MiddlewareFunction[] = [adminGuard({ bloodCoordinators: true })];
