/**
 * A failed delivery, classified. `reason` names the failure's class ("SMTP 451", "ECONNREFUSED",
 * "EmailJS 429"): it is stored and logged, so it never carries the message or the server's reply text.
 */
export class MailDeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(`mail delivery failed: ${reason}`);
    this.name = "MailDeliveryError";
  }
}
