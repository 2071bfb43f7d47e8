import { text } from "node:stream/consumers";
import { prerenderToNodeStream } from "react-dom/static";
import { type EntryContext, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";
import { errorMessage } from "#core/errors.ts";
import { scriptsAfterLoad } from "#server/http/scripts-after-load.ts";
import { newScriptMarker, takeServerScripts } from "#server/http/security-headers.ts";
import { requestContext } from "./context";
import { SCRIPTS_RUN_MARK } from "./lib/page-scripts";

/** The server sets the services and the request's scope under these keys (server/http/load-context.ts). */
export { routerContexts } from "./context";

/** Seconds a client should wait before retrying while the database cannot be reached. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Requests (by their load context, one per request) whose loaders failed because the database is unreachable.
 * handleError sees the raw error; by the time handleRequest runs, React Router has replaced it with a
 * sanitized one in production.
 */
const requestsWithoutDatabase = new WeakSet<Readonly<RouterContextProvider>>();

export const streamTimeout = 5_000;

/**
 * Renders the whole page before sending it (no streaming of Suspense boundaries): every page is complete HTML,
 * readable without JavaScript, and its Content-Security-Policy names the hash of each inline script the server wrote
 * into it (React Router's and root.tsx's), and of no other.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // A loader failed because the database is unreachable: the error page says "try again in a moment", and the
  // status says so too (503 + Retry-After; never cached, as no error is: noStore), so load balancers and crawlers
  // don't take it for a bug.
  if (requestsWithoutDatabase.has(loadContext)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // React Router writes the marker as the nonce of each inline script it makes: the policy allows those and root.tsx's own.
  const marker = newScriptMarker();
  const { prelude } = await prerenderToNodeStream(<ServerRouter context={routerContext} url={request.url} nonce={marker} />, {
    signal: AbortSignal.timeout(streamTimeout + 1000),
    // Every Suspense boundary in place: past this many bytes React would move a finished boundary to the end of the
    // page, to be put back by an inline script the policy does not allow.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error: unknown) {
      responseStatusCode = 500;
      loadContext.get(requestContext).logger.error({ err: errorMessage(error) }, "render failed");
    },
  });
  const { html: page, scripts } = takeServerScripts(scriptsAfterLoad(await text(prelude), marker), marker);
  const policy = loadContext.get(requestContext).documentPolicy([SCRIPTS_RUN_MARK, ...scripts]);
  if (policy) responseHeaders.set("Content-Security-Policy", policy);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(page, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Loader, action and render errors: one structured line each (React Router calls this instead of console.error).
 *
 * React Router's own answers to a bad request (405 for a write to a page that has no action, and the like) carry a
 * message meant for the developer, naming the method and the route module; it would be sent to the client in the
 * page's data. This hook runs before that data is serialized, so the message is replaced with the status text.
 * They are the client's mistake, not the server's: the request log line (with its status) is record enough.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (isRouteErrorResponse(error) && error.status < 500) {
    error.data = error.statusText;
    return;
  }
  if (request.signal.aborted) return;
  const { isDatabaseUnavailable, logger } = context.get(requestContext);
  if (isDatabaseUnavailable(error)) requestsWithoutDatabase.add(context);
  logger.error({ path: new URL(request.url).pathname, err: errorMessage(error) }, "request failed");
}
