/**
 * Whether an error means "the database cannot be reached right now" (as opposed to a bug or bad data):
 * such a request gets 503 and Retry-After instead of 500, and the process keeps running until it is back.
 */
const UNREACHABLE_CODES = new Set([
  // network, from pg's socket
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
  // PostgreSQL: connection exceptions (08…) and operator intervention (57P01–57P03: shutdown, cannot connect now)
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "57P01",
  "57P02",
  "57P03",
  // SQLite: the file is locked for too long, unreadable or the disk is full
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
  "SQLITE_FULL",
  "SQLITE_IOERR",
]);

const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connect ECONNREFUSED/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || code.startsWith("SQLITE_IOERR"))) return true;
  if (UNREACHABLE_MESSAGES.test(error.message)) return true;
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
