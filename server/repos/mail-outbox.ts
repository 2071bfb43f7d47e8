import type { ExpressionBuilder, Insertable, Kysely, Updateable } from "kysely";
import { newId } from "#server/db/ids.ts";
import type { Database, MailKind, MailOutboxRow, MailOutboxTable } from "#server/db/schema.ts";
import { withUnsyncedCommits } from "#server/db/unsynced-commits.ts";
import { contains } from "./contains";

export interface OutboxCounts {
  /** Not delivered yet: waiting for a (next) attempt or being sent right now. */
  waiting: number;
  /** Given up on: a permanent failure or too many attempts. */
  dead: number;
}

/** A job this process holds the lease of; `attempts` already counts the attempt about to be made. */
export type ClaimedJob = MailOutboxRow;

/** How many due jobs one claim looks at before giving up to other processes. */
const CLAIM_CANDIDATES = 5;
/** Mails of ended links handled per call (each id is a bound parameter); the next call takes the rest. */
const ENDED_LINK_BATCH = 500;

/** The single-use link a mail carries: kept out of its payload, and wiped once the mail is sent or dead. */
export interface SecretLink {
  url: string;
  /** The admin link (invitation or password reset) it opens, if it is one. */
  adminLinkId?: string;
}

/**
 * The mail outbox. Every state change after the claim is conditional on the lease owner, so a process
 * whose lease ran out (and whose job another process took over) cannot overwrite the newer outcome.
 * Only `enqueue` waits for the disk (it commits with the submission): claims and outcomes lost in a power
 * cut mean a mail is sent again, never that one is lost (withUnsyncedCommits).
 */
export function mailOutboxRepo(db: Kysely<Database>) {
  return {
    /** Queues a mail, due at once; `recordId` names the application or message it tells of (deleting that deletes the mail). */
    enqueue(kind: MailKind, payload: unknown, now: Date = new Date(), recordId?: string): Promise<string> {
      return insertJob(db, kind, payload, now, { recordId: recordId ?? null });
    },

    /**
     * Queues a mail that carries a single-use link: the link is the row's `secretLink`, not in the payload, and
     * marking the mail sent or dead wipes it.
     */
    enqueueWithLink(kind: MailKind, payload: unknown, link: SecretLink, now: Date = new Date(), recordId?: string): Promise<string> {
      return insertJob(db, kind, payload, now, {
        secretLink: link.url,
        adminLinkId: link.adminLinkId ?? null,
        recordId: recordId ?? null,
      });
    },

    /** Deletes the mails (queued or sent) that tell of these records; returns their ids. */
    async deleteForRecords(recordIds: readonly string[]): Promise<string[]> {
      if (recordIds.length === 0) return [];
      const rows = await db.deleteFrom("mailOutbox").where("recordId", "in", recordIds).returning("id").execute();
      return rows.map((row) => row.id);
    },

    /** The ids of one record's mails (a donor's link mails), but one a worker is sending right now. */
    async idsForRecord(recordId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("mailOutbox")
        .select("id")
        .where("recordId", "=", recordId)
        .where("status", "!=", "sending")
        .execute();
      return rows.map((row) => row.id);
    },

    /** The ids of mails whose content holds `text` (an email address), whatever they tell of. */
    async idsMentioning(text: string): Promise<string[]> {
      const rows = await db.selectFrom("mailOutbox").select("id").where(contains("payload", text)).execute();
      return rows.map((row) => row.id);
    },

    /** Deletes mails by id, or all created before `before`; returns the ids deleted. */
    async delete(which: { ids: readonly string[] } | { createdBefore: string }): Promise<string[]> {
      if ("ids" in which && which.ids.length === 0) return [];
      const query = db.deleteFrom("mailOutbox");
      const rows = await ("ids" in which ? query.where("id", "in", which.ids) : query.where("createdAt", "<", which.createdBefore))
        .returning("id")
        .execute();
      return rows.map((row) => row.id);
    },

    /** Which of `ids` are still mails here. */
    async existing(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom("mailOutbox").select("id").where("id", "in", ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Takes the oldest due job: waiting and due, or sending with an expired lease (its process died).
     * The take is one conditional UPDATE (compare-and-set on status and lease), which both engines run
     * atomically per row: of two processes racing for a job, exactly one updates it.
     */
    claim(owner: string, leaseMs: number, now: Date = new Date()): Promise<ClaimedJob | undefined> {
      return withUnsyncedCommits(db, (connection) => claimDueJob(connection, owner, leaseMs, now));
    },

    /** Delivered: its link, if any, is wiped. Returns false when the lease was lost to another process meanwhile. */
    markSent(id: string, owner: string, now: Date = new Date()): Promise<boolean> {
      return settle(db, id, owner, { status: "sent", sentAt: now.toISOString(), lastError: null, secretLink: null });
    },

    /** A transient failure: waits until `nextAttemptAt`, its link kept for the next attempt. */
    retry(id: string, owner: string, error: string, nextAttemptAt: Date): Promise<boolean> {
      return settle(db, id, owner, { status: "waiting", nextAttemptAt: nextAttemptAt.toISOString(), lastError: error });
    },

    /** A permanent failure, or too many attempts: never tried again, and its link, if any, is wiped. */
    markDead(id: string, owner: string, error: string): Promise<boolean> {
      return settle(db, id, owner, { status: "dead", lastError: error, secretLink: null });
    },

    /**
     * Mails sent or given up on whose admin link is no longer open at `now` (used, revoked, expired or deleted) and
     * that still name it: their `log` transport files are due to go.
     */
    async endedLinkMails(now: string): Promise<string[]> {
      const rows = await db
        .selectFrom("mailOutbox")
        .leftJoin("adminLinks", "adminLinks.id", "mailOutbox.adminLinkId")
        .select("mailOutbox.id")
        .where("mailOutbox.adminLinkId", "is not", null)
        .where("mailOutbox.status", "in", ["sent", "dead"])
        .where((eb) =>
          eb.or([eb("adminLinks.id", "is", null), eb("adminLinks.usedAt", "is not", null), eb("adminLinks.expiresAt", "<=", now)]),
        )
        .orderBy("mailOutbox.id")
        .limit(ENDED_LINK_BATCH)
        .execute();
      return rows.map((row) => row.id);
    },

    /** These mails no longer name their admin link (their files are gone). */
    async forgetAdminLinks(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db.updateTable("mailOutbox").set({ adminLinkId: null }).where("id", "in", ids).execute();
    },

    /** What the admin panel shows: notifications not delivered yet, and those given up on. */
    async counts(): Promise<OutboxCounts> {
      const rows = await db
        .selectFrom("mailOutbox")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("count")])
        .where("status", "in", ["waiting", "sending", "dead"])
        .groupBy("status")
        .execute();
      const count = (status: string) => rows.filter((r) => r.status === status).reduce((sum, r) => sum + Number(r.count), 0);
      return { waiting: count("waiting") + count("sending"), dead: count("dead") };
    },

    async findById(id: string): Promise<MailOutboxRow | undefined> {
      const row = await db.selectFrom("mailOutbox").selectAll().where("id", "=", id).executeTakeFirst();
      return row && { ...row, attempts: Number(row.attempts) };
    },
  };
}

