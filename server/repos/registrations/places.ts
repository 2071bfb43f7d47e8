import type { Db } from "#server/repos/db.ts";
import { type Registration, toRegistration } from "./registration";

/** How an announcement takes registrations, read under its lock (see `lockAnnouncement`). */
export interface LockedRegistrationSettings {
  registrationsHere: boolean;
  capacity: number | null;
  closesAt: string | null;
}

/**
 * Locks the announcement's row until the transaction ends (an update that changes nothing takes the row lock on
 * PostgreSQL; on SQLite every write transaction already holds the database's) and returns how it takes
 * registrations; undefined when there is no such announcement.
 */
export async function lockAnnouncement(db: Db, announcementId: string): Promise<LockedRegistrationSettings | undefined> {
  const row = await db
    .updateTable("announcements")
    .set((eb) => ({ registrationsHere: eb.ref("registrationsHere") }))
    .where("id", "=", announcementId)
    .returning(["registrationsHere", "registrationCapacity", "registrationClosesAt"])
    .executeTakeFirst();
  return (
    row && {
      registrationsHere: Number(row.registrationsHere) === 1,
      capacity: row.registrationCapacity === null ? null : Number(row.registrationCapacity),
      closesAt: row.registrationClosesAt,
    }
  );
}

/**
 * Confirms a registration as the announcement's next arrival (the caller holds the announcement's lock): it holds a
 * place (`registered`) or joins the waiting list, and its link stops working. Undefined when it was no longer
 * unconfirmed.
 */
export async function confirm(db: Db, id: string, announcementId: string, status: "registered" | "waiting") {
  const last = await db
    .selectFrom("registrations")
    .select((eb) => eb.fn.max("arrival").as("last"))
    .where("announcementId", "=", announcementId)
    .executeTakeFirst();
  const row = await db
    .updateTable("registrations")
    .set({ status, arrival: Number(last?.last ?? 0) + 1, confirmTokenHash: null, confirmExpiresAt: null })
    .where("id", "=", id)
    .where("status", "=", "unconfirmed")
    .returningAll()
    .executeTakeFirst();
  return row && toRegistration(row);
}

/** The first `count` on the waiting list, in the order they registered. */
export async function nextWaiting(db: Db, announcementId: string, count: number): Promise<Registration[]> {
  if (count <= 0) return [];
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("announcementId", "=", announcementId)
    .where("status", "=", "waiting")
    .orderBy("arrival")
    .limit(count)
    .execute();
  return rows.map(toRegistration);
}

export async function setRegistered(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable("registrations").set({ status: "registered" }).where("id", "in", ids).execute();
}

/** The announcements these registrations are for, each once, in id order (the order their locks are taken in). */
export async function announcementsOf(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("registrations")
    .select("announcementId")
    .distinct()
    .where("id", "in", ids)
    .orderBy("announcementId")
    .execute();
  return rows.map((row) => row.announcementId);
}

/** Deletes the registrations; returns the ids that were there. */
export async function deleteRegistrations(db: Db, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.deleteFrom("registrations").where("id", "in", ids).returning("id").execute()).map((row) => row.id);
}
