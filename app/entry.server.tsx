import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from "react-router";
import { isDatabaseUnavailable } from "../server/db/database-errors";
import { NonceContext } from "./components/nonce";

/** Seconds a client should wait before retrying while the database cannot be reached. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Requests (by their load context, one per request) whose loaders failed because the database is unreachable.
 * handleError sees the raw error; by the time handleRequest runs, React Router has replaced it with a
 * sanitized one in production.
 */
const requestsWithoutDatabase = new WeakSet<AppLoadContext>();

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it (no streaming of Suspense boundaries): every page is complete HTML,
 * readable without JavaScript, and every inline script carries this request's CSP nonce.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A loader failed because the database is unreachable: the error page says "try again in a moment", and the
  // status says so too (503 + Retry-After, never cached), so load balancers and crawlers don't take it for a bug.
  if (requestsWithoutDatabase.has(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          loadContext.logger.error({ err: error instanceof Error ? error.message : String(error) }, "render failed");
        },
      },
    );
  });
}

/**
 * Loader, action and render errors: one structured line each (React Router calls this instead of console.error).
 *
 * React Router's own answers to a bad request (405 for a write to a page that has no action, and the like) carry a
 * message meant for the developer, naming the method and the route module; it would be sent to the client in the
 * page's data. This hook runs before that data is serialized, so the message is replaced with the status text.
 * They are the client's mistake, not the server's: the request log line (with its status) is record enough.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (isRouteErrorResponse(error) && error.status < 500) {
    error.data = error.statusText;
    return;
  }
  if (request.signal.aborted) return;
  if (isDatabaseUnavailable(error)) requestsWithoutDatabase.add(context);
  context.logger.error({ path: new URL(request.url).pathname, err: error instanceof Error ? error.message : String(error) }, "request failed");
}
