import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type Logger } from "pino";

export type { Logger };

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` (the rest of a request's handling) so that every line logged meanwhile carries `requestId`. */
export const withRequestId = <T>(requestId: string, work: () => T): T => requestScope.run({ requestId }, work);

/**
 * Structured JSON lines on stdout; a line logged while a request is handled carries its id. Secrets and applicants' personal data never reach a log line:
 * request logs carry method, path, status and timing only, and these keys are censored anywhere.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => requestScope.getStore() ?? {},
    redact: {
      paths: [
        ...["password", "currentPassword", "newPassword", "cookie", "email", "phone"].flatMap((key) => [key, `*.${key}`]),
        "headers.cookie",
        "*.headers.cookie",
        "authorization",
        "*.headers.authorization",
      ],
      censor: "[redacted]",
    },
  });
}
