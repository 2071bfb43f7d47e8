import { fill } from "#core/i18n/catalogue.ts";
import { announcementsEn } from "#core/i18n/announcements/en.ts";
import { registrationEn } from "#core/i18n/registration/en.ts";
import { OPTIONAL_DATE_TIME } from "#core/messages/common.ts";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";

/**
 * What the registration form and the pages around it say, in English: the registrant's words are the registration book's
 * (core/i18n/registration/en.ts, where each is written once, and translated), named here as the server's checks and the
 * tests read them; the admin's (the questions, places, the closing time) are English only.
 */
const { register, confirm, mail, ticket } = registrationEn;

export const REGISTRATION_MESSAGES = {
  full: register.full,
  /** Under the card of an announcement whose registering has closed, and on its form. */
  closed: announcementsEn.announcements.registrationClosed,
  alreadyRegistered: register.alreadyRegistered,
  networkLimit: fill(register.networkLimit, { limit: REGISTRATION_LIMITS.perNetwork }),
  failure: register.failure,
  chooseOne: register.chooseOne,
  choicesNeeded: "Write at least two choices, one per line",
  capacity: `Places must be a whole number from 1 to ${REGISTRATION_LIMITS.capacity}, or empty for no limit`,
  closesAt: OPTIONAL_DATE_TIME,
} as const;

/** What the form says once it took a registration: it holds no place until it is confirmed from its mail. */
export const confirmationSentMessage = register.sent;
/** What confirming came to, on the confirmation page, when it took a place. */
export const registeredMessage = confirm.registered;
/** The confirmation page, for a link that is unknown, used already, or past its 24 hours. */
export const confirmLinkGoneMessage = confirm.linkGone;
/** The waiting list's place, on the confirmation page; the registrant's mail names the announcement (`heading`) too. */
export const waitingMessage = (position: number, heading?: string) =>
  heading === undefined ? fill(confirm.waiting, { position }) : fill(mail.waiting, { position, heading });

/** What a registrant's ticket page says (its page reads the registration book in its language: this is its English). */
export const TICKET_MESSAGES = {
  registered: ticket.registered,
  waiting: (position: number) => fill(ticket.waiting, { position }),
  notFound: ticket.notFound,
} as const;
