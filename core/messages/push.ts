/** What the "Get notified" button of /announcement is told when the server refuses its subscription. */
export const PUSH_SUBSCRIPTION_MESSAGES = {
  /** The endpoint is not a push service's https:// URL (or too long). */
  endpoint: "This browser's push service address was not accepted",
  /** The keys are not a P-256 public key and a 16-byte secret, in base64url. */
  keys: "This browser's push keys were not accepted",
  /** Too many subscriptions from one network within the hour. */
  tooMany: "Too many notification requests from this network. Please try again later.",
} as const;

/** The admin's announcement form: "Send notification", and what it says of the push. */
export const ANNOUNCEMENT_NOTIFICATION = {
  label: "Send notification",
  hint: (subscribers: number | undefined) =>
    subscribers === undefined
      ? "Pushed once, when it goes live, to every browser that asked for notifications."
      : `Pushed once, when it goes live, to every browser that asked for notifications (${subscribers} ${subscribers === 1 ? "browser" : "browsers"} now).`,
  sent: (when: string, recipients: number) => `Notification sent on ${when} to ${recipients} ${recipients === 1 ? "browser" : "browsers"}.`,
} as const;
