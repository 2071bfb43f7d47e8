import type { Locale } from "#core/i18n/locale.ts";
import type { RegistrationInput } from "#core/schemas/registration.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Logger } from "#server/logger.ts";
import { registrationConfirmMail, registrationMail } from "#server/mail/templates/registration.ts";
import { inTransaction, type Repos } from "#server/repos/index.ts";
import type { RegistrationTarget } from "#server/services/announcements/registration-targets.ts";
import {
  ANNOUNCEMENT_NETWORK_LIMIT,
  announcementNetworkKey,
  queuePublicMail,
  type QueuedRecipientMail,
  REGISTRATION_FORM_LIMIT,
  REGISTRATION_MAIL_LIMIT,
} from "#server/services/public-submissions.ts";
import { formatSiteTime } from "#server/site-time.ts";
import { ticketPagePath } from "#core/public-pages.ts";
import type { RegistrationDeps } from "./deps";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

/** Why a registration was not taken (the form says each: see REGISTRATION_MESSAGES). */
export type RegistrationRefusal = "missing" | "closed" | "full" | "already-registered" | "network-limit";

/** A registration taken holds nothing yet: its "Confirm your place" mail is on its way (see `confirm`). */
export type RegistrationResult =
  | { ok: true; status: "unconfirmed" }
  | { ok: false; reason: RegistrationRefusal }
  | { ok: false; reason: "limit-reached"; retryAfterSeconds: number };

/**
 * What confirming came to: a place, or the waiting list at a position; or nothing, because the link is not one that
 * works (unknown, used, or past its 24 hours: `invalid`) or the announcement no longer takes registrations (`missing`).
 */
export type ConfirmResult =
  | { ok: true; status: "registered"; ticketPath: string }
  | { ok: true; status: "waiting"; position: number; ticketPath: string }
  | { ok: false; reason: "invalid" | "missing" };

/** How long a "Confirm your place" link works; an unconfirmed registration goes when it stops working. */
export const CONFIRM_LINK_MS = 24 * 60 * 60 * 1000;

const queueRegistrantMail = (trx: Repos, logger: Logger, mail: QueuedRecipientMail, recordId: string, now: Date) =>
  queuePublicMail(trx, logger, { ...mail, recordId, form: "registration", siteLimit: REGISTRATION_MAIL_LIMIT }, now);

class RegistrationRefused extends Error {
  constructor(readonly reason: RegistrationRefusal) {
    super(`registration refused: ${reason}`);
  }
}

/** A registration as the form sent it, and the language of the page it was sent from: its mails are written in it. */
export type RegistrationRequest = RegistrationInput & { locale: Locale };

/**
 * A live announcement that takes registrations here, as a registration is made for it (its form's questions are
 * `settings.questions`); undefined for any other.
 */
export const target = ({ announcements }: RegistrationDeps, announcementId: string, now: Date = new Date()) =>
  announcements.registrationTarget(announcementId, now);

/**
 * The public form of a live announcement that takes registrations, as its page in `locale` draws it: its card, questions
 * (as the committee wrote them), and how full it is.
 */
export async function form(
  { announcements, repos, timeZone }: RegistrationDeps,
  announcementId: string,
  locale: Locale = "en",
  now: Date = new Date(),
) {
  const target = await announcements.registrationTarget(announcementId, now);
  if (!target) return undefined;
  const { registered, waiting } = await repos.registrations.counts(announcementId);
  const { capacity, questions } = target.settings;
  return {
    announcement: target.inLocale(locale).card,
    questions,
    closed: target.closed,
    closesAtText: target.settings.closesAt && formatSiteTime(new Date(target.settings.closesAt), timeZone, locale),
    /** Null: no limit. */
    placesLeft: capacity === null ? null : Math.max(0, capacity - registered),
    waiting,
  };
}

/**
 * Takes a registration for `target` (as `target` read it, with the answers to its questions), holding nothing until
 * it is confirmed: its "Confirm your place" mail is queued (through queuePublicMail's caps). It keeps the language it
 * was sent in (`input.locale`), in which this mail and its later ones are written. Refused when the
 * announcement no longer takes registrations here, when registering has closed, when the email is registered or
 * waiting already, when it is full and the person did not ask for the waiting list, and past
 * ANNOUNCEMENT_NETWORK_LIMIT registrations for the announcement from the client's network. The same email again
 * while unconfirmed makes no second registration: a new link is mailed (the old one stops working), unless the
 * mailbox's daily cap holds the mail back (then the old link still works). A submission sent again (same key)
 * answers as the first did and stores and mails nothing new.
 */
