import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { type Logger, withRequestId } from "../logger";

/**
 * One line per request Express answers: method, path (never the query string, which may carry what a visitor
 * typed), status and milliseconds, with the id every other line logged for the request carries. No headers, no
 * bodies: nothing personal, so the line skips the redaction every other line goes through, which would search it
 * for passwords and addresses on every request for nothing.
 */
export function requestLog(logger: Logger): RequestHandler {
  const lines = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = crypto.randomUUID();
    res.on("finish", () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      lines.info({ requestId, method: req.method, path: req.path, status: res.statusCode, ms }, "request");
    });
    withRequestId(requestId, next);
  };
}
