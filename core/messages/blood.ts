import type { BloodGroup } from "#core/blood/groups.ts";

/** What the blood-donor pages and their forms say: without zod, so the pages can use them without the schemas. */
export const BLOOD_DONOR_MESSAGES = {
  nameRequired: "Name is required",
  phoneRequired: "Phone number is required",
  chooseGroup: "Choose your blood group",
  cityRequired: "City is required",
  areaRequired: "Area is required",
  chooseInterval: "Choose the donation interval that applies to you",
  lastDonationDate: "Choose the date of your last donation, or leave it empty",
  lastDonationFuture: "Your last donation cannot be in the future",
  consentRequired: "Tick the box to agree: without it we cannot keep your details",
  chooseAvailability: "Choose whether you are available",
  availableFromDate: "Choose the date from which you are available",
  availableFromPast: "Choose a date after today",
  failure: "Something went wrong. Try again.",
  tooMany: (wait: string) => `Too many sign-ups from your network. Try again in ${wait}.`,
  tooManyForEmail: (wait: string) => `Too many sign-ups for this email today. Try again in ${wait}.`,
  /** After signing up, whether the address was new or already a donor's (the page never tells which). */
  checkYourMail:
    "Almost done: a mail with your personal link is on its way to your email. Open it within 7 days and press Confirm; until you do, no coordinator sees your details.",
  /** After asking for a new link, whether the address is a donor's or not (the page never tells which). */
  linkSent: "If this email is in the registry, a mail with a new personal link is on its way to it. Your old link no longer works.",
  /** A personal link that is unknown, replaced by a newer one, or withdrawn. */
  linkGone: "This link no longer works: a newer link replaced it, or the donor withdrew. Ask for a new link below.",
  confirmed: "Thank you: you are in the registry. The committee's blood coordinators may contact you when a patient needs your group.",
  saved: "Saved. Thank you for keeping your details up to date.",
  withdrawn: "You have left the registry: everything we held about you as a donor is erased. Thank you for having been ready to help.",
} as const;

export { NO_MONEY_FOR_BLOOD } from "./common";

/** Guidance on the interval, not a medical rule. */
export const INTERVAL_GUIDANCE = "Guidance only: the blood bank decides on the day.";

/**
 * The consent the donor form asks for, as it is worded now. Its `version` is stored with each donor's consent, so a
 * change of wording (a new version) shows which words each donor agreed to.
 */
export const DONOR_CONSENT = {
  version: "2026-12-05",
  text:
    "I agree that the society keeps my name, phone, email, blood group, city and area, last donation and availability " +
    "so that its blood coordinators can ask me to donate when a patient needs my blood group. Only the committee's blood " +
    "coordinators see my contact details; the public site shows counts only. My details are kept while I stay a donor: " +
    "every 6 months I am asked to confirm, and if I do not answer for 12 months they are deleted. I can change them or " +
    "withdraw at any time from my personal link, which erases them.",
} as const;

/** How a donor says whether they can be asked. */
export const AVAILABILITIES = ["available", "not-now", "from"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: "Available",
  "not-now": "Not now",
  from: "Available from a date",
};

/** A count of available donors of a group in a city, as the public page shows it. */
export const donorCountText = (count: number, group: BloodGroup) => `${count} ${group} donor${count === 1 ? "" : "s"}`;

/** What the coordinators' emergency-request form says. */
export const BLOOD_REQUEST_MESSAGES = {
  choosePatientGroup: "Choose the patient's blood group",
  units: "Units must be a whole number from 1 to 20",
  hospitalRequired: "Hospital is required",
  cityRequired: "City is required",
  neededBy: "Choose the date and time the blood is needed by",
  contactRequired: "Contact at the hospital is required",
} as const;

/** A request shared with the society's WhatsApp groups. */
export const BLOOD_APPEAL_MESSAGES = {
  title: (group: string, units: number) => `${group} blood needed: ${units} unit${units === 1 ? "" : "s"}`,
  ask: "Can you donate? Reply to this message. Not a donor yet? Sign up:",
} as const;

/** How a request ended, or that it is still open. */
export const BLOOD_REQUEST_STATUSES = ["open", "fulfilled", "not-needed", "expired"] as const;
export type BloodRequestStatus = (typeof BLOOD_REQUEST_STATUSES)[number];

export const BLOOD_REQUEST_STATUS_LABELS: Record<BloodRequestStatus, string> = {
  open: "Open",
  fulfilled: "Fulfilled",
  "not-needed": "No longer needed",
  expired: "Expired",
};

/** How a coordinator reached a donor, which revealed their number. */
export const REVEAL_CHANNELS = ["whatsapp", "call", "number"] as const;
export type RevealChannel = (typeof REVEAL_CHANNELS)[number];

/** What the Blood section says once it did something, or why it did not. */
export const BLOOD_SECTION_MESSAGES = {
  created: "Request logged",
  closed: "Request closed",
  alreadyClosed: "This request is closed already. Reload to see the latest.",
  requestGone: "No such request.",
  donorGone: "No such donor: they withdrew or were removed. Reload to see the latest.",
  revealLimit: (wait: string) => `You have revealed 30 numbers in the last hour, the most allowed. Try again in ${wait}.`,
  closedForReveal: "This request is closed or past its time: numbers are shown only for open requests.",
  askedByMail: (count: number) =>
    count === 0 ? "Every donor listed has been asked already" : `Asked ${count} donor${count === 1 ? "" : "s"} by mail`,
  closedForAsks: "This request is closed or past its time: no one can be asked for it.",
  intervalsSaved: "Donation intervals saved",
} as const;

/** What the page a coordinator's ask links to says. */
export const BLOOD_ANSWER_MESSAGES = {
  yes: "Thank you! A coordinator will contact you with the details.",
  no: "Thank you for letting us know. No one will wait for you this time.",
  saidYes: "You said you can donate. You can change your answer:",
  saidNo: "You said you can't this time. You can change your answer:",
  closed: "This request is closed: it has been met or is past its time. Thank you for being ready to help.",
  linkGone: "This link no longer works: the request was removed, or you left the registry.",
  chooseOne: "Choose I can donate or I can't this time.",
  failure: "Something went wrong. Try again.",
} as const;
