import type { Kysely } from "kysely";
import { greetableName } from "#core/greetable-name";
import { announcementPagePath } from "#core/public-pages";
import type { RegistrationInput } from "#core/schemas/registration";
import { waitingMessage } from "#core/schemas/registration-messages";
import { isRecordId, newId } from "../db/ids";
import type { Database } from "../db/schema";
import { inTurnQueue } from "../in-turn";
import type { OutboxPayload } from "../mail/messages";
import { createRepos, inTransaction, type Repos } from "../repos";
import type { LockedRegistrationSettings, Registration, RegistrationCounts } from "../repos/registrations";
import { formatSiteTime } from "../site-time";
import type { AnnouncementService } from "./announcements";
import { type CsvExport, csvFile, csvFileName } from "./csv-file";
import type { RecordEraser } from "./personal-data";
import { REGISTRATION_FORM_LIMIT, REGISTRATION_MAIL_LIMIT, type SubmissionStore } from "./public-submissions";
import { registrationsCsv } from "./registrations-csv";

/** Why a registration was not taken (the form says each in the spec's words: see REGISTRATION_MESSAGES). */
export type RegistrationRefusal = "missing" | "closed" | "full" | "already-registered";

export type RegistrationResult =
  | { ok: true; status: "registered" }
  | { ok: true; status: "waiting"; position: number }
  | { ok: false; reason: RegistrationRefusal }
  | { ok: false; reason: "limit-reached"; retryAfterSeconds: number };

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
  announcements: Pick<AnnouncementService, "registrationTarget" | "findForAdmin">;
  /** The site's name and address, as the registrant's mail and calendar file give them. */
  site(): Promise<{ siteName: string; publicUrl: string }>;
  erase: RecordEraser;
  timeZone: string;
  wakeMailer(): void;
}

/** A live announcement that takes registrations here, read once per request: what its form asks, and what its mails say. */
export type RegistrationTarget = NonNullable<Awaited<ReturnType<AnnouncementService["registrationTarget"]>>>;

type SiteInfo = { siteName: string; publicUrl: string };

/**
 * Registrations an announcement collects on the site. Taking a place and giving one up happen under the
 * announcement's lock (registrationsRepo.lockAnnouncement), so however many people register at once, from however
 * many instances, no more hold a place than there are places, and the waiting list moves up in the order people came.
 */
export function registrationService({ db, store, announcements, site, erase, timeZone, wakeMailer }: Deps) {
  const repos = createRepos(db);
  /**
   * This instance's writes that take or give up places, one at a time. They queue on the announcement's lock anyway;
   * queued here, a rush of hundreds waits in memory instead of each holding one of the pool's few database connections
   * until the pool runs dry.
   */
  const inTurn = inTurnQueue(1);

  /** The registrant's mail: registered, on the waiting list, or moved up from it; with the event's calendar file. */
  function mailTo(
    person: { name: string; email: string },
    outcome: "registered" | "waiting" | "promoted",
    target: RegistrationTarget,
    siteInfo: SiteInfo,
    position = 0,
  ): Extract<OutboxPayload, { kind: "registration" }> {
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
    const event = card.event ? [`When: ${card.event.when}`, ...(card.event.location ? [`Where: ${card.event.location}`] : []), ""] : [];
    const calendar = outcome === "waiting" ? null : target.calendar(siteInfo);
    const calendarNote = calendar ? ["The attached calendar file adds the event to your calendar.", ""] : [];
    // The address typed may be a stranger's: the typed name reaches it only when it looks like a person's.
    const name = greetableName(person.name);
    const text = [
      name ? `Hello ${name},` : "Hello,",
      "",
      opening,
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
    ].join("\n");
    return {
      kind: "registration",
      to: { name: name ?? "", address: person.email },
      subject,
      text,
      calendar,
    };
  }

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
      await trx.mailOutbox.enqueue("registration", mailTo(registration, "promoted", target, siteInfo), now, registration.id);
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

  /** Where a stored registration stands: 0 holding a place, else its place on the waiting list. */
  const positionOf = async (trx: Repos, registration: Registration) =>
    registration.status === "registered" ? 0 : trx.registrations.waitingPosition(registration);

  const listed = (registration: Registration): ListedRegistration => ({
    ...registration,
    registered: formatSiteTime(new Date(registration.createdAt), timeZone),
  });

  /** An announcement's registrations for the admin (any announcement, live or not); undefined when there is none. */
  async function listFor(announcementId: string, now: Date = new Date()) {
    const announcement = await announcements.findForAdmin(announcementId, now);
    if (!announcement) return undefined;
    const registrations = (await repos.registrations.listFor(announcementId)).map(listed);
    const counts: RegistrationCounts = {
      registered: registrations.filter((registration) => registration.status === "registered").length,
      waiting: registrations.filter((registration) => registration.status === "waiting").length,
    };
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
     * Takes a registration for `target` (as `target` read it, with the answers to its questions): a place while there
     * is one, else (when the person said yes to it) the waiting list. Refused when the announcement no longer takes
     * registrations here, when registering has closed, when the email is already registered, and when it is full and
     * the person did not ask for the waiting list. A submission sent again (same key) answers as the first did and
     * stores nothing new.
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
              if (earlier) return { id: earlier.id, created: false, position: await positionOf(trx, earlier) };
              if (locked.closesAt !== null && locked.closesAt <= at) throw new RegistrationRefused("closed");
              if (await trx.registrations.findByEmail(announcementId, input.email)) throw new RegistrationRefused("already-registered");
              const { registered, waiting } = await trx.registrations.counts(announcementId);
              const full = locked.capacity !== null && (registered >= locked.capacity || waiting > 0);
              if (full && !input.waitingList) throw new RegistrationRefused("full");
              const row = {
                id: newId(),
                announcement_id: announcementId,
                name: input.name,
                email: input.email,
                phone: input.phone,
                class: input.class,
                answers: JSON.stringify(input.answers),
                status: full ? ("waiting" as const) : ("registered" as const),
                submission_key: input.submissionKey ?? null,
                created_at: at,
              };
              await trx.registrations.create(row);
              const position = full ? waiting + 1 : 0;
              const confirmation = full
                ? mailTo(input, "waiting", target, siteInfo, position)
                : mailTo(input, "registered", target, siteInfo);
              return { id: row.id, created: true, confirmation, position };
            },
            now,
          }),
        );
        if (!stored.ok) return { ok: false, reason: "limit-reached", retryAfterSeconds: stored.retryAfterSeconds };
        return stored.position > 0 ? { ok: true, status: "waiting", position: stored.position } : { ok: true, status: "registered" };
      } catch (error) {
        if (error instanceof RegistrationRefused) return { ok: false, reason: error.reason };
        throw error;
      }
    },

    listFor,

    /** Registered and waiting, per announcement (the admin's announcement list shows them). */
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
