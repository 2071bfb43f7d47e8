import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import { encodingFor, type ReadyPage } from "./page-cache";
import { msSince, type RequestLine } from "./request-log";

export interface CachedPageLaneOptions {
  /** The page cache's page at `path`, when it can be answered now (page-cache.ts, `ready`). */
  ready(path: string, secure: boolean): ReadyPage | undefined;
  /** Express's compiled "trust proxy" setting: whether the peer at this address may say how the visitor connected. */
  trustsProxy(address: string | undefined, hop: number): boolean;
  /** False once shutdown has begun: every answer then ends its connection, which Express's stack says. */
  accepting(): boolean;
  log(line: RequestLine): void;
}

/** Whether the request reached the site over HTTPS, as Express's `req.secure` judges it (X-Forwarded-Proto, trusted). */
function isSecure(req: IncomingMessage, trustsProxy: CachedPageLaneOptions["trustsProxy"]): boolean {
  const direct = "encrypted" in req.socket && req.socket.encrypted === true;
  if (!trustsProxy(req.socket.remoteAddress, 0)) return direct;
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : forwarded) ?? (direct ? "https" : "http");
  return proto.split(",", 1)[0]!.trim() === "https";
}

/**
 * The site's hottest path: a public page the page cache holds, answered from the server's request event before
 * Express sees it (docs/decisions/033-cached-page-lane.md). The answer is the one Express would send, byte for byte:
 * the headers its stack set the first time it sent the page over this kind of connection (security headers, the
 * page's CSP, ETag, Cache-Control, Vary), the same 304, the same encoding, the same request log line. Anything else
 * (another method, a query string, a body, a path spelled otherwise than the cache holds it, a page not yet sent
 * once, shutdown) returns false and goes to Express.
 */
export function cachedPageLane(options: CachedPageLaneOptions) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = process.hrtime.bigint();
    const { method, url = "" } = req;
    if (method !== "GET" && method !== "HEAD") return false;
    const hasBody = req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";
    if (url.includes("?") || hasBody || !options.accepting()) return false;
    const page = options.ready(url, isSecure(req, options.trustsProxy));
    if (!page) return false;

    let status = 200;
    const headers = [...page.headers];
    let body: Buffer | undefined;
    if (fresh(req.headers, { etag: page.etag })) status = 304;
    else {
      const encoding = encodingFor(req);
      body = page.body[encoding];
      if (encoding !== "identity") headers.push("Content-Encoding", encoding);
      headers.push("Content-Length", String(body.length));
    }
    res.writeHead(status, headers).end(method === "HEAD" ? undefined : body);
    options.log({ requestId: crypto.randomUUID(), method, path: url, status, ms: msSince(started) });
    return true;
  };
}
