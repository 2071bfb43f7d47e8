import { greetableName } from "#core/greetable-name.ts";
import { announcementConfirmPath, announcementPagePath } from "#core/public-pages.ts";
import { waitingMessage } from "#core/messages/registration.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import type { QueuedRecipientMail } from "#server/services/public-submissions.ts";
import type { RegistrationTarget } from "#server/services/announcements/registration-targets.ts";

/** The site's name and address, as the registrant's mails give them. */
export type SiteInfo = { siteName: string; publicUrl: string };

/** What a registration's mails say of the announcement: its card (heading, page, event) and its calendar file. */
type RegistrationMailTarget = Pick<RegistrationTarget, "card" | "calendar">;

/** The event's time and place as a mail gives them, each on a line, then an empty line; nothing without an event. */
const eventLines = ({ card }: RegistrationMailTarget) =>
  card.event ? [`When: ${card.event.when}`, ...(card.event.location ? [`Where: ${card.event.location}`] : []), ""] : [];

/**
 * "Confirm your place", with the link that confirms the registration (its token, 256 random bits, is in this mail
 * only). The address typed may be a stranger's: the typed name is in it only when it looks like a person's.
 */
export function registrationConfirmMail(
  person: { name: string; email: string },
  target: RegistrationMailTarget,
  siteInfo: SiteInfo,
  token: string,
): QueuedRecipientMail {
  const { card } = target;
  const name = greetableName(person.name);
  const before = [
    name ? `Hello ${name},` : "Hello,",
    "",
    `This address was given to register for "${card.heading}". No place is kept for you until you confirm it: open this link and press Confirm.`,
    "",
    "Confirm your place:",
  ];
  const after = [
    "",
    "The link works for 24 hours. Places go to those who confirm first; if they are all taken when you confirm, you join the waiting list.",
    "",
    ...eventLines(target),
    `The announcement: ${siteInfo.publicUrl}${announcementPagePath(card.id)}`,
    "",
    "If you did not register, ignore this mail: the registration is deleted after 24 hours and nothing more is sent.",
    "",
    siteInfo.siteName,
  ];
  return {
    payload: {
      kind: "registration-confirm",
      to: { name: name ?? "", address: person.email },
      subject: `Confirm your place: ${card.heading}`,
      before: before.join("\n"),
      after: after.join("\n"),
    },
    secretLink: `${siteInfo.publicUrl}${announcementConfirmPath(card.id)}?token=${token}`,
  };
}

/**
 * The registrant's mail: registered, on the waiting list, or moved up from it; with the ticket's link (`ticketLink`,
 * kept out of the payload as a link mail's is, and drawn as a QR code when it is sent) and the event's calendar file.
 */
export function registrationMail(
  person: { name: string; email: string },
  outcome: "registered" | "waiting" | "promoted",
  target: RegistrationMailTarget,
  siteInfo: SiteInfo,
  ticketLink: string,
  position = 0,
): QueuedRecipientMail & { payload: Extract<OutboxPayload, { kind: "registration" }>; secretLink: string } {
  const { card } = target;
  const page = `${siteInfo.publicUrl}${announcementPagePath(card.id)}`;
  const subject = {
    registered: `Registered: ${card.heading}`,
    waiting: `Waiting list: ${card.heading}`,
    promoted: `A place opened: you're registered for ${card.heading}`,
  }[outcome];
  const opening = {
    registered: `You're registered for "${card.heading}".`,
    waiting: waitingMessage(position, card.heading),
    promoted: `A place opened for "${card.heading}" and it is yours: you're registered.`,
  }[outcome];
  const ticket =
    outcome === "waiting"
      ? "Your ticket shows your place on the waiting list, and lets you in if you move up:"
      : "Your ticket, to show at the door (its QR code is attached too):";
  const event = eventLines(target);
  const calendar = outcome === "waiting" ? null : target.calendar(siteInfo);
  const calendarNote = calendar ? ["The attached calendar file adds the event to your calendar.", ""] : [];
  // The address typed may be a stranger's: the typed name reaches it only when it looks like a person's.
  const name = greetableName(person.name);
  const before = [name ? `Hello ${name},` : "Hello,", "", opening, "", ticket];
  const after = [
    "",
    ...event,
    `The announcement: ${page}`,
    "",
    ...calendarNote,
    outcome === "waiting"
      ? "If you no longer want a place, reply to this mail."
      : "If you cannot come, reply to this mail so your place can go to someone else.",
    "",
    siteInfo.siteName,
  ];
  return {
    payload: {
      kind: "registration",
      to: { name: name ?? "", address: person.email },
      subject,
      before: before.join("\n"),
      after: after.join("\n"),
      calendar,
    },
    secretLink: ticketLink,
  };
}
