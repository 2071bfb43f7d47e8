import { bindFirst } from "#server/bind-first.ts";
import type { AnnouncementDeps } from "#server/services/announcements/deps.ts";
import { deleteAnnouncement, sweepOrphanImages } from "#server/services/announcements/deletion.ts";
import { listForAdmin, save } from "#server/services/announcements/editing.ts";
import { calendarFile, feed, findLive, listLive } from "#server/services/announcements/public-reads.ts";
import { findForAdmin, registrationTarget } from "#server/services/announcements/registration-targets.ts";

export { ORPHAN_IMAGE_GRACE_MS } from "#server/services/announcements/deletion.ts";
export type { AdminAnnouncement, AnnouncementFields, AnnouncementNotification } from "#server/services/announcements/editing.ts";
export { ANNOUNCEMENT_IMAGE_FOLDER } from "#server/services/announcements/editing.ts";
export type { PublicAnnouncement } from "#server/services/announcements/card.ts";

/**
 * The admin's announcement rules. A save stores a new image first (re-encoded, never as sent), then writes the row in
 * one transaction with its audit entry and the content version's raise; the image it replaced goes once the row no
 * longer shows it. A delete takes the row first, then its files; a file that cannot be removed is logged and left to
 * `sweepOrphanImages`, so nothing ever points at a missing file.
 */
export function announcementService(deps: AnnouncementDeps) {
  return {
    listLive: bindFirst(deps, listLive),
    feed: bindFirst(deps, feed),
    calendarFile: bindFirst(deps, calendarFile),
    findLive: bindFirst(deps, findLive),
    registrationTarget: bindFirst(deps, registrationTarget),
    findForAdmin: bindFirst(deps, findForAdmin),
    listForAdmin: bindFirst(deps, listForAdmin),
    save: bindFirst(deps, save),
    delete: bindFirst(deps, deleteAnnouncement),
    sweepOrphanImages: bindFirst(deps, sweepOrphanImages),
  };
}

export type AnnouncementService = ReturnType<typeof announcementService>;
