import type { IncomingMessage, ServerResponse } from "node:http";
import accepts from "accepts";
import type { RequestHandler } from "express";
import fresh from "fresh";
import type { Logger } from "../logger";
import type { DocumentHeaders } from "./document-headers";
import { gzipWith } from "./gzip-pieces";
import type { CachedPage, HtmlCache } from "./html-cache";
import { millisecondsSince, newRequestId, requestLineWriter } from "./request-log";
import { newCspNonce } from "./security-headers";

export interface KeptPageLaneOptions {
  cache: HtmlCache;
  /** The paths of the kept pages (PUBLIC_PAGES). */
  paths: readonly string[];
  logger: Logger;
  /** The document headers (nonce, security headers) for an answer over HTTPS, and for one over plain HTTP. */
  headers: { secure: DocumentHeaders; plain: DocumentHeaders };
  /** Whether the request reached the site over HTTPS, as Express reads it (isSecureRequest with TRUST_PROXY). */
  isSecure(req: IncomingMessage): boolean;
  /** False once shutdown has begun: those answers close their connection, which the full app takes care of. */
  accepting(): boolean;
}

/**
 * Takes a request for a kept page, or returns false; a request it took and could not answer goes to `passOn`.
 * `passOn` is the whole Express app.
 */
export type KeptPageLane = (req: IncomingMessage, res: ServerResponse, passOn: () => void) => boolean;

/**
 * Serves the public pages from the HTML cache, in front of Express: GET and HEAD of exactly these paths, without a
 * query string (the home page reads one after a contact form posted without JavaScript) and without a body. The
 * answer is the kept page with the document headers recorded from the same middlewares every other page passes
 * (document-headers.ts), its ETag, and its own nonce; the request is logged as Express logs every other one.
 * Anything else, and any failure of the cache (the database cannot be read, say), goes to Express and React Router,
 * which answer as they always do.
 *
 * Why in front of Express: a kept page needs none of what Express does per request (routing through two dozen
 * layers, its request and response helpers, helmet building the same headers again), and that was most of the
 * server's time per page: ADR 015.
 */
export function keptPageLane(options: KeptPageLaneOptions): KeptPageLane {
  const { cache, logger } = options;
  const kept = new Set(options.paths);
  const takesGzip = acceptEncodingReader();
  const logRequest = requestLineWriter(logger);

  const isKeptPageRequest = (req: IncomingMessage) =>
    (req.method === "GET" || req.method === "HEAD") &&
    kept.has(req.url ?? "") &&
    req.headers["content-length"] === undefined &&
    req.headers["transfer-encoding"] === undefined;

  async function serve(req: IncomingMessage, res: ServerResponse, passOn: () => void) {
    const started = process.hrtime.bigint();
    let page: CachedPage;
    try {
      page = await cache.page(req.url!);
    } catch (error) {
      // React Router renders the page instead, and logs whatever fails there once.
      logger.debug({ err: error instanceof Error ? error.message : String(error) }, "page cache passed a request on");
      passOn();
      return;
    }
    const status = answer(req, res, page);
    logRequest({ requestId: newRequestId(), method: req.method!, path: req.url!, status, ms: millisecondsSince(started) });
  }

  /** Writes the kept page, or a 304 for it, with this response's own nonce; returns the status sent. */
  function answer(req: IncomingMessage, res: ServerResponse, page: CachedPage): number {
    const nonce = newCspNonce();
    const documentHeaders = (options.isSecure(req) ? options.headers.secure : options.headers.plain)(nonce);
    const { vary, ...ownHeaders } = page.headers;
    const pageHeaders = Object.entries(ownHeaders).flat();
    if (page.cacheable) {
      pageHeaders.push("ETag", page.etag, "Cache-Control", "no-cache");
      if (fresh(req.headers, { etag: page.etag })) {
        // The browser keeps the page it has, whose scripts carry the nonce of the response that brought it. A new
        // policy here would replace the one stored with that page and block its scripts, so none is sent.
        res.writeHead(304, [...withoutPolicy(documentHeaders), ...pageHeaders]);
        res.end();
        return 304;
      }
    }
    pageHeaders.push("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    const nonceBytes = Buffer.from(nonce);
    let body: Buffer[];
    if (takesGzip(req.headers["accept-encoding"])) {
      pageHeaders.push("Content-Encoding", "gzip");
      body = gzipWith(page.gzip, nonceBytes);
    } else {
      body = page.bodyParts.flatMap((part, index) => (index > 0 ? [nonceBytes, part] : [part]));
    }
    pageHeaders.push("Content-Length", String(body.reduce((sum, part) => sum + part.length, 0)));
    res.writeHead(page.status, [...documentHeaders, ...pageHeaders]);
    if (req.method === "HEAD") res.end();
    else send(res, body);
    return page.status;
  }

  return (req, res, passOn) => {
    if (!isKeptPageRequest(req) || !options.accepting()) return false;
    serve(req, res, passOn).catch((error: unknown) => {
      logger.error({ path: req.url, err: error instanceof Error ? error.message : String(error) }, "request failed");
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "text/plain" }).end("Something went wrong");
    });
    return true;
  };
}

function withoutPolicy(flat: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < flat.length; index += 2) {
    if (flat[index]!.toLowerCase() !== "content-security-policy") out.push(flat[index]!, flat[index + 1]!);
  }
  return out;
}

/** Buffers written in one go: the response is corked meanwhile, so they leave in as few packets as they fit. */
function send(res: ServerResponse, body: Buffer[]) {
  res.cork();
  for (const part of body) res.write(part);
  res.end();
  process.nextTick(() => res.uncork());
}

/**
 * Whether an Accept-Encoding takes gzip, read as Express reads it (`accepts`, q-values included). Browsers send a
 * handful of distinct values, so each is read once and remembered (a bounded number of them).
 */
function acceptEncodingReader(): (header: string | undefined) => boolean {
  const known = new Map<string, boolean>();
  return (header = "") => {
    let answer = known.get(header);
    if (answer === undefined) {
      answer = accepts({ headers: { "accept-encoding": header } } as IncomingMessage).encoding(["gzip"]) === "gzip";
      if (known.size >= 100) known.clear();
      known.set(header, answer);
    }
    return answer;
  };
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
