import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Request, RequestHandler, Response } from "express";

/** A page's document headers for one response, flat (name, value, name, value...) as `writeHead` takes them. */
export type DocumentHeaders = (nonce: string) => string[];

/**
 * The headers the document-header middlewares (the nonce, the security headers) set on a page, recorded once, so a
 * kept page goes out with exactly those headers without running the middlewares for every response. The middlewares
 * stay the one place that says what a page's headers are; this only replays what they did.
 *
 * They are run once on a stand-in request and response that record `setHeader` and `removeHeader` (all these
 * middlewares use; a test compares a kept page's headers with a rendered one's). The nonce the first of them assigned
 * is cut out of the recorded values: each response puts its own there. A request's `secure` is the only thing they
 * read from it (HSTS), so there is one recording for each answer.
 */
export function recordDocumentHeaders(middlewares: RequestHandler[]): { secure: DocumentHeaders; plain: DocumentHeaders } {
  return { secure: record(middlewares, true), plain: record(middlewares, false) };
}

function record(middlewares: RequestHandler[], secure: boolean): DocumentHeaders {
  const headers = new Map<string, { name: string; value: string }>();
  const locals: Record<string, unknown> = {};
  const response = {
    locals,
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), { name, value: Array.isArray(value) ? value.join(", ") : String(value) });
      return response;
    },
    getHeader: (name: string) => headers.get(name.toLowerCase())?.value,
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  const request = { secure, headers: {} };
  for (const middleware of middlewares) {
    let done = false;
    middleware(request as unknown as Request, response as unknown as Response, (error?: unknown) => {
      if (error) throw error;
      done = true;
    });
    if (!done) throw new Error("a document-header middleware did not pass the request on at once; its headers cannot be recorded");
  }
  const nonce = typeof locals.cspNonce === "string" ? locals.cspNonce : undefined;
  const pairs = [...headers.values()].map(({ name, value }) => ({ name, parts: nonce ? value.split(nonce) : [value] }));
  return (responseNonce) => pairs.flatMap(({ name, parts }) => [name, parts.length === 1 ? parts[0]! : parts.join(responseNonce)]);
}

/**
 * Whether a request reached the site over HTTPS, as Express's `req.secure` reads it: the socket's own TLS, else the
 * first `X-Forwarded-Proto` value when the immediate peer is a trusted proxy (`trust` is Express's compiled
 * "trust proxy fn", so TRUST_PROXY means the same on both paths).
 */
export function isSecureRequest(req: IncomingMessage, trust: (address: string | undefined, hop: number) => boolean): boolean {
  if ((req.socket as Partial<TLSSocket>).encrypted) return true;
  if (!trust(req.socket.remoteAddress, 0)) return false;
  const header = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(header) ? header[0] : header)?.split(",")[0]?.trim();
  return first === "https";
}
