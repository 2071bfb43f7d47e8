/**
 * Starts the site: parse the environment, validate the society's content, open and migrate the database,
 * then serve HTTP. Any problem before listening stops the start with a clear message and exit code 1.
 */
import { keepFilesPrivate } from "./private-files";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { ensureAdmin } from "./auth/admin-bootstrap.server";
import { ConfigError, parseConfig } from "./config";
import { fileURLToPath } from "node:url";
import { importStartingContent } from "./content/import-content";
import { ContentError, OutdatedBuildError } from "./content/load-site";
import { createDatabase, forgetDeletedRows, migrateToLatest } from "./db/database";
import { setAuditKey } from "./repos/audit-log";
import { openSecretsKey, SecretsKeyError } from "./secrets-at-rest";
import { createHttpApp, productionAssets } from "./http/app";
import type { Readiness } from "./http/readiness";
import { ENCODE_CACHE_DIR, encodeCache } from "./images/encode-cache";
import { createLogger } from "./logger";
import { outboxWorker } from "./mail/outbox-worker";
import { pushWorker } from "./push/worker";
import { createMailTransport } from "./mail/transports";
import { createRepos } from "./repos";
import { createServices } from "./services";
import { openStorage } from "./storage/open-storage";
import { memoryCachedStorage } from "./storage/memory-cached-storage";
import { errorMessage } from "#core/errors.ts";

const SHUTDOWN_DEADLINE_MS = 10_000;
/** Orphan images, expired sessions and ended rate-limit windows are cleared this often. */
const HOUSEKEEPING_INTERVAL_MS = 15 * 60 * 1000;
/**
 * The most-read uploaded images stay in memory (a site's announcement photos are a few MB in all). Keep the total
 * small: the server's memory budget is 150 MB (docs/performance.md).
 */
const UPLOADS_KEPT_IN_MEMORY = { maxBytes: 4 * 1024 * 1024, maxFileBytes: 512 * 1024, keepMs: 60_000 };

