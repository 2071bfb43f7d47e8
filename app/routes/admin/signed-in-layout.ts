import { adminGuard } from "#app/lib/admin-guards.server.ts";
import type { Route } from "./+types/signed-in-layout";

/**
 * Every admin route beneath (app/routes.ts) answers only a live session whose sign-in is complete; its loaders and
 * actions find the admin in `context.get(adminContext)`. Without one, nothing beneath runs (see requireAdmin for the answers).
 */
export const middleware: Route.MiddlewareFunction[] = [adminGuard()];
