import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, RegistrationsTable, RegistrationStatus } from "#server/db/schema.ts";
import type { Answer } from "./applications";

/** One person's registration for an announcement, as the admin reads it. */
export interface Registration {
  id: string;
  announcementId: string;
  name: string;
  email: string;
  phone: string;
  class: string;
  answers: Answer[];
  status: RegistrationStatus;
  /** Its turn among the announcement's confirmed registrations (1, 2, 3…); 0 while unconfirmed. */
  arrival: number;
  createdAt: string;
}

/** How an announcement takes registrations, read under its lock (see `lockAnnouncement`). */
export interface LockedRegistrationSettings {
  registrationsHere: boolean;
  capacity: number | null;
  closesAt: string | null;
}

export interface RegistrationCounts {
  registered: number;
  waiting: number;
  /** Sent, not confirmed yet: they hold no place. */
  unconfirmed: number;
}

const NO_REGISTRATIONS: RegistrationCounts = { registered: 0, waiting: 0, unconfirmed: 0 };

function toRegistration(row: Selectable<RegistrationsTable>): Registration {
  return {
    id: row.id,
    announcementId: row.announcementId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    class: row.class,
    answers: JSON.parse(row.answers) as Answer[],
    status: row.status,
    arrival: Number(row.arrival),
    createdAt: row.createdAt,
  };
}

/**
 * Registrations. Whatever changes who holds a place (a confirmation, a removal) first locks its announcement's row
 * (`lockAnnouncement`, inside the caller's transaction), so on either engine and from any number of instances the
 * places are counted and taken one writer at a time.
 */
export function registrationsRepo(db: Kysely<Database>) {
  return {
    /**
     * Locks the announcement's row until the transaction ends (an update that changes nothing takes the row lock on
     * PostgreSQL; on SQLite every write transaction already holds the database's) and returns how it takes
     * registrations; undefined when there is no such announcement.
     */
    async lockAnnouncement(announcementId: string): Promise<LockedRegistrationSettings | undefined> {
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
    },

    async counts(announcementId: string): Promise<RegistrationCounts> {
      const rows = await db
        .selectFrom("registrations")
        .select((eb) => ["status", eb.fn.countAll<number | string | bigint>().as("count")])
        .where("announcementId", "=", announcementId)
        .groupBy("status")
        .execute();
      const of = (status: RegistrationStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { registered: of("registered"), waiting: of("waiting"), unconfirmed: of("unconfirmed") };
    },

    /** Each announcement's counts, for the admin's list. */
    async countsByAnnouncement(): Promise<Map<string, RegistrationCounts>> {
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
    },

    async findBySubmissionKey(key: string): Promise<Registration | undefined> {
      const row = await db.selectFrom("registrations").selectAll().where("submissionKey", "=", key).executeTakeFirst();
      return row && toRegistration(row);
    },

    async findByEmail(announcementId: string, email: string): Promise<Registration | undefined> {
      const row = await db
        .selectFrom("registrations")
        .selectAll()
        .where("announcementId", "=", announcementId)
        .where("email", "=", email)
        .executeTakeFirst();
      return row && toRegistration(row);
    },

    async findById(id: string): Promise<Registration | undefined> {
      const row = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toRegistration(row);
    },

    /** Stores a registration that holds nothing until it is confirmed (see `confirm`) with its link's token hash. */
    async create(row: Omit<Selectable<RegistrationsTable>, "arrival" | "status">): Promise<void> {
      await db
        .insertInto("registrations")
        .values({ ...row, status: "unconfirmed", arrival: 0 })
        .execute();
    },

    /** The unconfirmed registration for this announcement whose link's token hashes to `tokenHash`, while the link works. */
    async findUnconfirmed(announcementId: string, tokenHash: string, now: string): Promise<Registration | undefined> {
      const row = await db
        .selectFrom("registrations")
        .selectAll()
        .where("announcementId", "=", announcementId)
        .where("confirmTokenHash", "=", tokenHash)
        .where("status", "=", "unconfirmed")
        .where("confirmExpiresAt", ">", now)
        .executeTakeFirst();
      return row && toRegistration(row);
    },

    /** A new link for an unconfirmed registration (the old one stops working). */
    async renewLink(id: string, tokenHash: string, expiresAt: string): Promise<void> {
      await db
        .updateTable("registrations")
        .set({ confirmTokenHash: tokenHash, confirmExpiresAt: expiresAt })
        .where("id", "=", id)
        .where("status", "=", "unconfirmed")
        .execute();
    },

    /**
     * Confirms a registration as the announcement's next arrival (the caller holds the announcement's lock): it holds a
     * place (`registered`) or joins the waiting list, and its link stops working. Undefined when it was no longer
     * unconfirmed.
     */
    async confirm(id: string, announcementId: string, status: "registered" | "waiting"): Promise<Registration | undefined> {
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
    },

    /** Up to `limit` unconfirmed registrations whose link stopped working by `now`. */
    async expiredUnconfirmed(now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("registrations")
        .select("id")
        .where("status", "=", "unconfirmed")
        .where("confirmExpiresAt", "<=", now)
        .orderBy("confirmExpiresAt")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** The first `count` on the waiting list, in the order they registered. */
    async nextWaiting(announcementId: string, count: number): Promise<Registration[]> {
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
    },

    async setRegistered(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable("registrations").set({ status: "registered" }).where("id", "in", ids).execute();
    },

    /**
     * An announcement's registrations: those holding a place, then the waiting list, each in the order they were
     * confirmed, then the unconfirmed in the order they came.
     */
    async listFor(announcementId: string): Promise<Registration[]> {
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
    },

    /** The ids of an announcement's registrations. */
    async idsFor(announcementId: string): Promise<string[]> {
      return (await db.selectFrom("registrations").select("id").where("announcementId", "=", announcementId).execute()).map(
        (row) => row.id,
      );
    },

    /** The announcements these registrations are for, each once, in id order (the order their locks are taken in). */
    async announcementsOf(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("registrations")
        .select("announcementId")
        .distinct()
        .where("id", "in", ids)
        .orderBy("announcementId")
        .execute();
      return rows.map((row) => row.announcementId);
    },

    /** Deletes the registrations; returns the ids that were there. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.deleteFrom("registrations").where("id", "in", ids).returning("id").execute()).map((row) => row.id);
    },
  };
}
