/**
 * What the registration form and the pages around it say, and its limits: without zod, so the announcement cards
 * (which load with every public page) can use them too.
 */

export const REGISTRATION_LIMITS = {
  name: 100,
  email: 254,
  phone: 20,
  class: 50,
  shortAnswer: 200,
  longAnswer: 2000,
  questions: 5,
  question: 200,
  choices: 10,
  choice: 100,
  capacity: 10_000,
} as const;

export const REGISTRATION_MESSAGES = {
  full: "All places are taken. You can join the waiting list: if a place opens, you move up and get an email.",
  closed: "Registration is closed.",
  alreadyRegistered: "This email is already registered for this announcement.",
  notOpen: "This announcement does not take registrations.",
  failure: "Something went wrong while registering. Try again.",
  questionRequired: "This question is required",
  chooseOne: "Choose one of the options",
  choicesNeeded: "Write at least two choices, one per line",
  capacity: `Places must be a whole number from 1 to ${REGISTRATION_LIMITS.capacity}, or empty for no limit`,
  closesAt: "Choose a date and time, or leave it empty",
} as const;

/** What a registration came to, as the form and the confirmation say it. */
export const registeredMessage = "You're registered. A confirmation is on its way to your email.";
/** The waiting list's place, on the form's page; the registrant's mail names the announcement (`heading`) too. */
export const waitingMessage = (position: number, heading?: string) =>
  `All places${heading === undefined ? "" : ` for "${heading}"`} are taken, so you're on the waiting list (number ${position}). If a place opens, you move up and get an email.`;
