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

/** What a registrant's ticket page says. */
export const TICKET_MESSAGES = {
  registered: "Your place is confirmed.",
  waiting: (position: number) =>
    `On the waiting list (number ${position}). If a place opens, you move up and get an email; this ticket then lets you in.`,
  atTheDoor: "At the door, show this QR code or read out the code. Keep this link to yourself: it is your place.",
  notFound:
    "This ticket link does not work. Check that it was copied whole from your registration mail; if your registration was removed, the ticket went with it.",
  show: "Show your ticket",
} as const;

/** What the check-in screen says. */
export const CHECK_IN_MESSAGES = {
  checkedIn: (name: string) => `Checked in: ${name}`,
  already: (name: string, by: string, at: string) => `Already checked in: ${name}, by ${by} at ${at}`,
  waiting: (name: string, position: number) => `On the waiting list: ${name} (number ${position}) has no place yet`,
  notForEvent: "Not a ticket for this event",
  undone: (name: string) => `Check-in undone: ${name}`,
  notCheckedIn: "They were not checked in: nothing to undo.",
  undoAdminsOnly: "Only an admin can undo a check-in.",
  doorGone: "This door link does not work: it was revoked, or its event ended more than 6 hours ago. Ask the committee for a new one.",
  doorBy: (label: string) => `${label} (door link)`,
  walkIn: {
    full: "No places left: a walk-in takes a place like any registration.",
    "already-registered": "This email is registered already: find them by name or code and check them in.",
    missing: "This announcement no longer exists.",
  },
  noMatch: (query: string) => `No one registered matches “${query}”.`,
  searchHelp: "Type a part of the name, or the 8-character code on the ticket.",
  noCamera: "The camera could not start. Allow this site to use it in the browser's settings, or find tickets by name or code below.",
  scanHelp: "Hold the ticket's QR code in front of the camera; each ticket is checked once.",
} as const;

/** What the registrations screen says of door links. */
export const DOOR_LINK_MESSAGES = {
  missing: "This announcement no longer exists.",
  "no-event": "Door links are for events: give this announcement an event first.",
  ended: "This event ended more than 6 hours ago: its door is closed.",
  notOpen: "That door link is already revoked or expired.",
  revoked: "Door link revoked",
  help: "A door link opens this event's check-in screen, and nothing else, for someone without an account (a volunteer at the door). It works until 6 hours after the event ends, unless you revoke it. Anyone who has it can check people in: send it only to them.",
} as const;
