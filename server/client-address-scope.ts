import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The client address of the request being handled, for the audit log's "from where" (kept apart from the log lines'
 * request scope, which every line prints: an address must never reach the log).
 */
const addressScope = new AsyncLocalStorage<string>();

/** Runs `work` (the rest of a request's handling) with `address` as the request's client address. */
export const withClientAddress = <T>(address: string, work: () => T): T => addressScope.run(address, work);

/** The client address of the request being handled; undefined outside a request (the CLI, housekeeping). */
export const currentClientAddress = (): string | undefined => addressScope.getStore();
