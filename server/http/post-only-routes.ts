import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { routesWithPaths } from "./route-paths";

/**
 * The routes that only take posts (an action, and neither a loader nor a page: /join, /contact, /admin/login...),
 * read from the build, as patterns on the request path.
 */
export function postOnlyPaths(build: ServerBuild): RegExp[] {
  return routesWithPaths(build.routes)
    .filter(({ route: { module } }) => typeof module.action === "function" && !module.loader && !module.default)
    .map(({ path }) => {
      const pattern = path
        .split("/")
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      return new RegExp(`^${pattern}$`);
    });
}

/**
 * A GET or HEAD to an address that only takes posts (someone opened /join in a tab, or a crawler followed it) is
 * answered 405 with `Allow: POST`. React Router would say 400 "Unexpected Server Error", which reads like a bug.
 */
export function refuseReadsOfPostOnlyRoutes(paths: RegExp[]): RequestHandler {
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && paths.some((pattern) => pattern.test(req.path))) {
      res.status(405).set("Allow", "POST").type("text/plain").send("Method Not Allowed");
      return;
    }
    next();
  };
}
