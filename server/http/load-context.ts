import type { Logger } from "../logger";
import type { Services } from "../services";

/** What every loader and action gets: the services built once at start, and what belongs to this request. */
export interface RequestContext {
  services: Services;
  /** Lines logged through it carry the request's id. */
  logger: Logger;
  /** The client's address as Express sees it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  clientIp: string;
  /** The app's own request for a route's data or action (`/path.data`), as opposed to a page or another client. */
  dataRequest: boolean;
  /** Set by a loader that drew the page without some of its data (a setting it could not read): such a page is not cached. */
  renderFlags: { partial: boolean };
  /** The Content-Security-Policy of a rendered document, given the inline scripts the server wrote into it; undefined in development. */
  documentPolicy(scripts: readonly string[]): string | undefined;
  /** Whether a loader's error means the database cannot be reached right now (the page answers 503, not 500). */
  isDatabaseUnavailable(error: unknown): boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
}
