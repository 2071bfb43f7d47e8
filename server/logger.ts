import { pino, type Logger } from "pino";

export type { Logger };

/**
 * Structured JSON lines on stdout. Secrets and applicants' personal data never reach a log line:
 * request logs carry method, path, status and timing only, and these keys are censored anywhere.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: {
      paths: [
        "password", "*.password", "currentPassword", "*.currentPassword", "newPassword", "*.newPassword",
        "cookie", "*.cookie", "headers.cookie", "*.headers.cookie", "authorization", "*.headers.authorization",
        "email", "*.email", "phone", "*.phone",
      ],
      censor: "[redacted]",
    },
  });
}
