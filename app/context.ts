import { createContext } from "react-router";
import type { ActiveSession } from "#server/auth/sessions.server.ts";
import type { RequestScope, RouterContexts } from "#server/http/load-context.ts";
import type { Services } from "#server/services/index.ts";

/** The services built once at start: `context.get(servicesContext)` in a loader, action or middleware. */
export const servicesContext = createContext<Services>();

/** What belongs to this request: its logger, the client's address, whether it is the app's own data request... */
export const requestContext = createContext<RequestScope>();

/** The signed-in admin and their session, set by the admin guards (app/lib/admin-guards.server.ts) for the routes beneath them. */
export const adminContext = createContext<ActiveSession>();

/** The keys the server sets for every request, exported by entry.server.tsx for it (server/http/load-context.ts). */
export const routerContexts = { services: servicesContext, request: requestContext } satisfies RouterContexts;
