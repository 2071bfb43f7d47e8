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

/**
 * A registrant's mail around its link, in their language: above it the greeting (the typed name only when it looks like
 * a person's: `greetableName`, as the address may be a stranger's), `opening` and `linkIntro`; below it `notes`, the
 * event's time and place (each on a line, then an empty line; nothing without an event), the line that links the
 * announcement's page, `closing`, and the site's name.
 */
function mailText(
  words: MailWords,
  person: Registrant,
  { card }: RegistrationMailTarget,
  siteInfo: SiteInfo,
  text: { opening: string; linkIntro: string; notes: string[]; closing: string[] },
) {
  const name = greetableName(person.name);
  const where = card.event?.location ? [fill(words.where, { where: card.event.location })] : [];
  const event = card.event ? [fill(words.when, { when: card.event.when }), ...where, ""] : [];
  const page = fill(words.announcement, { link: `${siteInfo.publicUrl}${localizedPath(announcementPagePath(card.id), person.locale)}` });
  return {
    to: { name: name ?? "", address: person.email },
    before: [name ? fill(words.hello, { name }) : words.helloAnyone, "", text.opening, "", text.linkIntro].join("\n"),
    after: ["", ...text.notes, ...event, page, "", ...text.closing, "", siteInfo.siteName].join("\n"),
  };
}

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
  const opening = fill(words.confirmOpening, { heading: card.heading });
  const text = { opening, linkIntro: words.confirmLink, notes: [words.linkRules, ""], closing: [words.notYou] };
  return {
    payload: {
      kind: "registration-confirm",
      subject: fill(words.confirmSubject, { heading: card.heading }),
      ...mailText(words, person, target, siteInfo, text),
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
  const calendar = outcome === "waiting" ? null : target.calendar(siteInfo);
  const text = {
    opening,
    linkIntro: outcome === "waiting" ? words.waitingTicket : words.ticket,
    notes: [],
    closing: [...(calendar ? [words.calendar, ""] : []), outcome === "waiting" ? words.noLongerWant : words.cannotCome],
  };
  return {
    payload: {
      kind: "registration",
      subject,
      ...mailText(words, person, target, siteInfo, text),
      calendar,
      qrAlt: words.qrAlt,
    },
    secretLink: `${siteInfo.publicUrl}${localizedPath(ticketPagePath(ticketToken), person.locale)}`,
  };
}
