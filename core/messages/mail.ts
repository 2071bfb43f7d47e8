/** What "Send test mail" says once the mail is queued (`to`: the address it goes to). */
export const MAIL_DONE = {
  testQueued: (to: string | undefined) => `Test mail queued for ${to ?? "the notification address"}.`,
} as const;

/** "Send test mail"'s toasts while it runs, and when it was refused without words of its own. */
export const MAIL_FAILED = { sendingTest: "Sending test mail...", test: "Failed to send the test mail" } as const;
