import { PLAIN_ANSWERS } from "#core/messages/common.ts";
import type { RequestListener } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import expressStaticGzip from "express-static-gzip";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createRequestHandler as createPageRenderer, type ServerBuild } from "react-router";
import { PASSWORD_HASHING_CONCURRENCY } from "#server/auth/password.server.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import { isDatabaseUnavailable } from "#server/db/database-errors.ts";
import { UPLOADS_URL } from "#server/services/image-store.ts";
import { MEDIA_URL } from "#server/services/video-store.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { isPublicPage, OFFLINE_PAGE, URDU_OFFLINE_PAGE } from "#core/public-pages.ts";
import { FORM_MAX_BYTES } from "#core/schemas/limits.ts";
import { storedMedia, uploadedImages } from "./media-files";
import { pageCache } from "./page-cache";
import { type RequestScope, requestContextOf, routerContextsOf } from "./load-context";
import { routeRulesOf } from "./route-rules";
import { checkReadiness, type Readiness, readinessProbe } from "./readiness";
import type { Config } from "#server/config.ts";
import type { Logger } from "#server/logger.ts";
import type { Services } from "#server/services/index.ts";
import {
  drainUnreadBodies,
  limitConcurrentLogins,
  limitRequestBodies,
  type Lookup,
  normalPaths,
  noStore,
  routePath,
  refuseCrossSiteWrites,
  refuseReadsOfPostOnlyRoutes,
  uploadsInTurn,
} from "./request-guards";
import { withClientAddress } from "#server/client-address-scope.ts";
import { requestLines, requestLog } from "./request-log";
import { cachedPageLane } from "./cached-page-lane";
import { documentPolicy, securityHeaders } from "./security-headers";
import { errorMessage } from "#core/errors.ts";

const ONE_YEAR_SECONDS = 31_536_000;

export interface HttpAppOptions {
  services: Services;
  logger: Logger;
  /** Where uploaded images are read from (/uploads/...). */
  storage: FileStorage;
  /** The settings the app reads (each is documented in server/config.ts). */
  config: Pick<Config, "publicUrl" | "writeOrigins" | "trustProxy" | "pageCacheSeconds" | "readinessCheckSeconds">;
  database: DatabaseHandle;
  readiness: Readiness;
  development: boolean;
  /** The built server (production) or a loader for it (development, through Vite). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middlewares in development; static files from build/client in production. */
  assets: RequestHandler;
}

