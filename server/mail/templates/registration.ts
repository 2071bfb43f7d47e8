import { greetableName } from "#core/greetable-name.ts";
import { fill } from "#core/i18n/catalogue.ts";
import { type Locale, localizedPath } from "#core/i18n/locale.ts";
import type { RegistrationWords } from "#core/i18n/registration/en.ts";
import { messagesFor } from "#core/i18n/translations.ts";
import { announcementConfirmPath, announcementPagePath, ticketPagePath } from "#core/public-pages.ts";
import type { OutboxPayload } from "#server/mail/messages.ts";
import type { QueuedRecipientMail } from "#server/services/public-submissions.ts";
import type { RegistrationTarget } from "#server/services/announcements/registration-targets.ts";

/** The site's name and address, as the registrant's mails give them. */
export type SiteInfo = { siteName: string; publicUrl: string };

/**
 * What a registration's mails say of the announcement: its card (heading, page, event) as a page in the mail's language
 * draws it, and its calendar file (see RegistrationTarget's `inLocale`).
 */
export type RegistrationMailTarget = {
  card: Pick<RegistrationTarget["card"], "id" | "heading" | "event">;
  calendar: RegistrationTarget["calendar"];
};

/** Who a registrant's mail goes to, and the language it is written in: the one they registered in. */
export type Registrant = { name: string; email: string; locale: Locale };

type MailWords = RegistrationWords["mail"];

/** The greeting: the typed name only when it looks like a person's (`greetableName`: the address may be a stranger's). */
const greeting = (words: MailWords, name: string | undefined) => (name ? fill(words.hello, { name }) : words.helloAnyone);

/** The event's time and place as a mail gives them, each on a line, then an empty line; nothing without an event. */
function eventLines(words: MailWords, { card }: RegistrationMailTarget) {
  if (!card.event) return [];
  const where = card.event.location ? [fill(words.where, { where: card.event.location })] : [];
  return [fill(words.when, { when: card.event.when }), ...where, ""];
}

/** The line that links the announcement's page, in the registrant's language. */
const pageLine = (words: MailWords, { card }: RegistrationMailTarget, siteInfo: SiteInfo, locale: Locale) =>
  fill(words.announcement, { link: `${siteInfo.publicUrl}${localizedPath(announcementPagePath(card.id), locale)}` });

/**
 * "Confirm your place", with the link that confirms the registration (its token, 256 random bits, is in this mail
 * only), in the registrant's language, the link to its page in that language. The address typed may be a stranger's:
 * the typed name is in it only when it looks like a person's.
 */
export function registrationConfirmMail(
  person: Registrant,
  target: RegistrationMailTarget,
  siteInfo: SiteInfo,
  token: string,
): QueuedRecipientMail {
  const { card } = target;
  const words = messagesFor(person.locale, "registration").mail;
  const name = greetableName(person.name);
  const before = [greeting(words, name), "", fill(words.confirmOpening, { heading: card.heading }), "", words.confirmLink];
  const after = [
    "",
    words.linkRules,
    "",
    ...eventLines(words, target),
    pageLine(words, target, siteInfo, person.locale),
    "",
    words.notYou,
    "",
    siteInfo.siteName,
  ];
  return {
    payload: {
      kind: "registration-confirm",
      to: { name: name ?? "", address: person.email },
      subject: fill(words.confirmSubject, { heading: card.heading }),
      before: before.join("\n"),
      after: after.join("\n"),
    },
    secretLink: `${siteInfo.publicUrl}${localizedPath(announcementConfirmPath(card.id), person.locale)}?token=${token}`,
  };
}

/**
 * The registrant's mail: registered, on the waiting list, or moved up from it, in the language they registered in;
 * with the link to their ticket's page in that language (its token, `ticketToken`, is in this mail only: kept out of
 * the payload as a link mail's is, and drawn as a QR code when it is sent; the door reads either language's) and the
 * event's calendar file.
 */
export function registrationMail(
  person: Registrant,
  outcome: "registered" | "waiting" | "promoted",
  target: RegistrationMailTarget,
  siteInfo: SiteInfo,
  ticketToken: string,
  position = 0,
): QueuedRecipientMail & { payload: Extract<OutboxPayload, { kind: "registration" }>; secretLink: string } {
  const { card } = target;
  const words = messagesFor(person.locale, "registration").mail;
  const heading = { heading: card.heading };
  const subject = fill(
    { registered: words.registeredSubject, waiting: words.waitingSubject, promoted: words.promotedSubject }[outcome],
    heading,
  );
  const opening = fill({ registered: words.registered, waiting: words.waiting, promoted: words.promoted }[outcome], {
    ...heading,
    position,
  });
  const ticket = outcome === "waiting" ? words.waitingTicket : words.ticket;
  const calendar = outcome === "waiting" ? null : target.calendar(siteInfo);
  const calendarNote = calendar ? [words.calendar, ""] : [];
  const name = greetableName(person.name);
  const before = [greeting(words, name), "", opening, "", ticket];
  const after = [
    "",
    ...eventLines(words, target),
    pageLine(words, target, siteInfo, person.locale),
    "",
    ...calendarNote,
    outcome === "waiting" ? words.noLongerWant : words.cannotCome,
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
      qrAlt: words.qrAlt,
    },
    secretLink: `${siteInfo.publicUrl}${localizedPath(ticketPagePath(ticketToken), person.locale)}`,
  };
}
