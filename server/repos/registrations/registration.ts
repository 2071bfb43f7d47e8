import type { Selectable } from "kysely";
import type { Locale } from "#core/i18n/locale.ts";
import type { RegistrationsTable } from "#server/db/schema.ts";
import type { Answer } from "#server/repos/applications.ts";
import type { Db } from "#server/repos/db.ts";

/** One person's registration for an announcement, as the admin reads it. */
export interface Registration extends Omit<
  Selectable<RegistrationsTable>,
  "answers" | "submissionKey" | "confirmTokenHash" | "confirmExpiresAt"
> {
  answers: Answer[];
}

export function toRegistration(row: Selectable<RegistrationsTable>): Registration {
  const { submissionKey: _key, confirmTokenHash: _hash, confirmExpiresAt: _expires, ...registration } = row;
  return {
    ...registration,
    answers: JSON.parse(row.answers) as Answer[],
    arrival: Number(row.arrival),
    checkInScans: Number(row.checkInScans),
  };
}

export async function findBySubmissionKey(db: Db, key: string): Promise<Registration | undefined> {
  const row = await db.selectFrom("registrations").selectAll().where("submissionKey", "=", key).executeTakeFirst();
  return row && toRegistration(row);
}

export async function findByEmail(db: Db, announcementId: string, email: string): Promise<Registration | undefined> {
  const row = await db
    .selectFrom("registrations")
    .selectAll()
    .where("announcementId", "=", announcementId)
    .where("email", "=", email)
    .executeTakeFirst();
  return row && toRegistration(row);
}

export async function findById(db: Db, id: string): Promise<Registration | undefined> {
  const row = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toRegistration(row);
}

/**
 * Stores a registration that holds nothing until it is confirmed (see `confirm`) with its link's token hash, in the
 * language it was made in (English unless given).
 */
export async function create(
  db: Db,
  row: Omit<Selectable<RegistrationsTable>, "arrival" | "status" | "checkedInAt" | "checkedInBy" | "checkInScans" | "locale"> & {
    locale?: Locale;
  },
): Promise<void> {
  await db
    .insertInto("registrations")
    .values({ ...row, status: "unconfirmed", arrival: 0 })
    .execute();
}

/** The unconfirmed registration for this announcement whose link's token hashes to `tokenHash`, while the link works. */
export async function findUnconfirmed(db: Db, announcementId: string, tokenHash: string, now: string): Promise<Registration | undefined> {
  const row = await db
    .selectFrom("registrations")
    .selectAll()
    .where("announcementId", "=", announcementId)
    .where("confirmTokenHash", "=", tokenHash)
    .where("status", "=", "unconfirmed")
    .where("confirmExpiresAt", ">", now)
    .executeTakeFirst();
  return row && toRegistration(row);
}

/**
 * A new link for an unconfirmed registration (the old one stops working), mailed in `locale`: the language of the
 * page it was sent from again, which its later mails are written in too.
 */
export async function renewLink(db: Db, id: string, tokenHash: string, expiresAt: string, locale: Locale): Promise<void> {
  await db
    .updateTable("registrations")
    .set({ confirmTokenHash: tokenHash, confirmExpiresAt: expiresAt, locale })
    .where("id", "=", id)
    .where("status", "=", "unconfirmed")
    .execute();
}

/** Up to `limit` unconfirmed registrations whose link stopped working by `now`. */
export async function expiredUnconfirmed(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("registrations")
    .select("id")
    .where("status", "=", "unconfirmed")
    .where("confirmExpiresAt", "<=", now)
    .orderBy("confirmExpiresAt")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Marks a registration checked in, unless it already is: whether this call did it (a second scan changes nothing). */
export async function checkIn(db: Db, id: string, at: string, by: string): Promise<boolean> {
  const result = await db
    .updateTable("registrations")
    .set({ checkedInAt: at, checkedInBy: by, checkInScans: 1 })
    .where("id", "=", id)
    .where("checkedInAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Adds an admission made on a phone that was offline to a registration already checked in (`current`, as read): one
 * more scan, and the earlier of the two times with who made it. Only while the check-in is still as read (another
 * admission or an undo in between: false, read it again).
 */
export async function addOfflineAdmission(
  db: Db,
  current: Pick<Registration, "id" | "checkedInAt" | "checkInScans">,
  at: string,
  by: string,
): Promise<boolean> {
  if (current.checkedInAt === null) return false;
  const earlier = at < current.checkedInAt ? { checkedInAt: at, checkedInBy: by } : {};
  const result = await db
    .updateTable("registrations")
    .set({ ...earlier, checkInScans: current.checkInScans + 1 })
    .where("id", "=", current.id)
    .where("checkedInAt", "=", current.checkedInAt)
    .where("checkInScans", "=", current.checkInScans)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Undoes a registration's check-in: whether it was checked in. */
export async function undoCheckIn(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable("registrations")
    .set({ checkedInAt: null, checkedInBy: null, checkInScans: 0 })
    .where("id", "=", id)
    .where("checkedInAt", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
