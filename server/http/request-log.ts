import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { type Logger, withRequestId } from "#server/logger.ts";

/** One request's log line: method, path (never the query string, which may carry what a visitor typed), status, ms. */
export interface RequestLine {
  requestId: string;
  method: string;
  path: string;
  status: number;
  ms: number;
}

/**
 * Writes request lines. No headers, no bodies: nothing personal, so the line skips the redaction every other line goes
 * through, which would search it for passwords and addresses on every request for nothing.
 */
export function requestLines(logger: Logger): (line: RequestLine) => void {
  const lines = logger.child({}, { redact: [] });
  return (line) => lines.info(line, "request");
}

/** Milliseconds since `started` (process.hrtime.bigint()), to a tenth. */
export const msSince = (started: bigint): number => Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;

/** One line per request Express answers, with the id every other line logged for the request carries. */
export function requestLog(log: (line: RequestLine) => void): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = crypto.randomUUID();
    res.on("finish", () => log({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: msSince(started) }));
    withRequestId(requestId, next);
  };
}
