import { sql } from "kysely";
import type { RegistrationStatus } from "#server/db/schema.ts";
import { countRows } from "#server/repos/count-rows.ts";
import type { Db } from "#server/repos/db.ts";
import { type Registration, toRegistration } from "./registration";

export interface RegistrationCounts {
  registered: number;
  waiting: number;
  /** Sent, not confirmed yet: they hold no place. */
  unconfirmed: number;
}

const NO_REGISTRATIONS: RegistrationCounts = { registered: 0, waiting: 0, unconfirmed: 0 };

export async function counts(db: Db, announcementId: string): Promise<RegistrationCounts> {
  const rows = await db
    .selectFrom("registrations")
    .select((eb) => ["status", eb.fn.countAll<number | string | bigint>().as("count")])
    .where("announcementId", "=", announcementId)
    .groupBy("status")
    .execute();
  const of = (status: RegistrationStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { registered: of("registered"), waiting: of("waiting"), unconfirmed: of("unconfirmed") };
}

/** Each announcement's counts, for the admin's list. */
export async function countsByAnnouncement(db: Db): Promise<Map<string, RegistrationCounts>> {
  const rows = await db
    .selectFrom("registrations")
    .select((eb) => ["announcementId", "status", eb.fn.countAll<number | string | bigint>().as("count")])
    .groupBy(["announcementId", "status"])
    .execute();
  const counts = new Map<string, RegistrationCounts>();
  for (const row of rows) {
    const entry = counts.get(row.announcementId) ?? { ...NO_REGISTRATIONS };
    entry[row.status] = Number(row.count);
    counts.set(row.announcementId, entry);
  }
  return counts;
}

/**
 * An announcement's registrations: those holding a place, then the waiting list, each in the order they were
 * confirmed, then the unconfirmed in the order they came.
 */
export async function listFor(db: Db, announcementId: string): Promise<Registration[]> {
  const rows = await db
    .selectFrom("registrations")
    .selectAll()
    .where("announcementId", "=", announcementId)
    .orderBy(sql`case status when 'registered' then 0 when 'waiting' then 1 else 2 end`)
    .orderBy("arrival")
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  return rows.map(toRegistration);
}

/** The ids of an announcement's registrations. */
export async function idsFor(db: Db, announcementId: string): Promise<string[]> {
  return (await db.selectFrom("registrations").select("id").where("announcementId", "=", announcementId).execute()).map((row) => row.id);
}

/** A waiting registration's place on its announcement's waiting list (1: the next to move up). */
export async function waitingPosition(db: Db, announcementId: string, arrival: number): Promise<number> {
  return countRows(
    db
      .selectFrom("registrations")
      .where("announcementId", "=", announcementId)
      .where("status", "=", "waiting")
      .where("arrival", "<=", arrival),
  );
}
