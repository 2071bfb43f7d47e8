import type { Kysely } from "kysely";
import type { ApplicationRow, Database, NewApplication } from "../db/schema";

export interface Answer {
  question: string;
  answer: string;
}

/** A join application as the admin reads it. */
export interface Application {
  id: string;
  fullname: string;
  class: string;
  department: string;
  sargodhaAddress: string;
  permanentAddress: string;
  email: string;
  phone: string;
  bloodGroup: string | null;
  answers: Answer[];
  createdAt: string;
  /** The same email applied in the 30 days before. */
  possibleDuplicate: boolean;
}

function isAnswer(value: unknown): value is Answer {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Answer).question === "string" &&
    typeof (value as Answer).answer === "string"
  );
}

/** The stored answers list; text that does not parse as one yields an empty list (SPEC section 3). */
export function parseAnswers(stored: string): Answer[] {
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) && parsed.every(isAnswer) ? parsed : [];
  } catch {
    return [];
  }
}

export function serializeAnswers(answers: Answer[]): string {
  return JSON.stringify(answers.map(({ question, answer }) => ({ question, answer })));
}

function toApplication(row: ApplicationRow): Application {
  return {
    id: row.id,
    fullname: row.fullname,
    class: row.class,
    department: row.department,
    sargodhaAddress: row.sargodha_address,
    permanentAddress: row.permanent_address,
    email: row.email,
    phone: row.phone,
    bloodGroup: row.blood_group,
    answers: parseAnswers(row.answers),
    createdAt: row.created_at,
    possibleDuplicate: row.possible_duplicate === 1,
  };
}

export function applicationsRepo(db: Kysely<Database>) {
  return {
    /**
     * Stores the application unless one with the same submission key exists. Returns the id of the stored
     * row and whether this call created it (false: a retry of a submission already stored).
     */
    async create(application: NewApplication): Promise<{ id: string; created: boolean }> {
      const inserted = await db
        .insertInto("applications")
        .values(application)
        .onConflict((oc) => oc.column("submission_key").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { id: inserted.id, created: true };
      // Nothing inserted: a row already holds this key (an earlier copy, or a concurrent one that committed first).
      const stored = await db
        .selectFrom("applications")
        .select("id")
        .where("submission_key", "=", application.submission_key ?? null)
        .executeTakeFirstOrThrow();
      return { id: stored.id, created: false };
    },

    /** Whether `email` (normalised) applied at or after `since`. */
    async appliedSince(email: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom("applications")
        .select("id")
        .where("email", "=", email)
        .where("created_at", ">=", since.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Newest first; UUIDv7 ids break ties between equal timestamps in creation order. */
    async listNewestFirst(): Promise<Application[]> {
      const rows = await db.selectFrom("applications").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
      return rows.map(toApplication);
    },

    async findById(id: string): Promise<Application | undefined> {
      const row = await db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toApplication(row);
    },

    async count(): Promise<number> {
      const { count } = await db
        .selectFrom("applications")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    /** Deletes the row; returns whether one was there. */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom("applications").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
