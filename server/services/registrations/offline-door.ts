import { isRecordId } from "#server/db/ids.ts";
import { hashLinkToken } from "#server/link-token.ts";
import type { RegistrationDeps } from "./deps";
import { type DoorEntry, doorEntryOf } from "./check-in";
import { DOOR_LINK_GRACE_MS } from "./door-links";

/** How long a phone keeps an event's list at least, for an announcement with no event times to go by. */
const LIST_KEPT_MS = 12 * 60 * 60 * 1000;
/** How many times an offline check-in is read again when another phone's changed it in between. */
const MERGE_ATTEMPTS = 5;

/**
 * A ticket as a door phone keeps it, to check tickets with no network: the SHA-256 of its token (a scanned code is
 * hashed and looked up; the list holds no usable ticket), the name, its place or waiting number, and its check-in.
 */
export interface OfflineDoorEntry extends DoorEntry {
  /** Its number on the waiting list; null with a place. */
  position: number | null;
  ticketHash: string;
}

/** An event's list for a door phone, and until when the phone may keep it (it deletes it then). */
export interface OfflineDoorList {
  announcementId: string;
  heading: string;
  keepUntil: string;
  /** The society's time zone, in which the phone writes the times of its own check-ins. */
  timeZone: string;
  entries: OfflineDoorEntry[];
}

/** The list a door phone keeps for the announcement's door: everyone with a place or waiting. Undefined when there is no such announcement. */
export async function offlineDoorList(
  deps: RegistrationDeps,
  announcementId: string,
  now: Date = new Date(),
): Promise<OfflineDoorList | undefined> {
  const announcement = await deps.announcements.findForAdmin(announcementId, now);
  if (!announcement) return undefined;
  const event = (await deps.repos.announcements.findById(announcementId))?.event;
  const eventOver = event ? new Date(event.endsAt ?? event.startsAt).getTime() + DOOR_LINK_GRACE_MS : 0;
  let waiting = 0;
  const entries = (await deps.repos.registrations.listFor(announcementId)).flatMap((registration): OfflineDoorEntry[] => {
    if (registration.status === "unconfirmed") return [];
    const position = registration.status === "waiting" ? ++waiting : null;
    const ticketHash = hashLinkToken(deps.tickets.token(registration));
    return [{ ...doorEntryOf(deps, { ...registration, status: registration.status }), position, ticketHash }];
  });
  return {
    announcementId,
    heading: announcement.heading,
    keepUntil: new Date(Math.max(eventOver, now.getTime() + LIST_KEPT_MS)).toISOString(),
    timeZone: deps.timeZone,
    entries,
  };
}

/** A check-in a phone made while offline: whom (from its list) and when (its clock), sent once the network returns. */
export interface OfflineCheckIn {
  registrationId: string;
  at: string;
}

/**
 * What came of one: `checked-in`; `scanned-twice` (someone else had admitted them: one check-in, at the earlier time,
 * noted as scanned twice); `sent-before` (this very check-in arrived already, its answer lost); `not-for-event` (removed
 * since the list was taken, or not this event's).
 */
export type OfflineCheckInOutcome = "checked-in" | "scanned-twice" | "sent-before" | "not-for-event";

/**
 * Records the check-ins a door phone made while offline, as `by`. A time in the future (a phone's clock ahead) counts as
 * now. A check-in repeated exactly (same time, same door) is the same one sent again.
 */
export async function syncOfflineCheckIns(
  deps: RegistrationDeps,
  announcementId: string,
  checkIns: readonly OfflineCheckIn[],
  by: string,
  now: Date = new Date(),
): Promise<{ registrationId: string; outcome: OfflineCheckInOutcome }[]> {
  const answers = [];
  for (const checkIn of checkIns) {
    const at = new Date(Math.min(new Date(checkIn.at).getTime(), now.getTime())).toISOString();
    answers.push({
      registrationId: checkIn.registrationId,
      outcome: await recordOffline(deps, announcementId, checkIn.registrationId, at, by),
    });
  }
  return answers;
}

async function recordOffline(
  { repos }: RegistrationDeps,
  announcementId: string,
  registrationId: string,
  at: string,
  by: string,
): Promise<OfflineCheckInOutcome> {
  if (!isRecordId(announcementId) || !isRecordId(registrationId)) return "not-for-event";
  for (let attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
    const current = await repos.registrations.findById(registrationId);
    if (current?.announcementId !== announcementId || current.status !== "registered") return "not-for-event";
    if (current.checkedInAt === null) {
      if (await repos.registrations.checkIn(registrationId, at, by)) return "checked-in";
    } else if (current.checkedInAt === at && current.checkedInBy === by) {
      return "sent-before";
    } else if (await repos.registrations.addOfflineAdmission(current, at, by)) {
      return "scanned-twice";
    }
  }
  throw new Error(`offline check-in of ${registrationId} kept changing under it`);
}
