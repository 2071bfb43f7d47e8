import { bindFirst } from "#server/bind-first.ts";
import { inTurnQueue } from "#server/in-turn.ts";
import { createRepos } from "#server/repos/index.ts";
import * as admin from "#server/services/registrations/admin.ts";
import * as checkIns from "#server/services/registrations/check-in.ts";
import * as doorLinks from "#server/services/registrations/door-links.ts";
import * as offlineDoor from "#server/services/registrations/offline-door.ts";
import type { RegistrationDeps } from "#server/services/registrations/deps.ts";
import { deleteExpiredUnconfirmed } from "#server/services/registrations/expiry.ts";
import * as registering from "#server/services/registrations/registering.ts";
import { ticket } from "#server/services/registrations/ticket-page.ts";

export type { CheckInResult, DoorEntry } from "#server/services/registrations/check-in.ts";
export type { ListedDoorLink } from "#server/services/registrations/door-links.ts";
export type { OfflineCheckInOutcome, OfflineDoorEntry, OfflineDoorList } from "#server/services/registrations/offline-door.ts";
export { CONFIRM_LINK_MS, type RegistrationRequest } from "#server/services/registrations/registering.ts";

/**
 * Registrations an announcement collects on the site. A registration holds nothing until the registrant confirms it
 * from the link mailed to them, so made-up addresses take no place. Confirming (taking a place) and giving one up
 * happen under the announcement's lock (registrationsRepo.lockAnnouncement), so however many confirm at once, from
 * however many instances, no more hold a place than there are places, places go in the order confirmations arrive, and
 * the waiting list moves up in that order.
 */
export function registrationService(services: Omit<RegistrationDeps, "repos" | "inTurn">) {
  const deps: RegistrationDeps = { ...services, repos: createRepos(services.db), inTurn: inTurnQueue(1) };
  return {
    target: bindFirst(deps, registering.target),
    form: bindFirst(deps, registering.form),
    register: bindFirst(deps, registering.register),
    confirmation: bindFirst(deps, registering.confirmation),
    confirm: bindFirst(deps, registering.confirm),
    /** A confirmed registration's ticket, as its page shows it. */
    ticket: bindFirst(deps, ticket),
    deleteExpiredUnconfirmed: bindFirst(deps, deleteExpiredUnconfirmed),
    listFor: bindFirst(deps, admin.listFor),
    countsByAnnouncement: bindFirst(deps, admin.countsByAnnouncement),
    delete: bindFirst(deps, admin.deleteRegistration),
    /** Erasure by email and the retention sweep go through this eraser, so a place they free moves the waiting list up. */
    erase: bindFirst(deps, admin.eraseGivingUpPlaces),
    fillOpenedPlaces: bindFirst(deps, admin.fillOpenedPlaces),
    exportCsv: bindFirst(deps, admin.exportCsv),
    /** The check-in screen: counts, and a search by name or short code. */
    door: bindFirst(deps, checkIns.door),
    checkIn: bindFirst(deps, checkIns.checkIn),
    walkIn: bindFirst(deps, checkIns.walkIn),
    undoCheckIn: bindFirst(deps, checkIns.undoCheckIn),
    /** The list a door phone keeps to check tickets offline, and the check-ins it made so, once it is back online. */
    offlineDoorList: bindFirst(deps, offlineDoor.offlineDoorList),
    syncOfflineCheckIns: bindFirst(deps, offlineDoor.syncOfflineCheckIns),
    /** Door links: an event's check-in screen for a volunteer with no account. */
    createDoorLink: bindFirst(deps, doorLinks.createDoorLink),
    doorLinksFor: bindFirst(deps, doorLinks.doorLinksFor),
    revokeDoorLink: bindFirst(deps, doorLinks.revokeDoorLink),
    openDoor: bindFirst(deps, doorLinks.openDoor),
    deleteEndedDoorLinks: bindFirst(deps, doorLinks.deleteEndedDoorLinks),
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
