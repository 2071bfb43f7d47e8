import type { ExpressionBuilder, Insertable, Kysely, Selectable } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database, MemberActivityTable, MembersTable, MemberStatus } from "#server/db/schema.ts";
import { contains } from "./contains";
import { countRows } from "./count-rows";

export type MemberRow = Selectable<MembersTable>;
export type MemberActivityRow = Selectable<MemberActivityTable>;

/** Which members a list holds: text in name, email or phone; a session, class, position; current or past. */
export interface MemberMatch {
  text?: string;
  session?: string;
  class?: string;
  position?: string;
  status?: MemberStatus;
}

function matching({ text, session, class: className, position, status }: MemberMatch) {
  return (eb: ExpressionBuilder<Database, "members">) =>
    eb.and([
      ...(text ? [eb.or((["name", "email", "phone"] as const).map((column) => contains(column, text, { lower: true })))] : []),
      ...(session ? [eb("session", "=", session)] : []),
      ...(className ? [eb("class", "=", className)] : []),
      ...(position ? [eb("position", "=", position)] : []),
      ...(status ? [eb("status", "=", status)] : []),
    ]);
}

/** The society's members and their history. Emails are stored trimmed and lower-cased. */
export function membersRepo(db: Kysely<Database>) {
  return {
    findByEmail: (email: string): Promise<MemberRow | undefined> =>
      db.selectFrom("members").selectAll().where("email", "=", email).executeTakeFirst(),

    findById: (id: string): Promise<MemberRow | undefined> => db.selectFrom("members").selectAll().where("id", "=", id).executeTakeFirst(),

    findByRenewalHash: (hash: string): Promise<MemberRow | undefined> =>
      db.selectFrom("members").selectAll().where("renewalTokenHash", "=", hash).executeTakeFirst(),

    async create(member: Insertable<MembersTable>): Promise<void> {
      await db.insertInto("members").values(member).execute();
    },

    async update(id: string, changes: Partial<Omit<MembersTable, "id">>): Promise<void> {
      await db.updateTable("members").set(changes).where("id", "=", id).execute();
    },

    async record(entry: Omit<Insertable<MemberActivityTable>, "id">): Promise<void> {
      await db
        .insertInto("memberActivity")
        .values({ id: newId(), ...entry })
        .execute();
    },

    history: (memberId: string): Promise<MemberActivityRow[]> =>
      db.selectFrom("memberActivity").selectAll().where("memberId", "=", memberId).orderBy("at").orderBy("id").execute(),

    /** The members that match, by name (then email); `limit` of them from `offset`, or all. */
    async list(match: MemberMatch, page?: { offset: number; limit: number }): Promise<MemberRow[]> {
      let query = db.selectFrom("members").selectAll().where(matching(match)).orderBy("name").orderBy("email");
      if (page) query = query.limit(page.limit).offset(page.offset);
      return query.execute();
    },

    async count(match: MemberMatch = {}): Promise<number> {
      return countRows(db.selectFrom("members").where(matching(match)));
    },

    /** The sessions, classes and positions members have, for the list's filters. */
    async choices(): Promise<{ sessions: string[]; classes: string[]; positions: string[] }> {
      const distinct = async (column: "session" | "class" | "position") =>
        (await db.selectFrom("members").select(column).distinct().where(column, "is not", null).orderBy(column).execute())
          .map((row) => row[column])
          .filter((value): value is string => value !== null);
      const [sessions, classes, positions] = await Promise.all([distinct("session"), distinct("class"), distinct("position")]);
      return { sessions, classes, positions };
    },

    /** Current members not yet in `session` (those a new session asks to stay). */
    currentOutside: (session: string): Promise<MemberRow[]> =>
      db.selectFrom("members").selectAll().where("status", "=", "current").where("session", "!=", session).execute(),

    /** Current members whose answer to a new session is overdue at `now` (ISO). */
    overdue: (now: string): Promise<MemberRow[]> =>
      db
        .selectFrom("members")
        .selectAll()
        .where("status", "=", "current")
        .where("renewalDeadline", "is not", null)
        .where("renewalDeadline", "<", now)
        .execute(),

    /** Deletes members (with their history); returns the ids deleted. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.deleteFrom("members").where("id", "in", ids).returning("id").execute();
      return rows.map((row) => row.id);
    },
  };
}

/**
 * A member's registrations for events, newest first: the announcement's title (null: untitled), where they stand, and
 * when they were checked in at the door (null: not, or not yet).
 */
export function memberRegistrations(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("registrations as r")
    .innerJoin("announcements as a", "a.id", "r.announcementId")
    .where("r.email", "=", email)
    .select(["r.id", "r.status", "r.createdAt", "r.checkedInAt", "a.title", "a.id as announcementId"])
    .orderBy("r.createdAt", "desc")
    .execute();
}
