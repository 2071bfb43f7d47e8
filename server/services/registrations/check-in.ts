import { searchTheDoor } from "#core/tickets.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import { inTransaction } from "#server/repos/index.ts";
import type { Registration } from "#server/repos/registrations.ts";
import { formatSiteTime } from "#server/site-time.ts";
import type { RegistrationDeps } from "./deps";

/** What checking a ticket in came to: the door screen shows each in a colour and words of its own. */
export type CheckInResult =
  | { outcome: "checked-in"; name: string }
  | { outcome: "already"; name: string; by: string; atText: string }
  | { outcome: "waiting"; name: string; position: number }
  | { outcome: "not-for-event" };

/** What is checked in: a scanned or typed ticket (its token), or a person picked from the list. */
export type CheckInTarget = { token: string } | { registrationId: string };

/** A person at the door, as the check-in screen lists them. */
export interface DoorEntry {
  id: string;
  name: string;
  status: "registered" | "waiting";
  shortCode: string;
  /** When and by whom they were checked in, and whether offline phones admitted them twice; null until they are. */
  checkedIn: { atText: string; by: string; scannedTwice: boolean } | null;
}

/** A person with a place or waiting, as the door lists them. */
export function doorEntryOf(
  { tickets, timeZone }: Pick<RegistrationDeps, "tickets" | "timeZone">,
  registration: Registration & { status: DoorEntry["status"] },
): DoorEntry {
  return {
    id: registration.id,
    name: registration.name,
    status: registration.status,
    shortCode: tickets.shortCode(registration),
    checkedIn:
      registration.checkedInAt === null
        ? null
        : {
            atText: formatSiteTime(new Date(registration.checkedInAt), timeZone),
            by: registration.checkedInBy ?? "",
            scannedTwice: registration.checkInScans > 1,
          },
  };
}

/** The registration a ticket or a picked person names, when it is one of this announcement's; undefined otherwise. */
async function holderOf({ repos, tickets }: RegistrationDeps, announcementId: string, target: CheckInTarget) {
  if (!isRecordId(announcementId)) return undefined;
  if ("token" in target) {
    const read = tickets.read(target.token);
    const registration = read && (await repos.registrations.findById(read.registrationId));
    // Signed for this announcement: a ticket for another event, or one made up, is no ticket here.
    return registration && registration.announcementId === announcementId && tickets.isTicketOf(read, registration)
      ? registration
      : undefined;
  }
  if (!isRecordId(target.registrationId)) return undefined;
  const registration = await repos.registrations.findById(target.registrationId);
  return registration?.announcementId === announcementId ? registration : undefined;
}

/**
 * Checks a ticket in at the door of `announcementId`, as `by` (the admin's name). Only a place admits: a waiting-list
 * ticket is turned away with its number, an unconfirmed or removed registration's or another event's is no ticket. A
 * ticket checked in already (a second scan, a second phone) changes nothing and says by whom and when.
 */
export async function checkIn(
  deps: RegistrationDeps,
  announcementId: string,
  target: CheckInTarget,
  by: string,
  now: Date = new Date(),
): Promise<CheckInResult> {
  const registration = await holderOf(deps, announcementId, target);
  if (!registration || registration.status === "unconfirmed") return { outcome: "not-for-event" };
  const { name } = registration;
  if (registration.status === "waiting") {
    return { outcome: "waiting", name, position: await deps.repos.registrations.waitingPosition(announcementId, registration.arrival) };
  }
  if (await deps.repos.registrations.checkIn(registration.id, now.toISOString(), by)) return { outcome: "checked-in", name };
  const current = await deps.repos.registrations.findById(registration.id);
  // Undone between the two: this scan checks them in after all.
  if (!current?.checkedInAt) return checkIn(deps, announcementId, target, by, now);
  return { outcome: "already", name, by: current.checkedInBy ?? "", atText: formatSiteTime(new Date(current.checkedInAt), deps.timeZone) };
}

