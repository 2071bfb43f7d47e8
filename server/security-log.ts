import type { Logger } from "./logger";

/**
 * Security events, each one warn line named by `event` (so they show at the default LOG_LEVEL and in the tests' warn
 * level). Fields name what happened, a route, a limit, a request id: never a password, session token, email, phone or
 * client address. Events that an attacker can repeat at will are logged when a limit is reached, not per attempt.
 */
export type SecurityEvent =
  /** A wrong password, or an email with no account (the same answer to the client). */
  | "login.failure"
  /** A client address used its last login attempt of the minute; the next ones get 429. */
  | "login.ip-limit-reached"
  /** An account's fifth failure: it refuses logins for the rest of the window. */
  | "login.account-locked"
  /** A wrong code on the sign-in's second step (at most 5 per account in 15 minutes reach the check). */
  | "login.second-factor-failure"
  /** A sign-in's fifth wrong second-factor code: its waiting session ends, and the code screen refuses for the window. */
  | "login.second-factor-locked"
  /** Logins turned away (429) while all argon2 slots were taken; at most one line per 10 s, with a count. */
  | "login.busy"
  /** A client address used its last join or contact submission of the window. */
  | "form.limit-reached"
  /** The site sent its last applicant confirmation of the hour; applications go on being taken, without one. */
  | "confirmation.limit-reached"
  /**
   * A mail a public form caused was not sent: its address had its day's RECIPIENT_DAILY_LIMIT already (once per address
   * and day: its first mail held back).
   */
  | "mail.recipient-limit-reached"
  /** A write not shown to come from the site: another Origin, Sec-Fetch-Site other than same-origin, or neither (403). */
  | "request.cross-site-refused"
  /** A body over its cap (413) or of unknown length (411). */
  | "request.too-large"
  /** An admin page or write without a live session, with a second factor or a one-time password still to come, or an Editor at an Owner's page. */
  | "access.refused";

export function logSecurityEvent(
  logger: Logger,
  event: SecurityEvent,
  fields: Record<string, string | number | boolean | undefined> = {},
): void {
  logger.warn({ event, ...fields }, `security: ${event}`);
}