/** The site's request listener: files, uploads, the page cache, then React Router. */
export function createHttpApp(options: HttpAppOptions): RequestListener {
  const { services, logger, storage, config, database, readiness } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // Once shutdown has begun, every answer ends its connection, so keep-alive clients move to another instance
  // instead of holding this one open.
  app.use((_req, res, next) => {
    if (!readiness.accepting) res.set("Connection", "close");
    next();
  });

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  const ready = readinessProbe(readiness, () => checkReadiness(readiness, database, storage), logger, {
    checkEveryMs: config.readinessCheckSeconds * 1000,
  });
  app.get("/readyz", async (_req, res) => {
    const isReady = await ready();
    res
      .set("Cache-Control", "no-store")
      .status(isReady ? 200 : 503)
      .json({ status: isReady ? "ready" : "not ready" });
  });

  const logRequest = requestLines(logger);
  app.use(requestLog(logRequest));
  // Before anything reads the path: every rule below sees it as React Router will (normalPaths).
  app.use(normalPaths);
  // The address the audit log keeps a keyed hash of the network of (server/repos/audit-log.ts).
  app.use((req, _res, next) => withClientAddress(req.ip ?? "", next));
  const https = config.publicUrl.startsWith("https://");
  // In development Vite's client needs inline scripts and a websocket, so pages carry no policy there.
  const scopeOf = (renderFlags: { partial: boolean }, clientIp: string, dataRequest = false): RequestScope => ({
    logger,
    clientIp,
    dataRequest,
    renderFlags,
    documentPolicy: (scripts) => (options.development ? undefined : documentPolicy(scripts, { https })),
    isDatabaseUnavailable,
    isAdminPage: async (path) => rules.isAdminPage(routePath(path)),
  });
  // In production the build is given once; in development Vite gives it anew as routes change, and what is read from it follows.
  const { build } = options;
  const currentBuild: () => Promise<ServerBuild> = typeof build === "function" ? build : async () => build;
  const builtApp =
    typeof build !== "function"
      ? { render: createPageRenderer(build, "production"), contexts: routerContextsOf(build), rules: routeRulesOf(build) }
      : undefined;
  const rules: Record<"isAdminArea" | "isAdminPage" | "isLogin", Lookup<boolean>> & { uploadMaxBytes: Lookup<number | undefined> } =
    builtApp?.rules ?? {
      uploadMaxBytes: async (path) => routeRulesOf(await currentBuild()).uploadMaxBytes(path),
      isAdminArea: async (path) => routeRulesOf(await currentBuild()).isAdminArea(path),
      isAdminPage: async (path) => routeRulesOf(await currentBuild()).isAdminPage(path),
      isLogin: async (path) => routeRulesOf(await currentBuild()).isLogin(path),
    };
  // Production only, on the build: in development Vite rebuilds the routes on every change, and pages must follow.
  const cache = builtApp
    ? pageCache({
        isCached: (url) => isPublicPage(url) || url === OFFLINE_PAGE || url === URDU_OFFLINE_PAGE,
        publicUrl: config.publicUrl,
        render: (request, renderFlags) =>
          builtApp.render(request, requestContextOf(builtApp.contexts, services, scopeOf(renderFlags, "page-cache"))),
        version: () => services.publicContentVersion(),
        checkIntervalMs: config.pageCacheSeconds * 1000,
      })
    : undefined;
  // Before anything else touches a login: one is handled only while an argon2 slot is free for it, and the rest of a
  // flood is turned away for a fraction of a millisecond each (see limitConcurrentLogins).
  app.use(limitConcurrentLogins(rules.isLogin, PASSWORD_HASHING_CONCURRENCY, logger));
  app.use(compression());
  // Files (photos, scripts, uploads) get only the headers that matter for a file; pages get the security headers below.
  app.use(fileHeaders);

  app.get(`${MEDIA_URL}/*key`, storedMedia(storage, logger));
  app.get(`${UPLOADS_URL}/*key`, uploadedImages(storage, logger));

  app.use(options.assets);

  app.use(securityHeaders({ https, trustProxy: config.trustProxy }));
  if (cache) app.use(cache.serve);

  // In front of React Router: nothing below parses a body that is cross-site or over its cap.
  app.use(refuseCrossSiteWrites(config.writeOrigins, logger));
  app.use(limitRequestBodies(rules.uploadMaxBytes, FORM_MAX_BYTES, logger));
  // One body read while one photo is encoded (storeImage encodes one at a time); a video's parts take turns with them.
  app.use(uploadsInTurn(rules.uploadMaxBytes, 2));
  app.use(drainUnreadBodies);
  app.use(noStore(rules.isAdminArea));
  if (builtApp) app.use(refuseReadsOfPostOnlyRoutes(builtApp.rules.isPostOnly));
  // Admin posts may change the public pages; the sign-in's, which anyone may send, do not, and must not cost a render.
  if (cache && builtApp) {
    const { isAdminArea, keepsPublicPages } = builtApp.rules;
    const mayChangePublicPages = (path: string) => {
      const route = routePath(path);
      return isAdminArea(route) && !keepsPublicPages(route);
    };
    app.use(cache.invalidateOnWrites(mayChangePublicPages));
  }

  app.all(
    "/{*path}",
    createRequestHandler({
      build: options.build,
      mode: options.development ? "development" : "production",
      getLoadContext: (req) => {
        const scope = scopeOf({ partial: false }, req.ip ?? req.socket.remoteAddress ?? "unknown", req.path.endsWith(".data"));
        if (builtApp) return requestContextOf(builtApp.contexts, services, scope);
        return currentBuild().then((build) => requestContextOf(routerContextsOf(build), services, scope));
      },
    }),
  );

  app.use(errorHandler(logger));
  if (!cache) return app;
  // A cached public page skips Express: the lane sends what Express sent it with, and everything else goes on to it.
  const trustProxy = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  const lane = cachedPageLane({ ready: cache.ready, trustsProxy: trustProxy, accepting: () => readiness.accepting, log: logRequest });
  return (req, res) => {
    if (!lane(req, res)) app(req, res);
  };
}

/** What every response carries, files included: no MIME sniffing, and no embedding by other sites. */
const fileHeaders: RequestHandler = (_req, res, next) => {
  res.set({ "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" });
  next();
};

/**
 * Static files of the production build: fingerprinted assets forever, the rest for an hour. A script or stylesheet goes
 * as the brotli the build made of it (`<file>.br`, scripts/build.ts) to a browser that takes brotli; `compression()`
 * compresses the rest as they are sent.
 */
export function productionAssets(clientDir: string): RequestHandler {
  const router = express.Router();
  router.use(
    "/assets",
    expressStaticGzip(path.join(clientDir, "assets"), {
      enableBrotli: true,
      orderPreference: ["br"],
      index: false,
      serveStatic: { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false },
    }),
  );
  // Files copied from public/ at build time. Only a path with an extension can name one, so a page's path skips
  // the file-system lookup that every cached page would otherwise pay for.
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  router.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  return router;
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: number; statusCode?: number }).status ?? (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) logger.error({ path: req.path, err: errorMessage(error) }, "request failed");
    if (res.headersSent) return;
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? PLAIN_ANSWERS.notFound : status < 500 ? PLAIN_ANSWERS.badRequest : PLAIN_ANSWERS.failed);
  };
}
