import type { RequestListener } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { PASSWORD_HASHING_CONCURRENCY } from "../auth/password.server";
import type { DatabaseHandle } from "../db/database";
import { CONTENT_IMAGES_URL, GENERATED_IMAGES_DIR } from "../images/content-image-manifest";
import { CONTENT_DIR } from "../content/load-site";
import { UPLOADS_URL } from "../services/image-store";
import { isSafeKey, type StoredFile } from "../storage/storage";
import { PUBLIC_PAGES } from "../../app/lib/public-pages";
import { ANNOUNCEMENT_UPLOAD_MAX_BYTES, FORM_MAX_BYTES } from "../../app/schemas/limits";
import { invalidateOnAdminWrites, keptPageLane } from "./cached-pages";
import { isSecureRequest, recordDocumentHeaders } from "./document-headers";
import { htmlCache } from "./html-cache";
import { checkReadiness, type Readiness } from "./readiness";
import { postOnlyPaths, refuseReadsOfPostOnlyRoutes } from "./post-only-routes";
import { pageRenderer } from "./render-page";
import type { ServerContext } from "./load-context";
import { drainUnreadBodies, limitConcurrentLogins, limitRequestBodies, noStore, refuseCrossSiteWrites } from "./request-guards";
import { requestLog } from "./request-log";
import { assignCspNonce, securityHeaders } from "./security-headers";

/** /admin, /admin-announcement and everything under /admin/. */
const ADMIN_PATHS = /^\/admin(-announcement)?(\/|$)/;

const ONE_YEAR_SECONDS = 31_536_000;
/**
 * Uploads are re-encoded images, but should one ever be opened on its own as something else, it may load and run
 * nothing, and sits in a sandbox (an opaque origin, no scripts, no forms).
 */
