import type { Kysely } from "kysely";
import { forgetDeletedRows } from "#server/db/database.ts";
import type { Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { MailFiles } from "#server/mail/mail-files.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import type { RecordIds } from "#server/repos/personal-data.ts";
import { SWEEP_BATCH as PUSH_SWEEP_BATCH } from "#server/repos/push-subscriptions.ts";
import { emailLimitKey, recipientLimitKey } from "./public-submissions";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Requests and messages deleted per transaction by the retention sweep (each id is a bound parameter). */
const SWEEP_BATCH = 500;

/** What a deletion took away, by id, for its audit entries. */
export type ErasedRecords = Record<"requests" | "messages" | "registrations" | "donors" | "members" | "certificates" | "mails", string[]>;

/** What a deletion of personal data took away. */
export type ErasedCounts = Record<keyof ErasedRecords, number>;

/** What to erase, chosen inside the erasing transaction: records (none of a kind left out), and mails and per-email counters beside theirs. */
export interface Erasure extends Partial<RecordIds> {
  mailIds?: readonly string[];
  counterKeys?: readonly string[];
  /** Mails created before this instant (ISO), whatever they tell of. */
  mailsBefore?: string;
}

/**
 * The instant `months` calendar months before `now` (the same day of the month, or the month's last day when it has
 * fewer): what was submitted before it is past keeping.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return cutoff;
}

/**
 * How an erasure runs. `vacuum`: on SQLite, rewrite the database file afterwards. `now`: when it happens (the clock
 * unless given); an eraser that gives up registrations' places (registrationService's `erase`) asks whether their
 * announcements are still open then.
 */
export interface ErasureOptions {
  vacuum?: boolean;
  now?: Date;
}

/**
 * Deletes requests, messages, registrations, blood donors, members and certificates with every copy of their data: the rows (with a request's notes and history), their
 * mails in the outbox, the files the `log` transport wrote of those, and any per-email counters named; on SQLite the
 * write-ahead log is then emptied, so the file keeps nothing of them either (with `vacuum`, nothing freed earlier
 * either). `select` chooses what to erase and `audit` writes the audit entries, both in the erasing transaction, so
 * nothing written meanwhile is left half-erased.
 */
export function recordEraser({ db, mailFiles, logger }: { db: Kysely<Database>; mailFiles: MailFiles; logger: Logger }) {
  return async function erase(
    select: (trx: Repos) => Promise<Erasure>,
    audit: (trx: Repos, erased: ErasedRecords) => Promise<void>,
    { vacuum = false }: ErasureOptions = {},
  ): Promise<ErasedRecords> {
    const erased = await inTransaction(db, async (trx) => {
      const chosen = await select(trx);
      const records = {
        applications: chosen.applications ?? [],
        messages: chosen.messages ?? [],
        registrations: chosen.registrations ?? [],
        donors: chosen.donors ?? [],
        members: chosen.members ?? [],
        certificates: chosen.certificates ?? [],
      };
      const requests = await trx.applications.delete(records.applications);
      const messages = await trx.contactMessages.delete(records.messages);
      const registrations = await trx.registrations.delete(records.registrations);
      const donors = await trx.bloodDonors.delete(records.donors);
      const members = await trx.members.delete(records.members);
      const certificates = await trx.certificates.delete(records.certificates);
      const mails = new Set([
        ...(await trx.mailOutbox.deleteForRecords(Object.values(records).flat())),
        ...(await trx.mailOutbox.delete({ ids: chosen.mailIds ?? [] })),
        ...(chosen.mailsBefore ? await trx.mailOutbox.delete({ createdBefore: chosen.mailsBefore }) : []),
      ]);
      for (const key of chosen.counterKeys ?? []) await trx.rateLimits.reset(key);
      const result = { requests, messages, registrations, donors, members, certificates, mails: [...mails] };
      await audit(trx, result);
      return result;
    });
    await mailFiles.delete(erased.mails);
    if (!(await forgetDeletedRows(db, { vacuum }))) logger.warn("the database log was not emptied after a deletion: a reader held it");
    return erased;
  };
}

export type RecordEraser = ReturnType<typeof recordEraser>;

const countsOf = ({ requests, messages, registrations, donors, members, certificates, mails }: ErasedRecords): ErasedCounts => ({
  requests: requests.length,
  messages: messages.length,
  registrations: registrations.length,
  donors: donors.length,
  members: members.length,
  certificates: certificates.length,
  mails: mails.length,
});

/** An audit entry that says how much was erased, never whose. */
const auditCounts = (actor: string, action: string) => async (trx: Repos, erased: ErasedRecords) => {
  const { requests, messages, registrations, donors, members, certificates, mails } = countsOf(erased);
  await trx.auditLog.record(
    actor,
    action,
    `requests=${requests} messages=${messages} registrations=${registrations} donors=${donors} members=${members} certificates=${certificates} mails=${mails}`,
  );
};

const NOTHING: ErasedCounts = { requests: 0, messages: 0, registrations: 0, donors: 0, members: 0, certificates: 0, mails: 0 };

/**
 * Applicants', senders' and registrants' personal data kept only as long as needed: the retention setting and its daily sweep, and
 * erasure by email address, each deleting every copy (see recordEraser).
 */
export function personalDataService({
  db,
  mailFiles,
  erase,
  logger,
}: {
  db: Kysely<Database>;
  mailFiles: MailFiles;
  /** The site's eraser moves waiting lists up where an erased registration held a place (registrationService's `erase`). */
  erase: RecordEraser;
  logger: Logger;
}) {
  const repos = createRepos(db);

  /** The mails that hold this address: as a JSON string value, so a longer address that contains it is not one. */
  const mailsOf = (trx: Repos, email: string) => trx.mailOutbox.idsMentioning(JSON.stringify(email));

  const service = {
    /** Months requests, messages and registrations are kept; null: until deleted by hand. */
    retentionMonths: () => repos.settings.retentionMonths(),

    /** Stores the setting (audited) and at once deletes what is now past keeping. */
    async setRetention(months: number | null, actorId: string, now = new Date()): Promise<ErasedCounts> {
      await inTransaction(db, async (trx) => {
        await trx.settings.setRetentionMonths(months);
        await trx.auditLog.record(actorId, "retention.set", `months=${months ?? "never"}`);
      });
      return service.sweep(now, actorId);
    },

    /**
     * Deletes the requests, messages and registrations (and mails) submitted before the retention period, a batch per transaction;
     * nothing when it is "never". One audit entry per batch says how much went. Push subscriptions not refreshed in the
     * period go too (they hold no one's data, so they are not counted among what was erased).
     */
    async sweep(now = new Date(), actor: string = AUDIT_ACTOR.system): Promise<ErasedCounts> {
      const months = await repos.settings.retentionMonths();
      if (months === null) return NOTHING;
      const cutoff = retentionCutoff(now, months).toISOString();
      const total = { ...NOTHING };
      for (;;) {
        const erased = await erase(
          async (trx) => ({ ...(await trx.personalData.olderThan(cutoff, SWEEP_BATCH)), mailsBefore: cutoff }),
          async (trx, batch) => {
            if (batch.requests.length + batch.messages.length + batch.registrations.length + batch.members.length + batch.mails.length > 0)
              await auditCounts(actor, "retention.sweep")(trx, batch);
          },
          { now },
        );
        const batch = countsOf(erased);
        total.requests += batch.requests;
        total.messages += batch.messages;
        total.registrations += batch.registrations;
        total.members += batch.members;
        total.mails += batch.mails;
        if (
          batch.requests < SWEEP_BATCH &&
          batch.messages < SWEEP_BATCH &&
          batch.registrations < SWEEP_BATCH &&
          batch.members < SWEEP_BATCH
        )
          break;
      }
      // A file the log transport wrote while its mail was being deleted, or one a failed delete left behind.
      await mailFiles.deleteOrphans((ids) => repos.mailOutbox.existing(ids));
      if (total.requests + total.messages + total.registrations + total.members + total.mails > 0)
        logger.info(total, "retention sweep deleted old requests, messages and registrations");
      // Browsers' push subscriptions no visit refreshed in the period (a browser still subscribed posts its own again).
      let subscriptions = 0;
      for (;;) {
        const deleted = await repos.pushSubscriptions.deleteNotRefreshedSince(cutoff);
        subscriptions += deleted;
        if (deleted < PUSH_SWEEP_BATCH) break;
      }
      if (subscriptions > 0) logger.info({ pushSubscriptions: subscriptions }, "retention sweep deleted push subscriptions not refreshed");
      return total;
    },

    /**
     * The daily sweep: of several instances asking, the first in a day takes it. A sweep that fails gives the day back,
     * so the next housekeeping round tries again.
     */
    async sweepDaily(now = new Date()): Promise<void> {
      if (!(await repos.settings.claimRetentionSweep(now, DAY_MS))) return;
      try {
        await service.sweep(now);
      } catch (error) {
        await repos.settings.releaseRetentionSweep(now);
        throw error;
      }
    },

    /** What is held for an (normalised) email address: requests, messages, registrations, blood donors and mails. */
    async findByEmail(email: string): Promise<ErasedCounts> {
      const [{ applications: requests, ...records }, mails] = await Promise.all([repos.personalData.ofEmail(email), mailsOf(repos, email)]);
      return countsOf({ requests, ...records, mails });
    },

    /**
     * Erases everything held for an (normalised) email address, and on SQLite rewrites the database file so no free
     * space keeps a copy; the audit entry says how much went, not whose.
     */
    async eraseByEmail(email: string, actorId: string): Promise<ErasedCounts> {
      const erased = await erase(
        async (trx) => ({
          ...(await trx.personalData.ofEmail(email)),
          mailIds: await mailsOf(trx, email),
          counterKeys: [
            emailLimitKey("join", email),
            emailLimitKey("contact", email),
            emailLimitKey("blood-donor", email),
            recipientLimitKey(email),
          ],
        }),
        auditCounts(actorId, "personal-data.erase"),
        { vacuum: true },
      );
      return countsOf(erased);
    },
  };
  return service;
}
