import crypto from "node:crypto";
import { REGISTRATION_LIMITS } from "#core/schemas/registration-limits.ts";
import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { Address, OutboxPayload } from "#server/mail/messages.ts";
import { networkLimitKey } from "#server/client-network.ts";
import { inTransaction, type Repos } from "#server/repos/index.ts";
import { logSecurityEvent } from "#server/security-log.ts";

/**
 * Per client network (see clientNetwork): 30 join applications, and 30 contact messages, per 10 minutes. Hundreds of
 * students share a college's one address, so this only stops floods; the per-email limit follows the person.
 */
export const PUBLIC_FORM_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000 } as const;
/** Per email address: 3 submissions a day. */
export const PER_EMAIL_LIMIT = { limit: 3, windowMs: 24 * 60 * 60 * 1000 } as const;
/**
 * For the whole site: 300 applicant confirmations an hour. A confirmation goes to whatever address was typed, so this
 * bounds how much mail anyone can make the society send to strangers; an orientation stall's rush stays well under it.
 */
export const CONFIRMATION_LIMIT = { key: "confirmation:site", limit: 300, windowMs: 60 * 60 * 1000 } as const;

/**
 * Per client network, for event registrations, whatever the announcement: a flood's bound (one announcement's is
 * ANNOUNCEMENT_NETWORK_LIMIT).
 */
export const REGISTRATION_FORM_LIMIT = { limit: 600, windowMs: 10 * 60 * 1000 } as const;
/**
 * Per client network and announcement: 5 registrations, counted over 30 days (an event's registration time), so one
 * network cannot fill an event's places, or its registrants' mails, with made-up people.
 */
export const ANNOUNCEMENT_NETWORK_LIMIT = { limit: REGISTRATION_LIMITS.perNetwork, windowMs: 30 * 24 * 60 * 60 * 1000 } as const;
/**
 * For the whole site: 2000 registrants' mails an hour ("Confirm your place", and what confirming came to), so this
 * stops only a flood.
 */
export const REGISTRATION_MAIL_LIMIT = { key: "registration-mail:site", limit: 2000, windowMs: 60 * 60 * 1000 } as const;

/**
 * Per recipient address, for the whole site: the mails public forms cause to one mailbox in a day (join confirmations,
 * registrants' mails, however many forms and announcements). The tenth is not sent, and the form answers as if it were.
 */
export const RECIPIENT_DAILY_LIMIT = { limit: 9, windowMs: 24 * 60 * 60 * 1000 } as const;

/** The forms whose submissions are counted (their counters' keys start with these). */
export type PublicForm = "join" | "contact" | "registration" | "blood-donor";

/** Whose limit refused a submission: the client network's, or the email address's. */
export type LimitScope = "address" | "email";

/** What storing a visitor's submission came to. A submission sent again (same key) is `ok` with the first one's id. */
export type SubmissionResult<Extra extends object = object> =
  ({ ok: true; id: string } & Extra) | { ok: false; reason: "limit-reached"; scope: LimitScope; retryAfterSeconds: number };

class LimitReached extends Error {
  constructor(
    readonly scope: LimitScope,
    readonly retryAfterSeconds: number,
  ) {
    super("form limit reached");
  }
}

/** Counter keys carry a hash, never an address. */
const digest = (value: string): string => crypto.createHash("sha256").update(value).digest("hex");

/** The counter of a client network's registrations for one announcement: it names a hash of the network, never the address. */
export const announcementNetworkKey = (announcementId: string, clientIp: string) =>
  networkLimitKey(`registration:announcement:${announcementId}`, clientIp);

/** The counter of an email address's submissions of one form: it names a hash of the address, never the address. */
export const emailLimitKey = (form: PublicForm, email: string) => `${form}:email:${digest(email)}`;

/**
 * An address as the mailbox that receives it, for counting its mails: lower-cased; a "+tag" after the name dropped
 * (Gmail, Outlook, iCloud, Fastmail and most others deliver name+anything to name, so tags would step past the count);
 * and at Gmail (gmail.com, googlemail.com), whose mailboxes ignore dots in the name, the dots dropped too. Dots stay
 * everywhere else, where they tell people apart (first.last and firstlast may be two students of one college).
 */
export function recipientMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at <= 0) return lower;
  let name = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  const tag = name.indexOf("+");
  if (tag > 0) name = name.slice(0, tag);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") name = name.replaceAll(".", "") || name;
  return `${name}@${domain}`;
}

/** The counter of the mails public forms sent one mailbox today: it names a hash of the mailbox, never the address. */
export const recipientLimitKey = (address: string) => `mail-to:${digest(recipientMailbox(address))}`;

/** A mail to someone outside the society: an applicant's confirmation, or a registrant's mail. */
export type RecipientMail = Extract<OutboxPayload, { to: Address }>;

/** Such a mail as it is queued: with the single-use link it carries, if any, kept out of its payload (`secretLink`). */
export interface QueuedRecipientMail {
  payload: RecipientMail;
  secretLink?: string;
}

