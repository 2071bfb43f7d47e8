import { type RouterContext, RouterContextProvider, type ServerBuild } from "react-router";
import type { Logger } from "#server/logger.ts";
import type { Services } from "#server/services/index.ts";

/** What belongs to one request, beside the services every request shares. */
export interface RequestScope {
  /** Lines logged through it carry the request's id. */
  logger: Logger;
  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
  /** The app's own request for a route's data or action (`/path.data`), as opposed to a page or another client. */
  dataRequest: boolean;
  /** Set by a loader that drew the page without some of its data (a setting it could not read): such a page is not cached. */
  renderFlags: { partial: boolean };
  /** The Content-Security-Policy of a rendered document, given the inline scripts the server wrote into it; undefined in development. */
  documentPolicy(scripts: readonly string[]): string | undefined;
  /** Whether a loader's error means the database cannot be reached right now (the page answers 503, not 500). */
  isDatabaseUnavailable(error: unknown): boolean;
  /** Whether a path is an admin page to send an admin back to once signed in (server/http/route-rules.ts, `isAdminPage`). */
  isAdminPage(path: string): Promise<boolean>;
}

/**
 * The keys under which the server hands the services and the request's scope to the app's middleware, loaders and
 * actions. The app creates them (app/context.ts) and its server entry exports them as `routerContexts`: a key is
 * matched by identity, and the app and this server are two bundles, so the server takes the app's keys from the
 * build rather than making its own (docs/decisions/032-router-context-from-the-build.md).
 */
export interface RouterContexts {
  services: RouterContext<Services>;
  request: RouterContext<RequestScope>;
}

/** The app's context keys, from its server entry; a build without them is not this app's. */
export function routerContextsOf(build: ServerBuild): RouterContexts {
  const contexts = (build.entry.module as { routerContexts?: RouterContexts }).routerContexts;
  if (!contexts) throw new Error("the app's server entry exports no routerContexts");
  return contexts;
}

/** The context every loader, action and middleware of one request gets. */
export function requestContextOf(contexts: RouterContexts, services: Services, scope: RequestScope): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(contexts.services, services);
  context.set(contexts.request, scope);
  return context;
}
