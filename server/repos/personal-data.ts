import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** The ids of the join applications, contact messages, registrations and blood donors that match. */
export interface RecordIds {
  applications: string[];
  messages: string[];
  registrations: string[];
  donors: string[];
}

/**
 * Where applicants', senders', registrants' and donors' personal data is found: by their email address, or by age. A
 * donor is kept while they stay willing, not by age (the retention sweep's own rule: see bloodDonorService), so age
 * finds no donors.
 */
export function personalDataRepo(db: Kysely<Database>) {
  const ids = async (where: { email: string } | { createdBefore: string }, limit?: number): Promise<RecordIds> => {
    const tables = ["applications", "contactMessages", "registrations", ...("email" in where ? (["bloodDonors"] as const) : [])] as const;
    const [applications, messages, registrations, donors = []] = await Promise.all(
      tables.map(async (table) => {
        let query = db.selectFrom(table).select("id");
        query = "email" in where ? query.where("email", "=", where.email) : query.where("createdAt", "<", where.createdBefore);
        if (limit !== undefined) query = query.limit(limit);
        return (await query.execute()).map((row) => row.id);
      }),
    );
    return { applications: applications!, messages: messages!, registrations: registrations!, donors };
  };
  return {
    /** What is held for an email address (stored trimmed and lower-cased, as `email` must be given). */
    ofEmail: (email: string) => ids({ email }),
    /** Up to `limit` of each request, message and registration submitted before an instant (ISO). */
    olderThan: (createdBefore: string, limit: number) => ids({ createdBefore }, limit),
  };
}
