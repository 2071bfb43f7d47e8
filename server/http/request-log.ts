import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { type Logger, withRequestId } from "../logger";

export interface RequestLine {
  requestId: string;
  method: string;
  /** Without the query string, which may carry what a visitor typed. */
  path: string;
  status: number;
  ms: number;
}

export const newRequestId = (): string => crypto.randomUUID();

/** Milliseconds since `started` (a `process.hrtime.bigint()`), to a tenth. */
export const millisecondsSince = (started: bigint): number => Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;

/**
 * Writes one line per request: method, path, status, duration. No headers, no bodies. The line's fields are these
 * five and nothing else (RequestLine), none of them personal, so it skips the redaction every other line goes
 * through: that search for passwords and addresses was two thirds of a request line's cost.
 */
export function requestLineWriter(logger: Logger): (line: RequestLine) => void {
  const lines = logger.child({}, { redact: [] });
  return (line) => lines.info(line, "request");
}

/** The request line for everything Express answers, with the id every other line logged for the request carries. */
export function requestLog(logger: Logger): RequestHandler {
  const logRequest = requestLineWriter(logger);
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = newRequestId();
    res.on("finish", () => {
      logRequest({ requestId, method: req.method, path: req.path, status: res.statusCode, ms: millisecondsSince(started) });
    });
    withRequestId(requestId, next);
  };
}
