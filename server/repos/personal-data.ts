import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** The ids of the join applications, contact messages, registrations, blood donors, members and certificates that match. */
export interface RecordIds {
  applications: string[];
  messages: string[];
  registrations: string[];
  donors: string[];
  members: string[];
  certificates: string[];
}

/**
 * Where applicants', senders', registrants', donors' and members' personal data is found: by their email address, or
 * by age. A donor is kept while they stay willing (the blood-donor service's own sweep), so age finds no donors; a member
 * is kept while current, so age finds only past members, by when they lapsed; a certificate is kept while it is to be
 * verified, so age finds none (erasure by email deletes them).
 */
export function personalDataRepo(db: Kysely<Database>) {
  const ids = async (
    table: "applications" | "contactMessages" | "registrations" | "bloodDonors" | "members" | "certificates",
    email: string,
  ) => (await db.selectFrom(table).select("id").where("email", "=", email).execute()).map((row) => row.id);
  const olderIds = async (table: "applications" | "contactMessages" | "registrations", before: string, limit: number) =>
    (await db.selectFrom(table).select("id").where("createdAt", "<", before).limit(limit).execute()).map((row) => row.id);
  return {
    /** What is held for an email address (stored trimmed and lower-cased, as `email` must be given). */
    async ofEmail(email: string): Promise<RecordIds> {
      const [applications, messages, registrations, donors, members, certificates] = await Promise.all([
        ids("applications", email),
        ids("contactMessages", email),
        ids("registrations", email),
        ids("bloodDonors", email),
        ids("members", email),
        ids("certificates", email),
      ]);
      return { applications, messages, registrations, donors, members, certificates };
    },
    /** Up to `limit` of each request, message and registration submitted, and past member lapsed, before an instant (ISO). */
    async olderThan(before: string, limit: number): Promise<RecordIds> {
      const [applications, messages, registrations, members] = await Promise.all([
        olderIds("applications", before, limit),
        olderIds("contactMessages", before, limit),
        olderIds("registrations", before, limit),
        db
          .selectFrom("members")
          .select("id")
          .where("status", "=", "past")
          .where("lapsedAt", "<", before)
          .limit(limit)
          .execute()
          .then((rows) => rows.map((row) => row.id)),
      ]);
      return { applications, messages, registrations, donors: [], members, certificates: [] };
    },
  };
}
