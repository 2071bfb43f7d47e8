import type { MailKind } from "#server/db/schema.ts";
import { MailDeliveryError } from "./delivery-error";
import { qrCodePng } from "#server/qr-code.ts";
import { type ContactMailParams, contactNotification } from "#server/mail/templates/contact-notification.ts";
import { type JoinMailParams, joinNotification } from "#server/mail/templates/join-notification.ts";
import { testMail, type TestMailParams } from "#server/mail/templates/test-mail.ts";

/**
 * A notification mail's link to its item: the admin page (the app's `href`) that lists one sender's requests or
 * messages, filtered to them.
 */
export const adminLink = (publicUrl: string, page: string, email: string) => `${publicUrl}${page}?q=${encodeURIComponent(email)}`;

export interface Address {
  name: string;
  address: string;
}

/** A mail whose whole text was written when it was queued. */
interface TextMail {
  to: Address;
  subject: string;
  text: string;
}

/**
 * The applicant's confirmation, written when the application was stored (later edits of the wording change only
 * later mails). Replies go to the notification address.
 */
export interface ConfirmationMail extends TextMail {
  /** The society's short name, as `{society}` was filled in. */
  society: string;
}

/**
 * A registrant's mail: registered, on the waiting list, or moved up from it; written when it was queued. Its text is
 * `before`, the ticket's link (the outbox row's `secretLink`, as a link mail's), then `after`; the ticket's QR code goes
 * with it as a PNG, and the event's calendar file when the announcement has an event. Replies go to the notification
 * address.
 */
export interface RegistrationMail extends LinkMail {
  /** The event's iCalendar file (text/calendar); null: the announcement has no event. */
  calendar: string | null;
  /** The ticket's QR code described, in the mail's language (absent in mails queued before it was: English then). */
  qrAlt?: string;
}

/** A registrant's mail queued before mails carried tickets: its whole text, no link. */
interface TicketlessRegistrationMail extends TextMail {
  calendar: string | null;
}

/**
 * A mail that carries a single-use link: its text is `before`, the link on a line of its own, then `after`. The link is
 * not in the payload: it is the outbox row's `secretLink`, set to null once the mail is sent or given up on (the
 * database keeps only the link's hash).
 */
export interface LinkMail {
  to: Address;
  subject: string;
  before: string;
  after: string;
}

/**
 * What an outbox row's payload holds: everything needed to render and send the mail later. Notifications go to the
 * notification address as it is set when the mail is sent, so fixing a mistyped address reaches mails still waiting.
 */
export type OutboxPayload =
  | { kind: "join"; params: JoinMailParams; replyTo: Address }
  | { kind: "contact"; params: ContactMailParams; replyTo: Address }
  | { kind: "test"; params: TestMailParams; replyTo: Address }
  | ({ kind: "confirmation" } & ConfirmationMail)
  | ({ kind: "registration" } & (RegistrationMail | TicketlessRegistrationMail))
  /** A registrant's "Confirm your place", with the link that confirms the registration. Replies go to the notification address. */
  | ({ kind: "registration-confirm" } & LinkMail)
  /** A mail to an admin about their account, with its link: an invitation, or a password reset. */
  | ({ kind: "account" } & LinkMail)
  /**
   * A blood donor's mail with a link: their personal link (on signing up, on asking for a new one, every 6 months), or
   * (blood-ask) a coordinator's ask for a request with the link that answers it. Replies go to the notification address.
   */
  | ({ kind: "blood-donor" } & LinkMail)
  | ({ kind: "blood-ask" } & LinkMail)
  | ({ kind: "member-renewal" } & LinkMail)
  | ({ kind: "certificate" } & CertificateMail);

/**
 * An attendee's certificate: the text (with the link to its public page) written when it was issued; its PDF is drawn
 * when the mail is sent (the outbox worker's `certificatePdf`), from the certificate as it then stands.
 */
export interface CertificateMail extends TextMail {
  certificateId: string;
}

/** A rendered mail, ready for any transport. */
export interface Mail {
  kind: MailKind;
  to: string | Address;
  subject: string;
  text: string;
  html: string;
  /** An address, or as MAIL_TO gives it (a list, or a name with its address); none: replies go to the sender. */
  replyTo: Address | string | undefined;
  /** For the EmailJS transport, which renders its own templates. */
  templateParams: Record<string, string>;
  /** Files sent with it (SMTP and the log transport; EmailJS sends none). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string | Buffer;
  /** Its Content-ID, when the HTML part shows it (`<img src="cid:…">`); it is an attachment all the same. */
  cid?: string;
  contentDisposition?: "attachment";
}

/**
 * Anything that may end up in a header (display names, the subject) loses control characters, so no
 * value can start a new header line. The transports escape headers too; this holds whatever they do.
 */
export function headerSafe(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ")
      .replace(/\s{2,}/g, " ")
      .trim()
  );
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** A mail's HTML part: its (already escaped) content in a plain page. */
const htmlPage = (content: string) => `<!doctype html><html><body style="font-family:sans-serif">${content}</body></html>`;

/**
 * Every field but the contact message is one line: line breaks in it (which a person never types into
 * a one-line input) become spaces, in the body as in the headers.
 */
