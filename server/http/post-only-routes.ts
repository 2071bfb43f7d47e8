import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { routePath } from "./request-guards";
import { routesWithPaths } from "./route-paths";

/**
 * A GET or HEAD to an address that only takes posts (a route with an action and neither a loader nor a page, such
 * as /admin/logout or /admin/announcements: someone opened it in a tab, or a crawler followed it) is answered 405
 * with `Allow: POST`, under any spelling React Router reads as that route (routePath). React Router would say 400
 * "Unexpected Server Error", which reads like a bug.
 */
export function refuseReadsOfPostOnlyRoutes(build: ServerBuild): RequestHandler {
  const postOnly = routesWithPaths(build.routes)
    .filter(({ route: { module } }) => typeof module.action === "function" && !module.loader && !module.default)
    .map(
      ({ path }) =>
        new RegExp(
          `^${routePath(path)
            .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
            .replace(/:[^/]+/g, "[^/]+")}$`,
        ),
    );
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && postOnly.some((pattern) => pattern.test(routePath(req.path)))) {
      res.status(405).set("Allow", "POST").type("text/plain").send("Method Not Allowed");
      return;
    }
    next();
  };
}