const UPLOAD_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";
const IMMUTABLE = `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
/** Seconds a client should wait before asking again for an image while the image store is down. */
const STORAGE_RETRY_AFTER_SECONDS = 30;

export interface HttpAppOptions {
  context: ServerContext;
  database: DatabaseHandle;
  readiness: Readiness;
  development: boolean;
  /** The built server (production) or a loader for it (development, through Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middlewares in development; static files from build/client in production. */
  assets: RequestHandler;
  /** Express's "trust proxy" setting (TRUST_PROXY). */
  trustProxy?: boolean | number | string;
  /** Seconds a cached public page is served before the database is asked whether it changed (HTML_CACHE_SECONDS). */
  htmlCacheSeconds?: number;
}

/**
 * The site's request listener: the kept public pages are answered in front of Express (production only, see
 * cached-pages.ts), everything else by the Express app.
 */
export function createHttpApp(options: HttpAppOptions): RequestListener {
  const { context, database, readiness } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", options.trustProxy ?? false);
  // Once shutdown has begun, every answer ends its connection, so keep-alive clients move to another instance
  // instead of holding this one open.
  app.use((_req, res, next) => {
    if (!readiness.accepting) res.set("Connection", "close");
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    const result = await checkReadiness(readiness, database, context.storage);
    res.set("Cache-Control", "no-store").status(result.ready ? 200 : 503).json(result);
  });

  app.use(requestLog(context.logger));
  const pageHeaders = [
    assignCspNonce,
    ...securityHeaders({ https: context.publicUrl.startsWith("https://"), development: options.development, trustProxy: options.trustProxy ?? false }),
  ];
  // Production only, on the build: in development Vite rebuilds the routes on every change, and pages must follow.
  const pageCache =
    typeof options.build !== "function" && options.htmlCacheSeconds !== undefined
      ? htmlCache({
          render: pageRenderer(options.build, context),
          version: () => context.repos.publicContent.version(),
          checkIntervalMs: options.htmlCacheSeconds * 1000,
        })
      : undefined;
  // Before anything else touches a login: one is handled only while an argon2 slot is free for it, and the rest of a
  // flood is turned away for a fraction of a millisecond each (see limitConcurrentLogins).
  app.use(limitConcurrentLogins("/admin/login", PASSWORD_HASHING_CONCURRENCY, context.logger));
  app.use(compression());
  // Files (photos, scripts, uploads) get only the headers that matter for a file; the document headers (CSP and
  // the rest) are sent with pages below. That is ~600 bytes less on each of the 20-odd files a page loads.
  app.use(fileHeaders);

  app.use(CONTENT_IMAGES_URL, express.static(GENERATED_IMAGES_DIR, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false, fallthrough: false }));
  app.use("/media", express.static(path.join(CONTENT_DIR, "video"), { maxAge: "1d", index: false, fallthrough: false }));
  // Uploaded images, from local files or the bucket alike: the same headers either way.
  app.get(`${UPLOADS_URL}/*key`, async (req, res, next) => {
    try {
      const key = (req.params as { key: string[] }).key.join("/");
      const file = isSafeKey(key) ? await readUpload(context, key) : undefined;
      if (file === "unavailable") {
        // Not a 404: nothing may remember that the image is gone while the store is only down.
        res.status(503).set({ "Cache-Control": "no-store", "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) }).type("text/plain").send("Image store unavailable");
        return;
      }
      if (!file) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      // With an ETag already set, Express does not hash the bytes for one, and still answers 304 when it matches.
      if (file.etag) res.set("ETag", file.etag);
      res.set({ "Content-Type": file.contentType, "Cache-Control": IMMUTABLE, "Content-Security-Policy": UPLOAD_CSP }).send(file.body);
    } catch (error) {
      next(error);
    }
  });

  app.use(options.assets);

  app.use(pageHeaders);

  // In front of React Router: nothing below parses a body that is cross-site or over its cap.
  app.use(refuseCrossSiteWrites(context.publicUrl, context.logger));
  app.use(limitRequestBodies([{ path: /^\/admin\/announcements$/, maxBytes: ANNOUNCEMENT_UPLOAD_MAX_BYTES }], FORM_MAX_BYTES, context.logger));
  app.use(drainUnreadBodies);
  app.use(noStore(ADMIN_PATHS));
  if (typeof options.build !== "function") app.use(refuseReadsOfPostOnlyRoutes(postOnlyPaths(options.build)));
  if (pageCache) app.use(invalidateOnAdminWrites(pageCache, ADMIN_PATHS));

  app.all(
    "/{*path}",
    createRequestHandler({
      build: options.build,
      mode: options.development ? "development" : "production",
      getLoadContext: (req, res) => ({
        ...context,
        // Every line a route logs carries the request's id, as the request line does (method, path, status).
        logger: context.logger.child({ requestId: res.locals.requestId as string }),
        cspNonce: res.locals.cspNonce as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        renderFlags: { partial: false },
      }),
    }),
  );

  app.use(errorHandler(context));
  if (!pageCache) return app;
  const trust = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const keptPages = keptPageLane({
    cache: pageCache,
    paths: PUBLIC_PAGES,
    logger: context.logger,
    headers: recordDocumentHeaders([fileHeaders, ...pageHeaders]),
    isSecure: (req) => isSecureRequest(req, trust),
    accepting: () => readiness.accepting,
  });
  return (req, res) => {
    if (!keptPages(req, res, () => app(req, res))) app(req, res);
  };
}

/** An uploaded file; "unavailable" when the storage failed (logged here with its reason). */
async function readUpload(context: ServerContext, key: string): Promise<StoredFile | undefined | "unavailable"> {
  try {
    return await context.storage.get(key);
  } catch (error) {
    context.logger.warn({ err: error instanceof Error ? error.message : String(error) }, "uploaded image could not be read");
    return "unavailable";
  }
}

/** What every response carries, files included: no MIME sniffing, and no embedding by other sites. */
const fileHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
};

/** Static files of the production build: fingerprinted assets forever, the rest for an hour. */
export function productionAssets(clientDir: string): RequestHandler {
  const router = express.Router();
  router.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
  // Files copied from public/ at build time. Only a path with an extension can name one: a page's path never
  // costs a file-system lookup (that stat was the largest fixed cost of a cached page).
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  router.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  return router;
}

function errorHandler(context: ServerContext): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      context.logger.error({ requestId: res.locals.requestId, path: req.path, err: error instanceof Error ? error.message : String(error) }, "request failed");
    }
    if (res.headersSent) return;
    res.status(status).type("text/plain").send(status === 404 ? "Not found" : status < 500 ? "Bad request" : "Something went wrong");
  };
}
