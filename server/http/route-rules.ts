import type { ServerBuild } from "react-router";
import type { RouteHandle } from "#core/route-handle.ts";
import { routePath } from "./request-guards";
import { type BuiltRoute, routesWithPaths } from "./route-paths";

/** What Express must know of the app's routes before React Router reads a request, from the built route manifest. */
export interface RouteRules {
  /** The body cap of a post to this (normal) path when its route takes uploads (its handle's `uploadMaxBytes`). */
  uploadMaxBytes(path: string): number | undefined;
  /** Whether this path's route only takes posts: an action, and neither a loader nor a page. */
  isPostOnly(path: string): boolean;
  /** Whether posts to this path leave the public pages as they are (its handle's `keepsPublicPages`). */
  keepsPublicPages(path: string): boolean;
  /** Whether this path is a page or an action of the admin area (its route or one around it declares `adminArea`). */
  isAdminArea(path: string): boolean;
}

/** A route's URL path as a pattern: each `:param` one segment, spelled as React Router matches it (routePath). */
function pathPattern(path: string): RegExp {
  const escaped = routePath(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/:[^/]+/g, "[^/]+")}$`);
}

const handleOf = (route: BuiltRoute): RouteHandle | undefined => route.module.handle as RouteHandle | undefined;

/** Whether the route or one around it declares `adminArea`. */
function inAdminArea(route: BuiltRoute, routes: ServerBuild["routes"]): boolean {
  if (handleOf(route)?.adminArea) return true;
  const parent = route.parentId ? routes[route.parentId] : undefined;
  return parent ? inAdminArea(parent, routes) : false;
}

/** One pattern matching what any of `patterns` matches (none: nothing), so a path asked on every request is tested once. */
function anyOf(patterns: RegExp[]): RegExp {
  return patterns.length === 0 ? /(?!)/ : new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"));
}

export function routeRulesOf(build: ServerBuild): RouteRules {
  const routes = routesWithPaths(build.routes).map(({ route, path }) => ({ route, module: route.module, pattern: pathPattern(path) }));
  const uploads = routes.flatMap(({ module, pattern }) => {
    const maxBytes = (module.handle as RouteHandle | undefined)?.uploadMaxBytes;
    return maxBytes === undefined ? [] : [{ pattern, maxBytes }];
  });
  const postOnly = anyOf(
    routes.filter(({ module }) => typeof module.action === "function" && !module.loader && !module.default).map(({ pattern }) => pattern),
  );
  const keeping = anyOf(
    routes.filter(({ module }) => (module.handle as RouteHandle | undefined)?.keepsPublicPages === true).map(({ pattern }) => pattern),
  );
  // A pathless layout answers no address of its own: only the routes beneath it (with a path, or an index) do.
  const adminArea = anyOf(
    routes.filter(({ route }) => (route.path || route.index) && inAdminArea(route, build.routes)).map(({ pattern }) => pattern),
  );
  return {
    isAdminArea: (path) => adminArea.test(path),
    keepsPublicPages: (path) => keeping.test(path),
    uploadMaxBytes: (path) => uploads.find(({ pattern }) => pattern.test(path))?.maxBytes,
    isPostOnly: (path) => postOnly.test(path),
  };
}
