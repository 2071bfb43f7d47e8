import type { ServerBuild } from "react-router";

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
