import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import type { Logger } from "../logger";
import { gzipWith } from "./gzip-pieces";
import type { HtmlCache } from "./html-cache";

/**
 * Serves the public pages from the HTML cache: GET and HEAD of exactly these paths, without a query string (the
 * home page reads one after a contact form posted without JavaScript) and without a body. Anything else, and any
 * failure of the cache (the database cannot be read, say), goes on to the rest of the app and React Router, which
 * answer as they always do.
 *
 * Mounted first, right after the request log: a kept page needs only the document headers (`documentHeaders`: the
 * nonce and the security headers, the same middlewares every other page gets), not the body limits, static files,
 * compression and route guards a page passes on its way to React Router. Skipping them saved a third of the
 * server's time per cached page in side-by-side runs (ADR 014).
 */
export function cachedPages(cache: HtmlCache, paths: readonly string[], logger: Logger, documentHeaders: RequestHandler[]): Router {
  const cached = new Set(paths);
  const isCachedPageRequest = (req: Request) =>
    (req.method === "GET" || req.method === "HEAD") &&
    cached.has(req.path) &&
    req.originalUrl === req.path &&
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"] === undefined;
  const lane = express.Router();
  lane.use((req, _res, next) => next(isCachedPageRequest(req) ? undefined : "router"), ...documentHeaders, servePage(cache, logger));
  return lane;
}

function servePage(cache: HtmlCache, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    let page;
    try {
      page = await cache.page(req.path);
    } catch (error) {
      // React Router renders the page instead, and logs whatever fails there once.
      logger.debug({ err: error instanceof Error ? error.message : String(error) }, "page cache passed a request on");
      next();
      return;
    }
    res.status(page.status).set(page.headers);
    if (page.cacheable) {
      res.set({ ETag: page.etag, "Cache-Control": "no-cache" });
      if (req.fresh) {
        // The browser keeps the page it has, whose scripts carry the nonce of the response that brought it. A new
        // policy here would replace the one stored with that page and block its scripts, so none is sent.
        res.removeHeader("Content-Security-Policy");
        res.status(304).end();
        return;
      }
    }
    res.vary("Accept-Encoding");
    const nonce = Buffer.from(res.locals.cspNonce as string);
    let body: Buffer[];
    if (req.acceptsEncodings("gzip")) {
      // Compressed once when the page was kept; the compression middleware leaves an encoded answer alone.
      res.setHeader("Content-Encoding", "gzip");
      body = gzipWith(page.gzip, nonce);
    } else {
      body = page.bodyParts.flatMap((part, index) => (index > 0 ? [nonce, part] : [part]));
    }
    send(res, body, req.method === "HEAD");
  };
}

/** Buffers written in one go: the response is corked meanwhile, so they leave in as few packets as they fit. */
function send(res: Response, body: Buffer[], headOnly: boolean) {
  res.setHeader("Content-Length", body.reduce((sum, part) => sum + part.length, 0));
  if (headOnly) {
    res.end();
    return;
  }
  res.cork();
  for (const part of body) res.write(part);
  res.end();
  process.nextTick(() => res.uncork());
}

/**
 * Every write to the admin area may change what the public pages show (announcements, the Join Us switch): the
 * cache is cleared when it arrives and again once it is answered, so no page rendered in between outlives it.
 */
export function invalidateOnAdminWrites(cache: HtmlCache, adminPaths: RegExp): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD" && adminPaths.test(req.path)) {
      cache.invalidate();
      res.on("close", () => cache.invalidate());
    }
    next();
  };
}
