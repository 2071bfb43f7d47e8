/**
 * What the check-in screens and the door links say. Apart from the registration messages (core/messages/registration.ts,
 * the ticket page's among them), which the announcement cards of every public page load, so these reach only the pages
 * that use them.
 */
/** What the check-in screen says. */
export const CHECK_IN_MESSAGES = {
  checkedIn: (name: string) => `Checked in: ${name}`,
  already: (name: string, by: string, at: string) => `Already checked in: ${name}, by ${by} at ${at}`,
  waiting: (name: string, position: number) => `On the waiting list: ${name} (number ${position}) has no place yet`,
  notForEvent: "Not a ticket for this event",
  notCheckedIn: "They were not checked in: nothing to undo.",
  undoAdminsOnly: "Only an admin can undo a check-in.",
  notSent: "No connection: the check-in was not sent. Try again once the phone has a signal.",
  savedOffline: "No connection: kept on this phone, and sent when the connection returns.",
  thisPhone: "this phone (not sent yet)",
  thisPhoneOnline: "this phone",
  scannedTwice: "scanned twice",
  listKept: (count: number, at: string) =>
    `Ready without a connection: ${count} ${count === 1 ? "ticket" : "tickets"} kept on this phone (as of ${at}).`,
  unsent: (count: number) => `${count} ${count === 1 ? "check-in" : "check-ins"} made without a connection, waiting to be sent.`,
  offlineSearch: "No connection: searching the list kept on this phone.",
  doorGone: "This door link does not work: it was revoked, or its event ended more than 6 hours ago. Ask the committee for a new one.",
  doorBy: (label: string) => `${label} (door link)`,
  walkIn: {
    full: "No places left: a walk-in takes a place like any registration.",
    "already-registered": "This email is registered already: find them by name or code and check them in.",
    missing: "This announcement no longer exists.",
  },
  noMatch: (query: string) => `No one registered matches “${query}”.`,
  more: (count: number) => `${count} more match: type more of the name to find them.`,
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