/** Why a walk-in was not added: no places left, the email already registered, or no such announcement. */
export type WalkInRefusal = "full" | "already-registered" | "missing";

/**
 * Adds someone who came without registering and checks them in, as `by`: a place like any other, so refused once the
 * places are taken. An email already holding a place or waiting is refused (search for them instead); one whose
 * registration was never confirmed is confirmed now. Under the announcement's lock, in turn with the confirmations.
 */
export async function walkIn(
  deps: RegistrationDeps,
  announcementId: string,
  person: { name: string; email: string; phone: string },
  by: string,
  now: Date = new Date(),
): Promise<{ ok: true; result: CheckInResult } | { ok: false; reason: WalkInRefusal }> {
  if (!isRecordId(announcementId)) return { ok: false, reason: "missing" };
  const at = now.toISOString();
  return deps.inTurn(() =>
    inTransaction(deps.db, async (trx) => {
      const locked = await trx.registrations.lockAnnouncement(announcementId);
      if (!locked) return { ok: false, reason: "missing" } as const;
      const existing = await trx.registrations.findByEmail(announcementId, person.email);
      if (existing && existing.status !== "unconfirmed") return { ok: false, reason: "already-registered" } as const;
      const { registered } = await trx.registrations.counts(announcementId);
      if (locked.capacity !== null && registered >= locked.capacity) return { ok: false, reason: "full" } as const;
      const id = existing?.id ?? newId();
      if (!existing) {
        await trx.registrations.create({
          id,
          announcementId,
          ...person,
          class: "",
          answers: "[]",
          submissionKey: null,
          createdAt: at,
          confirmTokenHash: null,
          confirmExpiresAt: null,
        });
      }
      await trx.registrations.confirm(id, announcementId, "registered");
      await trx.registrations.checkIn(id, at, by);
      return { ok: true, result: { outcome: "checked-in", name: existing?.name ?? person.name } } as const;
    }),
  );
}

/** Undoes a check-in (a wrong person picked), audited; false when it was not checked in, or is not this announcement's. */
export async function undoCheckIn(
  deps: RegistrationDeps,
  announcementId: string,
  registrationId: string,
  actorId: string,
): Promise<boolean> {
  if (!isRecordId(announcementId) || !isRecordId(registrationId)) return false;
  return inTransaction(deps.db, async (trx) => {
    const registration = await trx.registrations.findById(registrationId);
    if (registration?.announcementId !== announcementId || !(await trx.registrations.undoCheckIn(registrationId))) return false;
    await trx.auditLog.record(actorId, "registration.check-in-undo", `announcement=${announcementId} registration=${registrationId}`);
    return true;
  });
}

/**
 * The check-in screen of an announcement (any state: the door may open before it goes live, and lists stay after it
 * expires): how many hold a place and how many of them are checked in, and the people a search finds, by a part of
 * their name or by their ticket's short code (typed in any case, with or without its dash). Undefined when there is no
 * such announcement.
 */
export async function door(deps: RegistrationDeps, announcementId: string, query: string, now: Date = new Date()) {
  const announcement = await deps.announcements.findForAdmin(announcementId, now);
  if (!announcement) return undefined;
  const confirmed = (await deps.repos.registrations.listFor(announcementId)).filter(
    (registration): registration is Registration & { status: DoorEntry["status"] } => registration.status !== "unconfirmed",
  );
  const registered = confirmed.filter((registration) => registration.status === "registered");
  const { found, more } = searchTheDoor(confirmed, query, deps.tickets.shortCode);
  return {
    announcement,
    /** How many more the search matched than it lists (type more of the name to find them). */
    more,
    counts: { registered: registered.length, checkedIn: registered.filter((registration) => registration.checkedInAt !== null).length },
    found: found.map((registration) => doorEntryOf(deps, registration)),
  };
}
