import type { Kysely, Selectable } from "kysely";
import type { Database, RegistrationsTable, RegistrationStatus } from "../db/schema";
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
  /** Its turn among the announcement's registrations (1, 2, 3…). */
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
}

function toRegistration(row: Selectable<RegistrationsTable>): Registration {
  return {
    id: row.id,
    announcementId: row.announcement_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    class: row.class,
    answers: JSON.parse(row.answers) as Answer[],
    status: row.status,
    arrival: Number(row.arrival),
    createdAt: row.created_at,
  };
}

/**
 * Registrations. Whatever changes who holds a place (a registration, a removal) first locks its announcement's row
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
        .set((eb) => ({ registrations_here: eb.ref("registrations_here") }))
        .where("id", "=", announcementId)
        .returning(["registrations_here", "registration_capacity", "registration_closes_at"])
        .executeTakeFirst();
      return (
        row && {
          registrationsHere: Number(row.registrations_here) === 1,
          capacity: row.registration_capacity === null ? null : Number(row.registration_capacity),
          closesAt: row.registration_closes_at,
        }
      );
    },

    async counts(announcementId: string): Promise<RegistrationCounts> {
      const rows = await db
        .selectFrom("registrations")
        .select((eb) => ["status", eb.fn.countAll<number | string | bigint>().as("count")])
        .where("announcement_id", "=", announcementId)
        .groupBy("status")
        .execute();
      const of = (status: RegistrationStatus) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { registered: of("registered"), waiting: of("waiting") };
    },

    /** Each announcement's counts, for the admin's list. */
    async countsByAnnouncement(): Promise<Map<string, RegistrationCounts>> {
      const rows = await db
        .selectFrom("registrations")
        .select((eb) => ["announcement_id", "status", eb.fn.countAll<number | string | bigint>().as("count")])
        .groupBy(["announcement_id", "status"])
        .execute();
      const counts = new Map<string, RegistrationCounts>();
      for (const row of rows) {
        const entry = counts.get(row.announcement_id) ?? { registered: 0, waiting: 0 };
        entry[row.status] = Number(row.count);
        counts.set(row.announcement_id, entry);
      }
      return counts;
    },

    async findBySubmissionKey(key: string): Promise<Registration | undefined> {
      const row = await db.selectFrom("registrations").selectAll().where("submission_key", "=", key).executeTakeFirst();
      return row && toRegistration(row);
    },

    async findByEmail(announcementId: string, email: string): Promise<Registration | undefined> {
      const row = await db
        .selectFrom("registrations")
        .selectAll()
        .where("announcement_id", "=", announcementId)
        .where("email", "=", email)
        .executeTakeFirst();
      return row && toRegistration(row);
    },

    async findById(id: string): Promise<Registration | undefined> {
      const row = await db.selectFrom("registrations").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toRegistration(row);
    },

    /** Stores a registration as the announcement's next arrival (the caller holds the announcement's lock). */
    async create(row: Omit<Selectable<RegistrationsTable>, "arrival">): Promise<void> {
      const last = await db
        .selectFrom("registrations")
        .select((eb) => eb.fn.max("arrival").as("last"))
        .where("announcement_id", "=", row.announcement_id)
        .executeTakeFirst();
      await db
        .insertInto("registrations")
        .values({ ...row, arrival: Number(last?.last ?? 0) + 1 })
        .execute();
    },

    /** Where a waiting registration stands in its list: 1 for the next to move up. */
    async waitingPosition(registration: Pick<Registration, "announcementId" | "arrival">): Promise<number> {
      const row = await db
        .selectFrom("registrations")
        .select((eb) => eb.fn.countAll<number | string | bigint>().as("ahead"))
        .where("announcement_id", "=", registration.announcementId)
        .where("status", "=", "waiting")
        .where("arrival", "<", registration.arrival)
        .executeTakeFirstOrThrow();
      return Number(row.ahead) + 1;
    },

    /** The first `count` on the waiting list, in the order they registered. */
    async nextWaiting(announcementId: string, count: number): Promise<Registration[]> {
      if (count <= 0) return [];
      const rows = await db
        .selectFrom("registrations")
        .selectAll()
        .where("announcement_id", "=", announcementId)
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

    /** An announcement's registrations: those holding a place, then the waiting list, each in the order they came. */
    async listFor(announcementId: string): Promise<Registration[]> {
      const rows = await db
        .selectFrom("registrations")
        .selectAll()
        .where("announcement_id", "=", announcementId)
        .orderBy("status")
        .orderBy("arrival")
        .execute();
      return rows.map(toRegistration);
    },

    /** The ids of an announcement's registrations. */
    async idsFor(announcementId: string): Promise<string[]> {
      return (await db.selectFrom("registrations").select("id").where("announcement_id", "=", announcementId).execute()).map(
        (row) => row.id,
      );
    },

    /** The announcements these registrations are for, each once, in id order (the order their locks are taken in). */
    async announcementsOf(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom("registrations")
        .select("announcement_id")
        .distinct()
        .where("id", "in", ids)
        .orderBy("announcement_id")
        .execute();
      return rows.map((row) => row.announcement_id);
    },

    /** Deletes the registrations; returns the ids that were there. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      return (await db.deleteFrom("registrations").where("id", "in", ids).returning("id").execute()).map((row) => row.id);
    },
  };
}
