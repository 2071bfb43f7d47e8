import { inTurnQueue } from "#server/in-turn.ts";
import { createRepos } from "#server/repos/index.ts";
import * as admin from "#server/services/registrations/admin.ts";
import type { RegistrationDeps } from "#server/services/registrations/deps.ts";
import { deleteExpiredUnconfirmed } from "#server/services/registrations/expiry.ts";
import * as registering from "#server/services/registrations/registering.ts";

export type { ListedRegistration } from "#server/services/registrations/admin.ts";
export type { ConfirmResult, RegistrationRefusal, RegistrationResult } from "#server/services/registrations/registering.ts";
export { CONFIRM_LINK_MS, type RegistrationTarget } from "#server/services/registrations/registering.ts";

/**
 * Registrations an announcement collects on the site. A registration holds nothing until the registrant confirms it
 * from the link mailed to them, so made-up addresses take no place. Confirming (taking a place) and giving one up
 * happen under the announcement's lock (registrationsRepo.lockAnnouncement), so however many confirm at once, from
 * however many instances, no more hold a place than there are places, places go in the order confirmations arrive, and
 * the waiting list moves up in that order.
 */
export function registrationService(services: Omit<RegistrationDeps, "repos" | "inTurn">) {
  const deps: RegistrationDeps = { ...services, repos: createRepos(services.db), inTurn: inTurnQueue(1) };
  function withDeps<A extends unknown[], R>(method: (deps: RegistrationDeps, ...args: A) => R) {
    return (...args: A) => method(deps, ...args);
  }
  return {
    target: withDeps(registering.target),
    form: withDeps(registering.form),
    register: withDeps(registering.register),
    confirmation: withDeps(registering.confirmation),
    confirm: withDeps(registering.confirm),
    deleteExpiredUnconfirmed: withDeps(deleteExpiredUnconfirmed),
    listFor: withDeps(admin.listFor),
    countsByAnnouncement: withDeps(admin.countsByAnnouncement),
    delete: withDeps(admin.deleteRegistration),
    /** Erasure by email and the retention sweep go through this eraser, so a place they free moves the waiting list up. */
    erase: withDeps(admin.eraseGivingUpPlaces),
    fillOpenedPlaces: withDeps(admin.fillOpenedPlaces),
    exportCsv: withDeps(admin.exportCsv),
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
