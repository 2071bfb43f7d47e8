import type { Kysely } from "kysely";
import type { Database } from "#server/db/schema.ts";

/** The ids of the join applications, contact messages and registrations that match. */
export interface RecordIds {
  applications: string[];
  messages: string[];
  registrations: string[];
}

/** Where applicants', senders' and registrants' personal data is found: by their email address, or by age. */
export function personalDataRepo(db: Kysely<Database>) {
  const ids = async (where: { email: string } | { createdBefore: string }, limit?: number): Promise<RecordIds> => {
    const [applications, messages, registrations] = await Promise.all(
      (["applications", "contactMessages", "registrations"] as const).map(async (table) => {
        let query = db.selectFrom(table).select("id");
        query = "email" in where ? query.where("email", "=", where.email) : query.where("createdAt", "<", where.createdBefore);
        if (limit !== undefined) query = query.limit(limit);
        return (await query.execute()).map((row) => row.id);
      }),
    );
    return { applications: applications!, messages: messages!, registrations: registrations! };
  };
  return {
    /** What is held for an email address (stored trimmed and lower-cased, as `email` must be given). */
    ofEmail: (email: string) => ids({ email }),
    /** Up to `limit` of each submitted before an instant (ISO). */
    olderThan: (createdBefore: string, limit: number) => ids({ createdBefore }, limit),
  };
}
