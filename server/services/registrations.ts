import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { RegistrationInput } from "#core/schemas/registration.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import { inTurnQueue } from "#server/in-turn.ts";
import type { Logger } from "#server/logger.ts";
import { registrationConfirmMail, registrationMail, type SiteInfo } from "#server/mail/templates/registration.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import type { LockedRegistrationSettings, Registration, RegistrationCounts } from "#server/repos/registrations.ts";
import { formatSiteTime } from "#server/site-time.ts";
import type { AnnouncementService } from "./announcements";
import { type CsvExport, csvFile, csvFileName } from "./csv-file";
import type { RecordEraser } from "./personal-data";
import {
  ANNOUNCEMENT_NETWORK_LIMIT,
  announcementNetworkKey,
  queuePublicMail,
  REGISTRATION_FORM_LIMIT,
  REGISTRATION_MAIL_LIMIT,
  type SubmissionStore,
} from "./public-submissions";
import { registrationsCsv } from "./registrations-csv";

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
  { ok: true; status: "registered" } | { ok: true; status: "waiting"; position: number } | { ok: false; reason: "invalid" | "missing" };

/** How long a "Confirm your place" link works; an unconfirmed registration goes when it stops working. */
export const CONFIRM_LINK_MS = 24 * 60 * 60 * 1000;
/**
 * Housekeeping deletes an unconfirmed registration this long after its link stopped working, so an instance whose clock
 * runs a little ahead never deletes one that another instance is confirming at its link's last moment.
 */
const EXPIRY_CLOCK_MARGIN_MS = 60_000;
/** Unconfirmed registrations deleted per transaction by housekeeping. */
const EXPIRY_BATCH = 500;

/** A random 256-bit token, base64url (43 characters): the link's `token`. Only its SHA-256 is stored. */
const newConfirmToken = (): string => crypto.randomBytes(32).toString("base64url");
const hashConfirmToken = (token: string): string => crypto.createHash("sha256").update(token).digest("hex");
const isConfirmToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

class RegistrationRefused extends Error {
  constructor(readonly reason: RegistrationRefusal) {
    super(`registration refused: ${reason}`);
  }
}

/** A registration as the admin's list shows it: with when it came, in the society's time zone. */
export type ListedRegistration = Registration & { registered: string };

interface Deps {
  db: Kysely<Database>;
  store: SubmissionStore;
  logger: Logger;
  announcements: Pick<AnnouncementService, "registrationTarget" | "findForAdmin">;
  /** The site's name and address, as the registrant's mail and calendar file give them. */
  site(): Promise<{ siteName: string; publicUrl: string }>;
  erase: RecordEraser;
  timeZone: string;
  wakeMailer(): void;
}

/** A live announcement that takes registrations here, read once per request: what its form asks, and what its mails say. */
export type RegistrationTarget = NonNullable<Awaited<ReturnType<AnnouncementService["registrationTarget"]>>>;

/**
 * Registrations an announcement collects on the site. A registration holds nothing until the registrant confirms it
 * from the link mailed to them, so made-up addresses take no place. Confirming (taking a place) and giving one up
 * happen under the announcement's lock (registrationsRepo.lockAnnouncement), so however many confirm at once, from
 * however many instances, no more hold a place than there are places, places go in the order confirmations arrive, and
 * the waiting list moves up in that order.
 */