function render(title: string, rows: [string, string][], footer?: { label: string; href: string }): { text: string; html: string } {
  rows = rows.map(([label, value]) => [label, label === "Message" ? value.replace(/\r\n?/g, "\n") : headerSafe(value)]);
  const text = [title, "", ...rows.map(([label, value]) => `${label}: ${value.includes("\n") ? `\n${value}` : value}`)];
  if (footer) text.push("", `${footer.label}: ${footer.href}`);
  const htmlRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const htmlFooter = footer ? `<p><a href="${escapeHtml(footer.href)}">${escapeHtml(footer.label)}</a></p>` : "";
  const html = htmlPage(`<h1 style="font-size:18px">${escapeHtml(title)}</h1><table>${htmlRows}</table>${htmlFooter}`);
  return { text: `${text.join("\n")}\n`, html };
}

const safeAddress = ({ name, address }: Address): Address => ({ name: headerSafe(name), address: headerSafe(address) });

/**
 * The confirmation's text as written, each line kept, in a plain page. Replies go to the notification address as the
 * server has it (MAIL_TO may be a list, or name its address), or nowhere while there is none.
 */
function renderConfirmation({ to, subject, text }: TextMail, notificationAddress: string | undefined, htmlAfter = ""): Omit<Mail, "kind"> {
  const body = text.replace(/\r\n?/g, "\n");
  // dir="auto": a mail in Urdu reads right to left, as its first letter says.
  const html = htmlPage(`<p dir="auto" style="white-space:pre-wrap">${escapeHtml(body)}</p>${htmlAfter}`);
  const replyTo = notificationAddress === undefined ? undefined : headerSafe(notificationAddress);
  return {
    to: safeAddress(to),
    subject: headerSafe(subject),
    text: `${body}\n`,
    html,
    replyTo,
    // EmailJS renders its own template from these (its transport adds `to_email`).
    templateParams: { to_name: headerSafe(to.name), subject: headerSafe(subject), message: body, reply_to: replyTo ?? "" },
  };
}

/** A link mail's text, the link put back in; the link is wiped only once the mail was sent or given up on, never to be sent again. */
function withLink(mail: LinkMail, secretLink: string | null): TextMail & { link: string } {
  if (secretLink === null) throw new MailDeliveryError("link already wiped", true);
  return { to: mail.to, subject: mail.subject, text: [mail.before, secretLink, mail.after].join("\n"), link: secretLink };
}

/**
 * The mail a payload describes. Notifications go to `notificationAddress` (while there is none they wait: a transient
 * failure); the confirmation replies to it. `secretLink` is the outbox row's link, which a link mail carries.
 */
export function renderMail(payload: OutboxPayload, notificationAddress: string | undefined, secretLink: string | null = null): Mail {
  if (payload.kind === "confirmation" || payload.kind === "certificate") {
    return { kind: payload.kind, ...renderConfirmation(payload, notificationAddress) };
  }
  if (payload.kind === "account") return { kind: "account", ...renderConfirmation(withLink(payload, secretLink), undefined) };
  if (
    payload.kind === "registration-confirm" ||
    payload.kind === "blood-donor" ||
    payload.kind === "blood-ask" ||
    payload.kind === "member-renewal"
  ) {
    return { kind: payload.kind, ...renderConfirmation(withLink(payload, secretLink), notificationAddress) };
  }
  if (payload.kind === "registration") return { kind: "registration", ...renderRegistration(payload, notificationAddress, secretLink) };
  if (notificationAddress === undefined) throw new MailDeliveryError("no notification address", false);
  return { ...renderNotification(payload), to: headerSafe(notificationAddress) };
}

/**
 * The QR code's Content-ID: the HTML part shows it, and it is attached as well, so a phone that shows no images in mails
 * still has it to open or save.
 */
const TICKET_QR_CID = "ticket-qr";

/** A registrant's mail with its ticket's link and QR code (PNG), and the event's calendar file when there is one. */
function renderRegistration(
  payload: RegistrationMail | TicketlessRegistrationMail,
  notificationAddress: string | undefined,
  secretLink: string | null,
): Omit<Mail, "kind"> {
  const attachments: MailAttachment[] = [];
  if (payload.calendar !== null) {
    attachments.push({ filename: "event.ics", contentType: "text/calendar; charset=utf-8", content: payload.calendar });
  }
  if ("text" in payload) return { ...renderConfirmation(payload, notificationAddress), attachments };
  const mail = withLink(payload, secretLink);
  attachments.push({
    filename: "ticket.png",
    contentType: "image/png",
    content: qrCodePng(mail.link),
    cid: TICKET_QR_CID,
    contentDisposition: "attachment",
  });
  // Inside double quotes only `&`, `"` and `<` need escaping; an apostrophe stays as written.
  const alt = (payload.qrAlt ?? "Your ticket's QR code").replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const qr = `<p><img src="cid:${TICKET_QR_CID}" alt="${alt}" width="240" height="240"></p>`;
  return { ...renderConfirmation(mail, notificationAddress, qr), attachments };
}

/** A notification to the notification address (join, contact, test), replying to whoever it tells of. */
function renderNotification(payload: Extract<OutboxPayload, { replyTo: Address }>): Omit<Mail, "to"> {
  const replyTo = safeAddress(payload.replyTo);
  const wording =
    payload.kind === "join"
      ? joinNotification(payload.params)
      : payload.kind === "test"
        ? testMail(payload.params, replyTo.address)
        : contactNotification(payload.params);
  const body = render(wording.title, wording.rows, wording.footer);
  return { kind: payload.kind, subject: headerSafe(wording.subject), ...body, replyTo, templateParams: wording.templateParams };
}
