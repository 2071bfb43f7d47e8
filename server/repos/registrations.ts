import { type Db, withDb } from "#server/repos/db.ts";
import * as lists from "#server/repos/registrations/lists.ts";
import * as places from "#server/repos/registrations/places.ts";
import * as registration from "#server/repos/registrations/registration.ts";

export type { RegistrationCounts } from "#server/repos/registrations/lists.ts";
export type { LockedRegistrationSettings } from "#server/repos/registrations/places.ts";
export type { Registration } from "#server/repos/registrations/registration.ts";

/**
 * Registrations. Whatever changes who holds a place (a confirmation, a removal) first locks its announcement's row
 * (`lockAnnouncement`, inside the caller's transaction), so on either engine and from any number of instances the
 * places are counted and taken one writer at a time.
 */
export function registrationsRepo(db: Db) {
  return {
    lockAnnouncement: withDb(db, places.lockAnnouncement),
    counts: withDb(db, lists.counts),
    countsByAnnouncement: withDb(db, lists.countsByAnnouncement),
    findBySubmissionKey: withDb(db, registration.findBySubmissionKey),
    findByEmail: withDb(db, registration.findByEmail),
    findById: withDb(db, registration.findById),
    create: withDb(db, registration.create),
    findUnconfirmed: withDb(db, registration.findUnconfirmed),
    renewLink: withDb(db, registration.renewLink),
    confirm: withDb(db, places.confirm),
    expiredUnconfirmed: withDb(db, registration.expiredUnconfirmed),
    nextWaiting: withDb(db, places.nextWaiting),
    setRegistered: withDb(db, places.setRegistered),
    listFor: withDb(db, lists.listFor),
    idsFor: withDb(db, lists.idsFor),
    announcementsOf: withDb(db, places.announcementsOf),
    delete: withDb(db, places.deleteRegistrations),
  };
}