export type MailOutboxRepo = ReturnType<typeof mailOutboxRepo>;

function insertJob(
  db: Kysely<Database>,
  kind: MailKind,
  payload: unknown,
  now: Date,
  extra: Pick<Insertable<MailOutboxTable>, "recordId" | "secretLink" | "adminLinkId">,
): Promise<string> {
  const id = newId();
  const at = now.toISOString();
  return db
    .insertInto("mailOutbox")
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: "waiting",
      attempts: 0,
      nextAttemptAt: at,
      createdAt: at,
      recordId: null,
      secretLink: null,
      adminLinkId: null,
      ...extra,
    })
    .execute()
    .then(() => id);
}

const due = (at: string) => (eb: ExpressionBuilder<Database, "mailOutbox">) =>
  eb.or([
    eb.and([eb("status", "=", "waiting"), eb("nextAttemptAt", "<=", at)]),
    eb.and([eb("status", "=", "sending"), eb("leaseExpiresAt", "<=", at)]),
  ]);

async function claimDueJob(db: Kysely<Database>, owner: string, leaseMs: number, now: Date): Promise<ClaimedJob | undefined> {
  const at = now.toISOString();
  const candidates = await db
    .selectFrom("mailOutbox")
    .select("id")
    .where(due(at))
    .orderBy("nextAttemptAt")
    .orderBy("id")
    .limit(CLAIM_CANDIDATES)
    .execute();
  for (const { id } of candidates) {
    const result = await db
      .updateTable("mailOutbox")
      .set((eb) => ({
        status: "sending",
        leaseOwner: owner,
        leaseExpiresAt: new Date(now.getTime() + leaseMs).toISOString(),
        attempts: eb("attempts", "+", 1),
      }))
      .where("id", "=", id)
      .where(due(at))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      const row = await db.selectFrom("mailOutbox").selectAll().where("id", "=", id).where("leaseOwner", "=", owner).executeTakeFirst();
      if (row) return { ...row, attempts: Number(row.attempts) };
    }
  }
  return undefined;
}

/** Records a claimed job's outcome and gives up its lease, unless the lease passed to another process meanwhile. */
async function settle(db: Kysely<Database>, id: string, owner: string, outcome: Updateable<MailOutboxTable>): Promise<boolean> {
  const result = await withUnsyncedCommits(db, (connection) =>
    connection
      .updateTable("mailOutbox")
      .set({ ...outcome, leaseOwner: null, leaseExpiresAt: null })
      .where("id", "=", id)
      .where("leaseOwner", "=", owner)
      .where("status", "=", "sending")
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}
