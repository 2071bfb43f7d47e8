import { isRecordId } from "#server/db/ids.ts";
import { registrationMail, type SiteInfo } from "#server/mail/templates/registration.ts";
import { inTransaction, type Repos } from "#server/repos/index.ts";
import type { LockedRegistrationSettings, Registration, RegistrationCounts } from "#server/repos/registrations.ts";
import { type CsvExport, csvFile, csvFileName } from "#server/services/csv-file.ts";
import type { RecordEraser } from "#server/services/personal-data.ts";
import { registrationsCsv } from "#server/services/registrations-csv.ts";
import { formatSiteTime } from "#server/site-time.ts";
import type { RegistrationDeps } from "./deps";

/** A registration as the admin's list shows it: with when it came and when it was checked in, in the society's time zone. */
export type ListedRegistration = Registration & { registered: string; checkedInText: string | null };

/** An announcement's registrations for the admin (any announcement, live or not); undefined when there is none. */
export async function listFor({ announcements, repos, timeZone }: RegistrationDeps, announcementId: string, now: Date = new Date()) {
  const announcement = await announcements.findForAdmin(announcementId, now);
  if (!announcement) return undefined;
  const registrations = (await repos.registrations.listFor(announcementId)).map((registration): ListedRegistration => ({
    ...registration,
    registered: formatSiteTime(new Date(registration.createdAt), timeZone),
    checkedInText: registration.checkedInAt && formatSiteTime(new Date(registration.checkedInAt), timeZone),
  }));
  const count = (status: Registration["status"]) => registrations.filter((registration) => registration.status === status).length;
  const counts: RegistrationCounts = { registered: count("registered"), waiting: count("waiting"), unconfirmed: count("unconfirmed") };
  const checkedIn = registrations.filter(
    (registration) => registration.status === "registered" && registration.checkedInAt !== null,
  ).length;
  const started = announcement.event !== null && announcement.event.startsAt <= now.toISOString();
  /** Who came: checked in, and (once the event has started) those with a place who were not. */
  const attendance = { checkedIn, noShows: started ? counts.registered - checkedIn : null };
  return { announcement, registrations, counts, attendance };
}

/** Registered, waiting and unconfirmed, per announcement (the admin's announcement list shows them). */
export const countsByAnnouncement = ({ repos }: RegistrationDeps) => repos.registrations.countsByAnnouncement();

/** An announcement's registrations as a spreadsheet file; undefined when there is no such announcement. */
export async function exportCsv(deps: RegistrationDeps, announcementId: string, now: Date = new Date()): Promise<CsvExport | undefined> {
  const list = await listFor(deps, announcementId, now);
  if (!list) return undefined;
  const questions = list.announcement.registration?.questions.map((question) => question.label) ?? [];
  return {
    body: csvFile(registrationsCsv(list.registrations, { questions, timeZone: deps.timeZone })),
    fileName: csvFileName(`registrations-${list.announcement.id.slice(-8)}`, now, deps.timeZone),
  };
}

/**
 * Gives free places to the waiting list, first come first served, each with its mail in the same transaction; the
 * caller holds the announcement's lock (`locked`). Moving up is for people still waiting to register: only while the
 * announcement is live, takes registrations here and has not closed them; a finished one's list stays as it was.
 * Returns how many moved up.
 */
async function fillPlaces(
  { announcements, tickets }: RegistrationDeps,
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
    // In the language they registered in, its ticket's link too.
    const { payload, secretLink } = registrationMail(
      registration,
      "promoted",
      target.inLocale(registration.locale),
      siteInfo,
      tickets.token(registration),
    );
    await trx.mailOutbox.enqueueWithLink("registration", payload, { url: secretLink }, now, registration.id);
  }
  return promoted.length;
}

/**
 * The record eraser (see recordEraser) that gives up places as Remove does: the announcements of the registrations
 * `select` chooses are locked before they go, and once they have gone (with the audit entries) each one's free places
 * go to its waiting list (see fillPlaces), mailed through the outbox in the same transaction. In turn with this
 * instance's other writes that take or give up places. `now`: whether an announcement is still open, and the mails' time.
 */
export async function eraseGivingUpPlaces(
  deps: RegistrationDeps,
  ...[select, audit, options = {}]: Parameters<RecordEraser>
): ReturnType<RecordEraser> {
  const { site, inTurn, erase, wakeMailer } = deps;
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
        for (const announcementId of await trx.registrations.announcementsOf(chosen.registrations ?? [])) {
          locked.set(announcementId, await trx.registrations.lockAnnouncement(announcementId));
        }
        return chosen;
      },
      async (trx, records) => {
        await audit(trx, records);
        for (const [announcementId, settings] of locked) moved += await fillPlaces(deps, trx, announcementId, settings, siteInfo, now);
      },
      options,
    );
  });
  if (moved > 0) wakeMailer();
  return erased;
}

/**
 * Removes a registration with every copy of its data (its mails: see recordEraser); when it held a place, the
 * first on the waiting list moves up and is mailed (see eraseGivingUpPlaces). Audited (ids only). False when there
 * is no such registration.
 */
export async function deleteRegistration(
  deps: RegistrationDeps,
  announcementId: string,
  registrationId: string,
  actorId: string,
  now: Date = new Date(),
): Promise<boolean> {
  if (!isRecordId(announcementId) || !isRecordId(registrationId)) return false;
  const erased = await eraseGivingUpPlaces(
    deps,
    async (trx) => {
      const registration = await trx.registrations.findById(registrationId);
      return { registrations: registration?.announcementId === announcementId ? [registrationId] : [] };
    },
    async (trx, records) => {
      if (records.registrations.length === 0) return;
      await trx.auditLog.record(actorId, "registration.remove", `announcement=${announcementId} registration=${registrationId}`);
    },
    { now },
  );
  return erased.registrations.length > 0;
}

/**
 * After the admin changed an announcement: places its new capacity opened go to the waiting list (mailed). Returns
 * how many moved up.
 */
export async function fillOpenedPlaces(deps: RegistrationDeps, announcementId: string, now: Date = new Date()): Promise<number> {
  if (!isRecordId(announcementId)) return 0;
  const { db, site, inTurn, wakeMailer } = deps;
  const siteInfo = await site();
  const moved = await inTurn(() =>
    inTransaction(db, async (trx) =>
      fillPlaces(deps, trx, announcementId, await trx.registrations.lockAnnouncement(announcementId), siteInfo, now),
    ),
  );
  if (moved > 0) wakeMailer();
  return moved;
}
