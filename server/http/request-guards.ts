import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** React Router's data requests name the route with a `.data` suffix (`/admin.data`, `/_root.data`). */
export function routePath(path: string): string {
  const stripped = path.replace(/\.data$/, "");
  return stripped === "/_root" ? "/" : stripped || "/";
}

/**
 * Refuses writes a browser sends on behalf of another site: an `Origin` that is not this site's, or
 * `Sec-Fetch-Site: cross-site`. Requests without either header (curl, the tests' fetch) are not a browser
 * riding on the admin's cookie, so they pass; the session check still applies to them.
 */
export function refuseCrossSiteWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const hostOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
    const foreignOrigin = origin !== undefined && origin !== publicOrigin && origin !== hostOrigin;
    if (foreignOrigin || fetchSite === "cross-site") {
      res.status(403).json({ error: "Cross-site request refused" });
      req.resume(); // read and drop the body, so the client sees the answer instead of a broken pipe
      return;
    }
    next();
  };
}

export interface BodyLimit {
  /** Matches the route path (without React Router's `.data` suffix). */
  path: RegExp;
  maxBytes: number;
}

/**
 * Caps request bodies before anything parses them (`request.formData()` has no limit of its own and would
 * buffer whatever arrives). The first matching limit applies, else `defaultMaxBytes`. A body over its cap
 * answers 413 without being read or stored; so does a write without Content-Length (411), since its size is
 * unknown until it has been read. Node's HTTP parser never delivers more bytes than Content-Length says.
 */
export function limitRequestBodies(limits: BodyLimit[], defaultMaxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const path = routePath(req.path);
    const maxBytes = limits.find((limit) => limit.path.test(path))?.maxBytes ?? defaultMaxBytes;
    const declared = req.get("content-length");
    const chunked = req.get("transfer-encoding") !== undefined;
    if (declared === undefined && chunked) {
      res.set("Connection", "close").status(411).json({ error: "Content-Length required" });
      req.resume();
      return;
    }
    const length = Number(declared ?? 0);
    if (!Number.isFinite(length) || length > maxBytes) {
      res.status(413).json({ error: `The request is too large (at most ${Math.floor(maxBytes / 1024)} KB)` });
      // Drop the body as it arrives (the server's request timeout bounds how long): nothing is buffered or
      // written to disk, and the client reads the 413 instead of a broken pipe.
      req.resume();
      return;
    }
    next();
  };
}

/**
 * An action may answer before it reads the body (no session, a refused field), and React Router's adapter has
 * then already taken the first chunk and paused the rest. Left like that, the rest of the body stays on the wire
 * and the client sees its connection reset instead of the answer (an admin whose session ended mid-upload would
 * get a network error, not "Your session has expired"). Once the answer is sent, the rest is read and dropped;
 * the body caps above bound how much.
 */
export const drainUnreadBodies: RequestHandler = (req, res, next) => {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};

/** Admin pages and answers are never kept by a browser or a proxy. */
export function noStore(pattern: RegExp): RequestHandler {
  return (req, res, next) => {
    if (pattern.test(routePath(req.path))) res.set("Cache-Control", "no-store");
    next();
  };
}
