import type { SubmissionResult } from "@conform-to/react";
import { data, isRouteErrorResponse } from "react-router";

/**
 * A route's clientAction for forms a fetcher sends: when the request never reaches the server or its answer never
 * arrives (offline, a dropped connection on a slow network), the form gets `failure` back, as if the server had said
 * so, instead of the page giving way to the error page. Its status (503) keeps React Router from reloading the page's
 * data after it, which would fail the same way. The server's own refusals (a session that ended) still do.
 */
export function answerWhenOffline<T>(failure: T) {
  return async ({ serverAction }: { serverAction: () => Promise<T> }) => {
    try {
      return await serverAction();
    } catch (error) {
      if (isRouteErrorResponse(error)) throw error;
      return data(failure, { status: 503 });
    }
  };
}

/** Conform's result for a message about the whole form (its "" key), as the server's `reply({ formErrors })` makes it. */
export const formFailure = (message: string): SubmissionResult<string[]> => ({ status: "error", error: { "": [message] } });