async function main() {
  const config = parseConfig();
  const logger = createLogger(config.logLevel);
  const development = config.env === "development";

  const notPrivate = keepFilesPrivate(config.dataDir);
  if (notPrivate) logger.warn(notPrivate);
  const database = createDatabase(config.database, { logger });
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) {
    // A migration may drop or rewrite values (network prefixes, the old audit key): the write-ahead log keeps no copy.
    await forgetDeletedRows(database.db);
    logger.info({ migrations: applied }, "database migrated");
  }
  // SECRETS_KEY or DATA_DIR/secrets.key: second-factor secrets are encrypted with it, network codes keyed with it.
  const secrets = await openSecretsKey({ configured: config.secretsKey, dataDir: config.dataDir, db: database.db, logger });
  setAuditKey(database.db, secrets);

  const repos = createRepos(database.db);
  // Creates the admin on the first start: from ADMIN_EMAIL + ADMIN_PASSWORD, else with a one-time password
  // printed once to the console (never to the structured log).
  await ensureAdmin({ repos, admin: config.admin, logger, print: (line) => console.log(line) });

  const storage = memoryCachedStorage(await openStorage(config.storage), UPLOADS_KEPT_IN_MEMORY);
  // /readyz only says yes or no; a store that is unreachable or misconfigured at start gets one line saying why.
  // The site still starts: pages render, and uploads work once the store answers.
  void storage.checkWritable().catch((error: unknown) => {
    logger.warn({ err: errorMessage(error) }, "upload storage is not ready");
  });
  // The first start imports the starting content, content/ (with the photos the build encoded). The production build
  // (build/host/main.js) carries its own copy of content/site.ts: one older than the content stops the start.
  const runningBuild = import.meta.url.endsWith(".js");
  await importStartingContent(
    { db: database.db, storage, logger, encoder: encodeCache(ENCODE_CACHE_DIR, { readOnly: true }) },
    runningBuild ? fileURLToPath(import.meta.url) : undefined,
  );
  const services = createServices({
    db: database.db,
    storage,
    logger,
    publicUrl: config.publicUrl,
    siteTimeZone: config.siteTimeZone,
    dataDir: config.dataDir,
    mail: config.mail,
    secrets,
    wakeMailer: () => worker.wake(),
    wakePusher: () => pusher.wake(),
    vapidSubject: config.push.subject,
  });
  const worker = outboxWorker({
    repo: repos.mailOutbox,
    transport: createMailTransport(config.mail, config.dataDir, logger),
    logger,
    settings: config.mail.outbox,
    notificationAddress: services.mailSettings.notificationAddress,
    forgetWipedLink: () => forgetDeletedRows(database.db),
    certificatePdf: services.certificates.mailablePdf,
  });
  // The VAPID key pair is made on the first start (its private key sealed with the secrets key) and kept.
  await services.pushNotifications.publicKey();
  const pusher = pushWorker({ repos, push: services.pushNotifications, logger, settings: config.push });

  // Each task logs its own failure and is tried again at the next round.
  void services.housekeeping();
  const housekeepingTimer = setInterval(() => void services.housekeeping(), HOUSEKEEPING_INTERVAL_MS).unref();
  const readiness: Readiness = { accepting: true };

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let assets: RequestHandler;
  if (development) {
    const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
    build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    assets = vite.middlewares;
  } else {
    const buildFile = path.resolve("build/server/index.js");
    if (!fs.existsSync(buildFile)) throw new Error(`${buildFile} is missing: run \`npm run build\` (or \`npm start\`, which builds first)`);
    build = (await import(buildFile)) as ServerBuild;
    assets = productionAssets(path.resolve("build/client"));
  }

  const app = createHttpApp({ services, logger, storage, config, database, readiness, development, build, assets });
  // Slow clients are cut off: headers within HTTP_HEADERS_TIMEOUT_MS, the whole request within
  // HTTP_REQUEST_TIMEOUT_MS (408, then the connection closes), idle keep-alive connections after 5 s. Node checks
  // these every connectionsCheckingInterval (30 s unless set), which would let a slow client hold a socket for up to
  // 30 s longer than the limit; once a second keeps the limits as set.
  const server = http.createServer(
    { headersTimeout: config.http.headersTimeoutMs, requestTimeout: config.http.requestTimeoutMs, connectionsCheckingInterval: 1000 },
    app,
  );
  server.keepAliveTimeout = 5_000;
  // once() rejects if "error" comes first (the port is taken).
  await once(server.listen(config.port, config.host), "listening");
  worker.start();
  logger.info({ mailTransport: config.mail.transport.kind }, "mail outbox worker started");
  pusher.start();
  logger.info(
    {
      url: `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`,
      // The address to open: forms and sign-ins are taken only from this origin (refuseCrossSiteWrites).
      publicUrl: config.publicUrl,
      database: config.database.engine,
      dataDir: config.dataDir,
      // Where uploads go; never the keys.
      storage:
        config.storage.kind === "s3"
          ? { kind: "s3", bucket: config.storage.bucket, endpoint: config.storage.endpoint ?? `AWS ${config.storage.region}` }
          : { kind: "fs", dir: config.storage.dir },
    },
    "listening",
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    readiness.accepting = false;
    clearInterval(housekeepingTimer);
    setTimeout(() => {
      logger.error("shutdown deadline passed; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // The outbox and push workers finish the jobs in hand (their leases cover a crash), then the database closes.
    const workerStopped = Promise.all([worker.stop(), pusher.stop()]);
    // During the drain /readyz answers 503 while requests are still served, so a load balancer can take this
    // instance out before its listener closes; then in-flight requests finish and nothing new is accepted.
    setTimeout(() => {
      server.close(async () => {
        await workerStopped;
        await database.close();
        logger.info("stopped");
        process.exit(0);
      });
      server.closeIdleConnections();
    }, config.shutdownDrainMs);
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  const known =
    error instanceof ConfigError ||
    error instanceof ContentError ||
    error instanceof OutdatedBuildError ||
    error instanceof SecretsKeyError;
  console.error(known ? error.message : error instanceof Error ? `Start failed: ${error.message}` : error);
  process.exit(1);
});
