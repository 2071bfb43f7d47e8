import { bindFirst } from "#server/bind-first.ts";
import type { Db } from "./db";
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
    lockAnnouncement: bindFirst(db, places.lockAnnouncement),
    counts: bindFirst(db, lists.counts),
    waitingPosition: bindFirst(db, lists.waitingPosition),
    countsByAnnouncement: bindFirst(db, lists.countsByAnnouncement),
    findBySubmissionKey: bindFirst(db, registration.findBySubmissionKey),
    findByEmail: bindFirst(db, registration.findByEmail),
    findById: bindFirst(db, registration.findById),
    create: bindFirst(db, registration.create),
    findUnconfirmed: bindFirst(db, registration.findUnconfirmed),
    renewLink: bindFirst(db, registration.renewLink),
    checkIn: bindFirst(db, registration.checkIn),
    undoCheckIn: bindFirst(db, registration.undoCheckIn),
    addOfflineAdmission: bindFirst(db, registration.addOfflineAdmission),
    confirm: bindFirst(db, places.confirm),
    expiredUnconfirmed: bindFirst(db, registration.expiredUnconfirmed),
    nextWaiting: bindFirst(db, places.nextWaiting),
    setRegistered: bindFirst(db, places.setRegistered),
    listFor: bindFirst(db, lists.listFor),
    idsFor: bindFirst(db, lists.idsFor),
    announcementsOf: bindFirst(db, places.announcementsOf),
    delete: bindFirst(db, places.deleteRegistrations),
  };
}
