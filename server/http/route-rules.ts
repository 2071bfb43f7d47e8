import type { ServerBuild } from "react-router";
import type { RouteHandle } from "#core/route-handle.ts";
import { routePath } from "./request-guards";
import { type BuiltRoute, routeMatcher, routesWithPaths } from "./route-paths";

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
  /** Whether this path is the login's (its handle's `login`). */
  isLogin(path: string): boolean;
  /**
   * Whether this path is an admin page an admin may be sent back to once signed in: in the admin area, with a loader
   * and a page, and not one of the sign-in's own (`signIn`). Anything else (an action, a download, another site) is not
   * a place to return to.
   */
  isAdminPage(path: string): boolean;
}

/** A route's URL path as a pattern: each `:param` one segment, spelled as React Router matches it (routePath). */
function pathPattern(path: string): RegExp {
  const escaped = routePath(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^${escaped.replace(/:[^/]+/g, "[^/]+")}$`);
}

const handleOf = (module: BuiltRoute["module"]): RouteHandle | undefined => module.handle as RouteHandle | undefined;

/** Whether the route or one around it declares `adminArea`. */
function inAdminArea(route: BuiltRoute, routes: ServerBuild["routes"]): boolean {
  if (handleOf(route.module)?.adminArea) return true;
  const parent = route.parentId ? routes[route.parentId] : undefined;
  return parent ? inAdminArea(parent, routes) : false;
}

/** One pattern matching what any of `routes` matches (none: nothing), so a path asked on every request is tested once. */
function anyOf(routes: { pattern: RegExp }[]): RegExp {
  return routes.length === 0 ? /(?!)/ : new RegExp(routes.map(({ pattern }) => `(?:${pattern.source})`).join("|"));
}

export function routeRulesOf(build: ServerBuild): RouteRules {
  const routes = routesWithPaths(build.routes).map(({ route, path }) => ({ route, module: route.module, pattern: pathPattern(path) }));
  const uploads = routes.flatMap(({ module, pattern }) => {
    const maxBytes = handleOf(module)?.uploadMaxBytes;
    return maxBytes === undefined ? [] : [{ pattern, maxBytes }];
  });
  const postOnly = anyOf(routes.filter(({ module }) => typeof module.action === "function" && !module.loader && !module.default));
  const keeping = anyOf(routes.filter(({ module }) => handleOf(module)?.keepsPublicPages === true));
  // A pathless layout answers no address of its own: only the routes beneath it (with a path, or an index) do.
  const inArea = routes.filter(({ route }) => (route.path || route.index) && inAdminArea(route, build.routes));
  const adminArea = anyOf(inArea);
  const adminPages = new Set(
    inArea.filter(({ module }) => module.loader && module.default && !handleOf(module)?.signIn).map(({ route }) => route.id),
  );
  const routeOf = routeMatcher(build.routes);
  const login = anyOf(routes.filter(({ module }) => handleOf(module)?.login));
  return {
    isAdminArea: (path) => adminArea.test(path),
    isAdminPage: (path) => adminPages.has(routeOf(path)?.id ?? ""),
    isLogin: (path) => login.test(path),
    keepsPublicPages: (path) => keeping.test(path),
    uploadMaxBytes: (path) => uploads.find(({ pattern }) => pattern.test(path))?.maxBytes,
    isPostOnly: (path) => postOnly.test(path),
  };
}
