import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

export type BuiltRoute = NonNullable<ServerBuild["routes"][string]>;

/** Every route of a build with its full URL path, `:params` left in ("/admin/requests/:id/delete"). */
export function routesWithPaths(routes: ServerBuild["routes"]): { route: BuiltRoute; path: string }[] {
  const fullPath = (route: BuiltRoute): string => {
    const parent = route.parentId ? routes[route.parentId] : undefined;
    const base = parent ? fullPath(parent) : "";
    return route.path ? `${base.replace(/\/$/, "")}/${route.path}` : base || "/";
  };
  return Object.values(routes)
    .filter((route): route is BuiltRoute => route !== undefined)
    .map((route) => ({ route, path: fullPath(route) }));
}

/**
 * The route React Router answers `path` with (the deepest of its matches, ranked as React Router ranks them: a static
 * segment before a `:param`), or undefined when none but the catch-all would.
 */
export function routeMatcher(routes: ServerBuild["routes"]): (path: string) => BuiltRoute | undefined {
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((route): route is BuiltRoute => route !== undefined && route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, children: childrenOf(route.id) }));
  const tree = childrenOf(undefined);
  return (path) => {
    const leaf = matchRoutes(tree, path)?.at(-1)?.route;
    return leaf?.id ? routes[leaf.id] : undefined;
  };
}
