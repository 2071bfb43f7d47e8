import crypto from "node:crypto";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { RenderedPage } from "./html-cache";
import type { ServerContext } from "./load-context";

/**
 * Pages for the cache are rendered with this stand-in for the CSP nonce, then cut where it appears; each response
 * puts its own nonce there. Random per process: no page content can contain it by chance or by design.
 */
const NONCE_PLACEHOLDER = crypto.randomBytes(18).toString("base64url");

/** Headers that belong to one response's transfer, not to the page. */
const NOT_KEPT = new Set(["content-length", "transfer-encoding", "connection", "date"]);

/**
 * Renders a public page as an anonymous visitor would get it: no cookies, no query string, and the address taken
 * from PUBLIC_URL, never from the request's Host header (a forged Host must not end up in a page served to others).
 */
export function pageRenderer(build: ServerBuild, context: ServerContext): (path: string) => Promise<RenderedPage> {
  const handle = createRequestHandler(build, "production");
  return async (path) => {
    const renderFlags = { partial: false };
    const request = new Request(new URL(path, context.publicUrl), { headers: { accept: "text/html" } });
    const response = await handle(request, {
      ...context,
      logger: context.logger.child({ render: "page cache", path }),
      cspNonce: NONCE_PLACEHOLDER,
      clientIp: "page-cache",
      renderFlags,
    });
    const body = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!NOT_KEPT.has(name)) headers[name] = value;
    });
    return {
      status: response.status,
      headers,
      parts: body.split(NONCE_PLACEHOLDER),
      cacheable: response.status === 200 && !renderFlags.partial && !response.headers.has("set-cookie") && !response.headers.has("cache-control"),
    };
  };
}
