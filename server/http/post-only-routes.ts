import type { RequestHandler } from "express";
import { routePath } from "./request-guards";
import type { RouteRules } from "./route-rules";

/**
 * A GET or HEAD to an address that only takes posts (a route with an action and neither a loader nor a page, such
 * as /admin/logout or /admin/announcements: someone opened it in a tab, or a crawler followed it) is answered 405
 * with `Allow: POST`, under any spelling React Router reads as that route (routePath). React Router would say 400
 * "Unexpected Server Error", which reads like a bug.
 */
export function refuseReadsOfPostOnlyRoutes(rules: RouteRules): RequestHandler {
  return (req, res, next) => {
    if ((req.method === "GET" || req.method === "HEAD") && rules.isPostOnly(routePath(req.path))) {
      res.status(405).set("Allow", "POST").type("text/plain").send("Method Not Allowed");
      return;
    }
    next();
  };
}
