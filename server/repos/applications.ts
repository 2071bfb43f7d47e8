import { isApplicationStatus, type ApplicationStatus } from "#core/schemas/applications.ts";
import type { ExpressionBuilder, Kysely } from "kysely";
import type { ApplicationRow, Database, NewApplication } from "#server/db/schema.ts";
import { contains } from "./contains";
import { countRows } from "./count-rows";
import { insertOnce } from "./insert-once";

export interface Answer {
  question: string;
  answer: string;
}

/** A join application as the admin reads it. */
export interface Application extends Omit<ApplicationRow, "answers" | "submissionKey" | "possibleDuplicate" | "status"> {
  answers: Answer[];
  /** The same email applied in the 30 days before. */
  possibleDuplicate: boolean;
  status: ApplicationStatus;
}

/** Which applications a list holds: text found in name, email, phone, class or department; a status; a time range. */
export interface ApplicationMatch {
  text?: string;
  status?: ApplicationStatus;
  /** Submitted at or after this instant (ISO). */
  since?: string;
  /** Submitted before this instant (ISO). */
  before?: string;
  /** Listed after this one, newest first: a page that starts where the last one ended, however many came in since. */
  after?: { createdAt: string; id: string };
}

const SEARCHED_COLUMNS = ["fullname", "email", "phone", "class", "department"] as const;

function matching({ text, status, since, before, after }: ApplicationMatch) {
  return (eb: ExpressionBuilder<Database, "applications">) => {
    const conditions = [];
    if (status) conditions.push(eb("status", "=", status));
    if (since) conditions.push(eb("createdAt", ">=", since));
    if (before) conditions.push(eb("createdAt", "<", before));
    if (after) {
      conditions.push(
        eb.or([eb("createdAt", "<", after.createdAt), eb.and([eb("createdAt", "=", after.createdAt), eb("id", "<", after.id)])]),
      );
    }
    if (text) conditions.push(eb.or(SEARCHED_COLUMNS.map((column) => contains(column, text, { lower: true }))));
    return eb.and(conditions);
  };
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

function toApplication({ submissionKey: _, ...row }: ApplicationRow): Application {
  return {
    ...row,
    answers: parseAnswers(row.answers),
    possibleDuplicate: row.possibleDuplicate === 1,
    status: isApplicationStatus(row.status) ? row.status : "new",
  };
}

export function applicationsRepo(db: Kysely<Database>) {
  return {
    /** Stores the application unless one with the same submission key exists (see insertOnce). */
    create: (application: NewApplication) => insertOnce(db, "applications", application),

    /** Whether `email` (normalised) applied at or after `since`. */
    async appliedSince(email: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom("applications")
        .select("id")
        .where("email", "=", email)
        .where("createdAt", ">=", since.toISOString())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The applications that match, newest first (UUIDv7 ids break ties between equal timestamps in creation order):
     * `limit` of them from `offset`, or all.
     */
    async listNewestFirst(match: ApplicationMatch = {}, page?: { offset: number; limit: number }): Promise<Application[]> {
      let query = db.selectFrom("applications").selectAll().where(matching(match)).orderBy("createdAt", "desc").orderBy("id", "desc");
      if (page) query = query.limit(page.limit).offset(page.offset);
      return (await query.execute()).map(toApplication);
    },

    async findById(id: string): Promise<Application | undefined> {
      const row = await db.selectFrom("applications").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toApplication(row);
    },

    async count(match: ApplicationMatch = {}): Promise<number> {
      return countRows(db.selectFrom("applications").where(matching(match)));
    },

    /** The ones of `ids` that exist, with their status. */
    async statusesOf(ids: readonly string[]): Promise<{ id: string; status: ApplicationStatus }[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom("applications").select(["id", "status"]).where("id", "in", ids).execute();
      return rows.map((row) => ({ id: row.id, status: row.status as ApplicationStatus }));
    },

    async setStatus(ids: readonly string[], status: ApplicationStatus): Promise<void> {
      await db.updateTable("applications").set({ status }).where("id", "in", ids).execute();
    },

    /** Deletes the rows (their activity goes with them); returns the ids that were there. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.deleteFrom("applications").where("id", "in", ids).returning("id").execute();
      return rows.map((row) => row.id);
    },
  };
}