export function registrationService({ db, store, logger, announcements, site, erase, timeZone, wakeMailer }: Deps) {
  const repos = createRepos(db);
  /**
   * This instance's writes that take or give up places, one at a time. They queue on the announcement's lock anyway;
   * queued here, a rush of hundreds waits in memory instead of each holding one of the pool's few database connections
   * until the pool runs dry.
   */
  const inTurn = inTurnQueue(1);

  /**
   * Gives free places to the waiting list, first come first served, each with its mail in the same transaction; the
   * caller holds the announcement's lock (`locked`). Moving up is for people still waiting to register: only while the
   * announcement is live, takes registrations here and has not closed them; a finished one's list stays as it was.
   * Returns how many moved up.
   */
  async function fillPlaces(
    trx: Repos,
    announcementId: string,
    locked: LockedRegistrationSettings | undefined,
    siteInfo: SiteInfo,
    now: Date,
  ) {
    if (!locked?.registrationsHere) return 0;
    const { registered, waiting } = await trx.registrations.counts(announcementId);
    if (waiting === 0) return 0;
    const free = locked.capacity === null ? waiting : locked.capacity - registered;
    if (free <= 0) return 0;
    // Read under the lock, through the transaction (on SQLite it holds the one connection).
    const target = await announcements.registrationTarget(announcementId, now, trx);
    if (!target || target.closed) return 0;
    const promoted = await trx.registrations.nextWaiting(announcementId, free);
    await trx.registrations.setRegistered(promoted.map((registration) => registration.id));
    // Not through queuePublicMail's daily cap: an admin's act (Remove, erasure, more places) or the retention sweep
    // moved them up, never a visitor, and a held-back mail would leave someone with a place not knowing it.
    for (const registration of promoted) {
      await trx.mailOutbox.enqueue("registration", registrationMail(registration, "promoted", target, siteInfo), now, registration.id);
    }
    return promoted.length;
  }

  /**
   * The record eraser (see recordEraser) that gives up places as Remove does: the announcements of the registrations
   * `select` chooses are locked before they go, and once they have gone (with the audit entries) each one's free places
   * go to its waiting list (see fillPlaces), mailed through the outbox in the same transaction. In turn with this
   * instance's other writes that take or give up places. `now`: whether an announcement is still open, and the mails' time.
   */
  const eraseGivingUpPlaces: RecordEraser = async (select, audit, options = {}) => {
    const now = options.now ?? new Date();
    // Read before the transaction: on SQLite it holds the one connection until it ends.
    const siteInfo = await site();
    let moved = 0;
    const erased = await inTurn(() => {
      const locked = new Map<string, LockedRegistrationSettings | undefined>();
      return erase(
        async (trx) => {
          const chosen = await select(trx);
          // In the same (id) order in every transaction, so two erasures that share announcements never deadlock.
          for (const announcementId of await trx.registrations.announcementsOf(chosen.registrations)) {
            locked.set(announcementId, await trx.registrations.lockAnnouncement(announcementId));
          }
          return chosen;
        },
        async (trx, records) => {
          await audit(trx, records);
          for (const [announcementId, settings] of locked) moved += await fillPlaces(trx, announcementId, settings, siteInfo, now);
        },
        options,
      );
    });
    if (moved > 0) wakeMailer();
    return erased;
  };

  const listed = (registration: Registration): ListedRegistration => ({
    ...registration,
    registered: formatSiteTime(new Date(registration.createdAt), timeZone),
  });

  /** An announcement's registrations for the admin (any announcement, live or not); undefined when there is none. */
  async function listFor(announcementId: string, now: Date = new Date()) {
    const announcement = await announcements.findForAdmin(announcementId, now);
    if (!announcement) return undefined;
    const registrations = (await repos.registrations.listFor(announcementId)).map(listed);
    const count = (status: Registration["status"]) => registrations.filter((registration) => registration.status === status).length;
    const counts: RegistrationCounts = { registered: count("registered"), waiting: count("waiting"), unconfirmed: count("unconfirmed") };
    return { announcement, registrations, counts };
  }

  return {
    /**
     * A live announcement that takes registrations here, as a registration is made for it (its form's questions are
     * `settings.questions`); undefined for any other.
     */
    target: (announcementId: string, now: Date = new Date()) => announcements.registrationTarget(announcementId, now),

    /** The public form of a live announcement that takes registrations: its card, questions, and how full it is. */
    async form(announcementId: string, now: Date = new Date()) {
      const target = await announcements.registrationTarget(announcementId, now);
      if (!target) return undefined;
      const { registered, waiting } = await repos.registrations.counts(announcementId);
      const { capacity, questions } = target.settings;
      return {
        announcement: target.card,
        questions,
        closed: target.closed,
        closesAtText: target.settings.closesAt && formatSiteTime(new Date(target.settings.closesAt), timeZone),
        /** Null: no limit. */
        placesLeft: capacity === null ? null : Math.max(0, capacity - registered),
        waiting,
      };
    },

    /**
     * Takes a registration for `target` (as `target` read it, with the answers to its questions), holding nothing until
     * it is confirmed: its "Confirm your place" mail is queued (through queuePublicMail's caps). Refused when the
     * announcement no longer takes registrations here, when registering has closed, when the email is registered or
     * waiting already, when it is full and the person did not ask for the waiting list, and past
     * ANNOUNCEMENT_NETWORK_LIMIT registrations for the announcement from the client's network. The same email again
     * while unconfirmed makes no second registration: a new link is mailed (the old one stops working), unless the
     * mailbox's daily cap holds the mail back (then the old link still works). A submission sent again (same key)
     * answers as the first did and stores and mails nothing new.
     */
    async register(
      target: RegistrationTarget,
      input: RegistrationInput,
      clientIp: string,
      now: Date = new Date(),
    ): Promise<RegistrationResult> {
      const announcementId = target.card.id;
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
              const token = newConfirmToken();
              if (existing) {
                const resent = await queuePublicMail(
                  trx,
                  logger,
                  {
                    ...registrationConfirmMail(existing, target, siteInfo, token),
                    recordId: existing.id,
                    form: "registration",
                    siteLimit: REGISTRATION_MAIL_LIMIT,
                  },
                  now,
                );
                if (resent) await trx.registrations.renewLink(existing.id, hashConfirmToken(token), expiresAt);
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
                confirmTokenHash: hashConfirmToken(token),
                confirmExpiresAt: expiresAt,
              });
              return { id, created: true, confirmation: registrationConfirmMail(input, target, siteInfo, token), resent: false };
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
    },

    /**
     * What the page a "Confirm your place" link opens shows, changing nothing (a mail scanner that follows the link
     * confirms nothing): the announcement, and whether the link still confirms a registration. Undefined when the
     * announcement is not live or takes no registrations here.
     */
    async confirmation(announcementId: string, token: string, now: Date = new Date()) {
      const target = await announcements.registrationTarget(announcementId, now);
      if (!target) return undefined;
      const open =
        isConfirmToken(token) &&
        (await repos.registrations.findUnconfirmed(announcementId, hashConfirmToken(token), now.toISOString())) !== undefined;
      return { announcement: target.card, open };
    },

    /**
     * Confirms the registration a "Confirm your place" link names, under the announcement's lock: it takes a place
     * while one is free and no one waits, else it joins the waiting list; either way its mail is queued (through
     * queuePublicMail's caps) and the link stops working. A registration sent before registering closed may still be
     * confirmed within its 24 hours. Moving up from the waiting list later needs no second confirmation.
     */
    async confirm(announcementId: string, token: string, now: Date = new Date()): Promise<ConfirmResult> {
      if (!isRecordId(announcementId) || !isConfirmToken(token)) return { ok: false, reason: "invalid" };
      const tokenHash = hashConfirmToken(token);
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
          await queuePublicMail(
            trx,
            logger,
            {
              payload: full
                ? registrationMail(registration, "waiting", target, siteInfo, position)
                : registrationMail(registration, "registered", target, siteInfo),
              recordId: registration.id,
              form: "registration",
              siteLimit: REGISTRATION_MAIL_LIMIT,
            },
            now,
          );
          return full ? { ok: true, status: "waiting", position } : { ok: true, status: "registered" };
        }),
      );
      if (result.ok) wakeMailer();
      return result;
    },

    /**
     * Deletes the unconfirmed registrations whose link stopped working, with their mails (see recordEraser): they held
     * no place. Housekeeping runs it. Returns how many went.
     */
    async deleteExpiredUnconfirmed(now: Date = new Date()): Promise<number> {
      const before = new Date(now.getTime() - EXPIRY_CLOCK_MARGIN_MS).toISOString();
      // Most rounds find none: then no erasing transaction (nor its log checkpoint) at all.
      if ((await repos.registrations.expiredUnconfirmed(before, 1)).length === 0) return 0;
      let deleted = 0;
      for (;;) {
        const erased = await erase(
          async (trx) => ({
            applications: [],
            messages: [],
            registrations: await trx.registrations.expiredUnconfirmed(before, EXPIRY_BATCH),
          }),
          async () => undefined,
        );
        deleted += erased.registrations.length;
        if (erased.registrations.length < EXPIRY_BATCH) break;
      }
      if (deleted > 0) logger.info({ registrations: deleted }, "unconfirmed registrations deleted after their links expired");
      return deleted;
    },

    listFor,

    /** Registered, waiting and unconfirmed, per announcement (the admin's announcement list shows them). */
    countsByAnnouncement: () => repos.registrations.countsByAnnouncement(),

    /**
     * Removes a registration with every copy of its data (its mails: see recordEraser); when it held a place, the
     * first on the waiting list moves up and is mailed (see eraseGivingUpPlaces). Audited (ids only). False when there
     * is no such registration.
     */
    async remove(announcementId: string, registrationId: string, actorId: string, now: Date = new Date()): Promise<boolean> {
      if (!isRecordId(announcementId) || !isRecordId(registrationId)) return false;
      const erased = await eraseGivingUpPlaces(
        async (trx) => {
          const registration = await trx.registrations.findById(registrationId);
          return { applications: [], messages: [], registrations: registration?.announcementId === announcementId ? [registrationId] : [] };
        },
        async (trx, records) => {
          if (records.registrations.length === 0) return;
          await trx.auditLog.record(actorId, "registration.remove", `announcement=${announcementId} registration=${registrationId}`);
        },
        { now },
      );
      return erased.registrations.length > 0;
    },

    /** Erasure by email and the retention sweep go through this eraser, so a place they free moves the waiting list up. */
    erase: eraseGivingUpPlaces,

    /**
     * After the admin changed an announcement: places its new capacity opened go to the waiting list (mailed). Returns
     * how many moved up.
     */
    async fillOpenedPlaces(announcementId: string, now: Date = new Date()): Promise<number> {
      if (!isRecordId(announcementId)) return 0;
      const siteInfo = await site();
      const moved = await inTurn(() =>
        inTransaction(db, async (trx) =>
          fillPlaces(trx, announcementId, await trx.registrations.lockAnnouncement(announcementId), siteInfo, now),
        ),
      );
      if (moved > 0) wakeMailer();
      return moved;
    },

    /** An announcement's registrations as a spreadsheet file; undefined when there is no such announcement. */
    async exportCsv(announcementId: string, now: Date = new Date()): Promise<CsvExport | undefined> {
      const list = await listFor(announcementId, now);
      if (!list) return undefined;
      const questions = list.announcement.registration?.questions.map((question) => question.label) ?? [];
      return {
        body: csvFile(registrationsCsv(list.registrations, { questions, timeZone })),
        fileName: csvFileName(`registrations-${list.announcement.id.slice(-8)}`, now, timeZone),
      };
    },
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