/**
 * Queues, in the caller's transaction, a mail that a public form caused, unless its mailbox already had
 * RECIPIENT_DAILY_LIMIT of them today or the site's allowance of such mails (`siteLimit`) is used up; returns whether it
 * was queued. Every mail a public form causes goes through here, so the cap holds across forms, announcements and
 * instances (the counters are in the database). Logged once per mailbox and day (its first mail held back) and once
 * per site window, never with the address.
 */
export async function queuePublicMail(
  repos: Repos,
  logger: Logger,
  mail: QueuedRecipientMail & { recordId: string; form: PublicForm; siteLimit: { key: string; limit: number; windowMs: number } },
  now: Date,
): Promise<boolean> {
  const { payload, secretLink, recordId, form, siteLimit } = mail;
  // The mailbox first: a flood aimed at one address then uses none of the site's allowance.
  const { limit, windowMs } = RECIPIENT_DAILY_LIMIT;
  const toMailbox = await repos.rateLimits.hit(recipientLimitKey(payload.to.address), limit, windowMs, now);
  if (!toMailbox.allowed) {
    if (toMailbox.count === limit + 1) logSecurityEvent(logger, "mail.recipient-limit-reached", { form, kind: payload.kind });
    return false;
  }
  const fromSite = await repos.rateLimits.hit(siteLimit.key, siteLimit.limit, siteLimit.windowMs, now);
  if (!fromSite.allowed) return false;
  if (secretLink === undefined) await repos.mailOutbox.enqueue(payload.kind, payload, now, recordId);
  else await repos.mailOutbox.enqueueWithLink(payload.kind, payload, { url: secretLink }, now, recordId);
  if (fromSite.remaining === 0) logSecurityEvent(logger, "confirmation.limit-reached", { form, windowSeconds: siteLimit.windowMs / 1000 });
  return true;
}

interface Submission<Extra extends object> {
  form: PublicForm;
  clientIp: string;
  /** Submissions per client network; PUBLIC_FORM_LIMIT unless given. */
  addressLimit?: { limit: number; windowMs: number };
  /** Also counted against this (normalised) email address, 3 a day. */
  limitedEmail?: string;
  /**
   * Writes the row unless its submission key is already stored; says which row holds the submission, and the
   * submitter's own mail (an applicant's confirmation) when it is new. An error it throws stores nothing.
   */
  insert(repos: Repos): Promise<{ id: string; created: boolean; confirmation?: QueuedRecipientMail } & Extra>;
  /** The notification mail of a new submission, if the form sends one. */
  mail?: OutboxPayload;
  /** The site's allowance of submitters' mails (CONFIRMATION_LIMIT unless given). */
  confirmationLimit?: { key: string; limit: number; windowMs: number };
  now: Date;
}

/**
 * Stores a visitor's submission exactly once per submission key, in one transaction with its mails (the notification,
 * and the confirmation unless queuePublicMail holds it back) and its count against the client address: count and submission reach the disk together (one synchronous write), and a
 * refused or failed submission rolls its count back. A submission whose key is already stored (a double click, a
 * retried request) counts, stores and mails nothing new. The counter key holds a hash, never the address.
 */
export function submissionStore({ db, logger, wakeMailer }: { db: Kysely<Database>; logger: Logger; wakeMailer(): void }) {
  return async function store<Extra extends object = object>({
    form,
    clientIp,
    addressLimit = PUBLIC_FORM_LIMIT,
    limitedEmail,
    insert,
    mail,
    confirmationLimit = CONFIRMATION_LIMIT,
    now,
  }: Submission<Extra>): Promise<SubmissionResult<Extra>> {
    try {
      const stored = await inTransaction(db, async (repos) => {
        const row = await insert(repos);
        if (!row.created) return row;
        const { limit, windowMs } = addressLimit;
        const count = await repos.rateLimits.hit(networkLimitKey(form, clientIp), limit, windowMs, now);
        if (!count.allowed) throw new LimitReached("address", count.retryAfterSeconds);
        // Logged once per address and window (its last submission), not per refused attempt.
        if (count.remaining === 0) logSecurityEvent(logger, "form.limit-reached", { form, windowSeconds: windowMs / 1000 });
        if (limitedEmail !== undefined) {
          const { limit, windowMs } = PER_EMAIL_LIMIT;
          const byEmail = await repos.rateLimits.hit(emailLimitKey(form, limitedEmail), limit, windowMs, now);
          if (!byEmail.allowed) throw new LimitReached("email", byEmail.retryAfterSeconds);
        }
        if (mail) await repos.mailOutbox.enqueue(mail.kind, mail, now, row.id);
        if (row.confirmation) {
          await queuePublicMail(repos, logger, { ...row.confirmation, recordId: row.id, form, siteLimit: confirmationLimit }, now);
        }
        return row;
      });
      if (stored.created) wakeMailer();
      // What the insert said beyond the row's id (a registration's place on the waiting list) goes to the caller.
      const { created: _created, confirmation: _confirmation, ...answer } = stored;
      return { ok: true, ...answer };
    } catch (error) {
      if (error instanceof LimitReached) {
        return { ok: false, reason: "limit-reached", scope: error.scope, retryAfterSeconds: error.retryAfterSeconds };
      }
      throw error;
    }
  };
}

export type SubmissionStore = ReturnType<typeof submissionStore>;