export async function register(
  { store, logger, site, inTurn, wakeMailer }: RegistrationDeps,
  target: RegistrationTarget,
  input: RegistrationRequest,
  clientIp: string,
  now: Date = new Date(),
): Promise<RegistrationResult> {
  const announcementId = target.card.id;
  const mailTarget = target.inLocale(input.locale);
  const siteInfo = await site();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + CONFIRM_LINK_MS).toISOString();
  try {
    const stored = await inTurn(() =>
      store({
        form: "registration",
        clientIp,
        addressLimit: REGISTRATION_FORM_LIMIT,
        confirmationLimit: REGISTRATION_MAIL_LIMIT,
        insert: async (trx) => {
          const locked = await trx.registrations.lockAnnouncement(announcementId);
          if (!locked?.registrationsHere) throw new RegistrationRefused("missing");
          // Looked up under the lock, so a copy sent at the same moment finds the first one's row.
          const earlier = input.submissionKey ? await trx.registrations.findBySubmissionKey(input.submissionKey) : undefined;
          if (earlier) return { id: earlier.id, created: false, resent: false };
          if (locked.closesAt !== null && locked.closesAt <= at) throw new RegistrationRefused("closed");
          const existing = await trx.registrations.findByEmail(announcementId, input.email);
          if (existing && existing.status !== "unconfirmed") throw new RegistrationRefused("already-registered");
          const { registered, waiting } = await trx.registrations.counts(announcementId);
          const full = locked.capacity !== null && (registered >= locked.capacity || waiting > 0);
          if (full && !input.waitingList) throw new RegistrationRefused("full");
          const token = newLinkToken();
          if (existing) {
            // Mailed in the language it was sent in this time, which its later mails keep.
            const resent = await queueRegistrantMail(
              trx,
              logger,
              registrationConfirmMail({ ...existing, locale: input.locale }, mailTarget, siteInfo, token),
              existing.id,
              now,
            );
            if (resent) await trx.registrations.renewLink(existing.id, hashLinkToken(token), expiresAt, input.locale);
            return { id: existing.id, created: false, resent };
          }
          const { limit, windowMs } = ANNOUNCEMENT_NETWORK_LIMIT;
          const fromNetwork = await trx.rateLimits.hit(announcementNetworkKey(announcementId, clientIp), limit, windowMs, now);
          if (!fromNetwork.allowed) throw new RegistrationRefused("network-limit");
          const id = newId();
          await trx.registrations.create({
            id,
            announcementId: announcementId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            class: input.class,
            answers: JSON.stringify(input.answers),
            submissionKey: input.submissionKey ?? null,
            createdAt: at,
            confirmTokenHash: hashLinkToken(token),
            confirmExpiresAt: expiresAt,
            locale: input.locale,
          });
          return { id, created: true, confirmation: registrationConfirmMail(input, mailTarget, siteInfo, token), resent: false };
        },
        now,
      }),
    );
    if (!stored.ok) return { ok: false, reason: "limit-reached", retryAfterSeconds: stored.retryAfterSeconds };
    if (stored.resent) wakeMailer();
    return { ok: true, status: "unconfirmed" };
  } catch (error) {
    if (error instanceof RegistrationRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/**
 * What the page a "Confirm your place" link opens shows in `locale`, changing nothing (a mail scanner that follows the
 * link confirms nothing): the announcement, and whether the link still confirms a registration. Undefined when the
 * announcement is not live or takes no registrations here.
 */
export async function confirmation(
  deps: RegistrationDeps,
  announcementId: string,
  token: string,
  locale: Locale = "en",
  now: Date = new Date(),
) {
  const target = await deps.announcements.registrationTarget(announcementId, now);
  if (!target) return undefined;
  const open =
    isLinkToken(token) &&
    (await deps.repos.registrations.findUnconfirmed(announcementId, hashLinkToken(token), now.toISOString())) !== undefined;
  return { announcement: target.inLocale(locale).card, open };
}

/**
 * Confirms the registration a "Confirm your place" link names, under the announcement's lock: it takes a place
 * while one is free and no one waits, else it joins the waiting list; either way its mail is queued (through
 * queuePublicMail's caps), in the language the registration was made in, and the link stops working. A registration sent before registering closed may still be
 * confirmed within its 24 hours. Moving up from the waiting list later needs no second confirmation.
 */
export async function confirm(
  { db, logger, announcements, site, inTurn, wakeMailer, tickets }: RegistrationDeps,
  announcementId: string,
  token: string,
  now: Date = new Date(),
): Promise<ConfirmResult> {
  if (!isRecordId(announcementId) || !isLinkToken(token)) return { ok: false, reason: "invalid" };
  const tokenHash = hashLinkToken(token);
  // Read before the transaction: on SQLite it holds the one connection until it ends.
  const siteInfo = await site();
  const result = await inTurn(() =>
    inTransaction(db, async (trx): Promise<ConfirmResult> => {
      const locked = await trx.registrations.lockAnnouncement(announcementId);
      // Looked up under the lock: of two confirmations of one link at once, the second finds it used.
      const registration = locked && (await trx.registrations.findUnconfirmed(announcementId, tokenHash, now.toISOString()));
      if (!locked || !registration) return { ok: false, reason: "invalid" };
      // Read under the lock, through the transaction (on SQLite it holds the one connection).
      const target = locked.registrationsHere ? await announcements.registrationTarget(announcementId, now, trx) : undefined;
      if (!target) return { ok: false, reason: "missing" };
      const { registered, waiting } = await trx.registrations.counts(announcementId);
      const full = locked.capacity !== null && (registered >= locked.capacity || waiting > 0);
      await trx.registrations.confirm(registration.id, announcementId, full ? "waiting" : "registered");
      const position = full ? waiting + 1 : 0;
      const ticketToken = tickets.token(registration);
      const ticketPath = ticketPagePath(ticketToken);
      const mailTarget = target.inLocale(registration.locale);
      const mail = full
        ? registrationMail(registration, "waiting", mailTarget, siteInfo, ticketToken, position)
        : registrationMail(registration, "registered", mailTarget, siteInfo, ticketToken);
      await queueRegistrantMail(trx, logger, mail, registration.id, now);
      return full ? { ok: true, status: "waiting", position, ticketPath } : { ok: true, status: "registered", ticketPath };
    }),
  );
  if (result.ok) wakeMailer();
  return result;
}
