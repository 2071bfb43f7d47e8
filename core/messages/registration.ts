import { OPTIONAL_DATE_TIME, QUESTION_REQUIRED } from "#core/messages/common.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";

/**
 * What the registration form and the pages around it say: without zod, so the announcement cards (which load with
 * every public page) can use them too.
 */
export const REGISTRATION_MESSAGES = {
  full: "All places are taken. You can join the waiting list: if a place opens, you move up and get an email.",
  closed: "Registration is closed.",
  alreadyRegistered: "This email is already registered for this announcement.",
  networkLimit: `${REGISTRATION_LIMITS.perNetwork} registrations for this announcement have come from your network, the most one network may make. Register from another connection, such as mobile data.`,
  tooManyFromNetwork: (wait: string) => `Too many registrations from your network. Try again in ${wait}.`,
  notOpen: "This announcement does not take registrations.",
  failure: "Something went wrong while registering. Try again.",
  questionRequired: QUESTION_REQUIRED,
  chooseOne: "Choose one of the options",
  choicesNeeded: "Write at least two choices, one per line",
  capacity: `Places must be a whole number from 1 to ${REGISTRATION_LIMITS.capacity}, or empty for no limit`,
  closesAt: OPTIONAL_DATE_TIME,
} as const;

/** What the form says once it took a registration: it holds no place until it is confirmed from its mail. */
export const confirmationSentMessage =
  "Almost done: a confirmation mail is on its way to your email. Open the link in it within 24 hours and press Confirm; until you do, no place is kept for you.";
/** What confirming came to, on the confirmation page, when it took a place. */
export const registeredMessage = "You're registered: your place is confirmed. A mail with the details is on its way to your email.";
/** The confirmation page, for a link that is unknown, used already, or past its 24 hours. */
export const confirmLinkGoneMessage =
  "This link no longer works: it has been used, or its 24 hours are over. If you confirmed your place, a mail told you so; otherwise, register again.";
/** The waiting list's place, on the confirmation page; the registrant's mail names the announcement (`heading`) too. */
export const waitingMessage = (position: number, heading?: string) =>
  `All places${heading === undefined ? "" : ` for "${heading}"`} are taken, so you're on the waiting list (number ${position}). If a place opens, you move up and get an email.`;
