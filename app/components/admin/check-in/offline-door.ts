import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { formatSiteTime } from "#core/site-time.ts";
import { searchTheDoor } from "#core/tickets.ts";
import type { CheckInResult, DoorEntry, OfflineDoorEntry, OfflineDoorList } from "#server/services/registrations.ts";

/** A check-in this phone made offline, kept until the server has it. */
export interface QueuedCheckIn {
  /** The phone's own id for it. */
  id: string;
  announcementId: string;
  registrationId: string;
  /** When, by the phone's clock (ISO). */
  at: string;
}

/** An event's list as the phone keeps it: as the server gave it, with the phone's own check-ins marked. */
export interface KeptDoorList extends OfflineDoorList {
  /** When the server gave it (ISO). */
  savedAt: string;
}

interface DoorDatabase extends DBSchema {
  lists: { key: string; value: KeptDoorList };
  queue: { key: string; value: QueuedCheckIn; indexes: { byAnnouncement: string } };
}

let opened: Promise<IDBPDatabase<DoorDatabase>> | undefined;

/** The phone's door database: the lists of the events it checks in, and its check-ins not yet sent. */
function doorDatabase() {
  opened ??= openDB<DoorDatabase>("society-door", 1, {
    upgrade(database) {
      database.createObjectStore("lists", { keyPath: "announcementId" });
      database.createObjectStore("queue", { keyPath: "id" }).createIndex("byAnnouncement", "announcementId");
    },
  });
  return opened;
}

/** Keeps the event's list the server gave, with the check-ins this phone has not yet sent still marked in it. */
export async function keepList(list: OfflineDoorList, now = new Date()): Promise<KeptDoorList> {
  const database = await doorDatabase();
  const transaction = database.transaction(["lists", "queue"], "readwrite");
  const unsent = await transaction.objectStore("queue").index("byAnnouncement").getAll(list.announcementId);
  const kept: KeptDoorList = { ...list, savedAt: now.toISOString() };
  for (const checkIn of unsent) markCheckedIn(kept, checkIn);
  await transaction.objectStore("lists").put(kept);
  await transaction.done;
  return kept;
}

export async function keptList(announcementId: string): Promise<KeptDoorList | undefined> {
  return (await doorDatabase()).get("lists", announcementId);
}

/** Deletes a list the phone may no longer keep: its door closed, or past its keep-until time. Its unsent check-ins stay. */
export async function forgetList(announcementId: string) {
  await (await doorDatabase()).delete("lists", announcementId);
}

export async function forgetListsPast(now = new Date()) {
  const database = await doorDatabase();
  for (const list of await database.getAll("lists")) {
    if (new Date(list.keepUntil) <= now) await database.delete("lists", list.announcementId);
  }
}

export async function unsentCheckIns(announcementId: string): Promise<QueuedCheckIn[]> {
  return (await doorDatabase()).getAllFromIndex("queue", "byAnnouncement", announcementId);
}

/** Forgets check-ins the server has answered. */
export async function forgetSent(ids: readonly string[]) {
  const transaction = (await doorDatabase()).transaction("queue", "readwrite");
  await Promise.all([...ids.map((id) => transaction.store.delete(id)), transaction.done]);
}

function markCheckedIn(list: KeptDoorList, checkIn: QueuedCheckIn) {
  const entry = list.entries.find((candidate) => candidate.id === checkIn.registrationId);
  if (!entry || entry.checkedIn) return;
  entry.checkedIn = { atText: formatSiteTime(new Date(checkIn.at), list.timeZone), by: CHECK_IN_MESSAGES.thisPhone, scannedTwice: false };
}

/** The SHA-256 (hex) of a scanned ticket's token, as the list keeps it; undefined where the browser cannot hash (not HTTPS). */
async function ticketHash(token: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** What a check-in names: a scanned ticket's token, or a person picked from the list. */
type DoorTarget = { token: string } | { registrationId: string };

/** Which entry of a kept list `target` names; undefined where a token cannot be hashed here. */
async function entryMatcher(target: DoorTarget): Promise<((entry: OfflineDoorEntry) => boolean) | undefined> {
  if (!("token" in target)) return (entry) => entry.id === target.registrationId;
  const hash = await ticketHash(target.token);
  return hash === undefined ? undefined : (entry) => entry.ticketHash === hash;
}

/**
 * A check-in made with no network, from the kept list: the same outcomes as the server's, the check-in queued to be
 * sent. Undefined when the phone has no list of this event (it was never opened online).
 */
export async function checkInOffline(announcementId: string, target: DoorTarget, now = new Date()): Promise<CheckInResult | undefined> {
  const matches = await entryMatcher(target);
  if (!matches) return undefined;
  const database = await doorDatabase();
  const transaction = database.transaction(["lists", "queue"], "readwrite");
  const list = await transaction.objectStore("lists").get(announcementId);
  if (!list) return undefined;
  const entry = list.entries.find(matches);
  const result = offlineOutcome(entry);
  if (result.outcome === "checked-in" && entry) {
    const checkIn = { id: crypto.randomUUID(), announcementId, registrationId: entry.id, at: now.toISOString() };
    await transaction.objectStore("queue").put(checkIn);
    markCheckedIn(list, checkIn);
    await transaction.objectStore("lists").put(list);
  }
  await transaction.done;
  return result;
}

/**
 * Marks in the kept list a check-in the server made (`result`, for `target`), so the list stays true between its
 * refreshes: this phone, offline a moment later, then knows that ticket is in.
 */
export async function keepServerCheckIn(announcementId: string, target: DoorTarget, result: CheckInResult, now = new Date()) {
  if (result.outcome !== "checked-in" && result.outcome !== "already") return;
  const matches = await entryMatcher(target);
  if (!matches) return;
  const transaction = (await doorDatabase()).transaction("lists", "readwrite");
  const list = await transaction.store.get(announcementId);
  const entry = list?.entries.find(matches);
  if (list && entry && !entry.checkedIn) {
    entry.checkedIn =
      result.outcome === "already"
        ? { atText: result.atText, by: result.by, scannedTwice: false }
        : { atText: formatSiteTime(now, list.timeZone), by: CHECK_IN_MESSAGES.thisPhoneOnline, scannedTwice: false };
    await transaction.store.put(list);
  }
  await transaction.done;
}

function offlineOutcome(entry: OfflineDoorEntry | undefined): CheckInResult {
  if (!entry) return { outcome: "not-for-event" };
  if (entry.status === "waiting") return { outcome: "waiting", name: entry.name, position: entry.position ?? 0 };
  if (entry.checkedIn) return { outcome: "already", name: entry.name, by: entry.checkedIn.by, atText: entry.checkedIn.atText };
  return { outcome: "checked-in", name: entry.name };
}

/** The check-in screen's counts and search, from the kept list: what the server's `door` gives, offline. */
export function searchOffline(list: KeptDoorList, query: string) {
  const { found, more } = searchTheDoor(list.entries, query, (entry) => entry.shortCode);
  const registered = list.entries.filter((entry) => entry.status === "registered");
  return {
    counts: { registered: registered.length, checkedIn: registered.filter((entry) => entry.checkedIn).length },
    found: found.map(({ id, name, status, shortCode, checkedIn }): DoorEntry => ({ id, name, status, shortCode, checkedIn })),
    more,
  };
}
