import type { Kysely } from "kysely";
import { donationCutoffs, nextDonationDay } from "#core/blood/eligibility.ts";
import { DONOR_CONSENT } from "#core/messages/blood.ts";
import type { DonorSignUp, DonorUpdate } from "#core/schemas/blood-donor.ts";
import { newId } from "#server/db/ids.ts";
import type { BloodDonorRow, Database } from "#server/db/schema.ts";
import type { Logger } from "#server/logger.ts";
import type { MailFiles } from "#server/mail/mail-files.ts";
import { type DonorLinkReason, donorLinkMail, type DonorMailSite } from "#server/mail/templates/blood-donor.ts";
import { networkLimitKey } from "#server/client-network.ts";
import { AUDIT_ACTOR } from "#server/repos/audit-log.ts";
import { createRepos, inTransaction, type Repos } from "#server/repos/index.ts";
import { logSecurityEvent } from "#server/security-log.ts";
import { toWallTime } from "#server/site-time.ts";
import { type RecordEraser, retentionCutoff } from "./personal-data";
import { queuePublicMail, type SubmissionResult, type SubmissionStore } from "./public-submissions";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

/** A donor who never confirmed from their link is deleted this long after signing up. */
export const UNCONFIRMED_DONOR_MS = 7 * 24 * 60 * 60 * 1000;
/** A donor is asked to say they are still willing after this many months of silence… */
export const WILLING_REMINDER_MONTHS = 6;
/** …and deleted after this many. */
export const SILENT_DONOR_MONTHS = 12;
/** The public page shows a count of donors only when at least this many stand behind it. */
export const PUBLIC_COUNT_MINIMUM = 3;
/** For the whole site: 300 donors' link mails an hour, so the form cannot be made to mail strangers without bound. */
export const DONOR_MAIL_LIMIT = { key: "blood-donor-mail:site", limit: 300, windowMs: 60 * 60 * 1000 } as const;
/** Per client network: 10 requests for a new link per 10 minutes. */
export const LINK_REQUEST_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000 } as const;
/** Donors deleted per transaction by the sweep. */
const SWEEP_BATCH = 500;
/** Donors asked whether they are still willing per housekeeping round (mail goes out at the outbox's pace anyway). */
const REMINDER_BATCH = 100;

/** A city as donors are grouped and matched by it. */
const cityKeyOf = (city: string): string => city.toLocaleLowerCase("en");

export interface BloodDonorDeps {
  db: Kysely<Database>;
  store: SubmissionStore;
  logger: Logger;
  /** Deletes donors with every copy of their data (their mails and the files of those). */
  erase: RecordEraser;
  /** The files the `log` transport wrote, of which a replaced link's mail is deleted. */
  mailFiles: MailFiles;
  timeZone: string;
  site(): Promise<DonorMailSite>;
  wakeMailer(): void;
}

/**
 * The blood-donor registry as donors see it: signing up (with consent), the personal link that opens a donor's own
 * page (confirm, change, withdraw), a new link by email, the public counts, and the sweep of donors past keeping.
 */
export function bloodDonorService({ db, store, logger, erase, mailFiles, timeZone, site, wakeMailer }: BloodDonorDeps) {
  const repos = createRepos(db);
  const intervals = () => repos.settings.donationIntervals();
  const today = (now: Date) => toWallTime(now, timeZone).slice(0, 10);

  /**
   * Mails a donor a new personal link (in `trx`; `site` read before it began), through queuePublicMail's caps. Only when it is queued does the new
   * link replace the old one, and the donor's earlier link mails go (the files of those once `trx` commits: returned).
   */
  async function mailNewLink(
    trx: Repos,
    donor: BloodDonorRow,
    mail: { reason: DonorLinkReason; site: DonorMailSite },
    now: Date,
  ): Promise<string[] | undefined> {
    const token = newLinkToken();
    const earlier = await trx.mailOutbox.idsForRecord(donor.id);
    const { payload, secretLink } = donorLinkMail(donor, mail.reason, mail.site, token);
    const queued = await queuePublicMail(
      trx,
      logger,
      { payload, secretLink, recordId: donor.id, form: "blood-donor", siteLimit: DONOR_MAIL_LIMIT },
      now,
    );
    if (!queued) return undefined;
    await trx.bloodDonors.renewLink(donor.id, hashLinkToken(token));
    return trx.mailOutbox.delete({ ids: earlier });
  }

  /** The donor a personal link opens, if it is one that works. */
  const donorOf = async (token: string): Promise<BloodDonorRow | undefined> =>
    isLinkToken(token) ? repos.bloodDonors.findByTokenHash(hashLinkToken(token)) : undefined;

  return {
    /** The donation intervals in days, as an Owner set them (guidance only), and as the form offers them. */
    intervals,

    /** The society's day (YYYY-MM-DD): a last donation after it is refused. */
    today,

    /**
     * Takes a sign-up with its consent (the consent's current version and the time are stored), counted against the
     * client network and the email (PUBLIC_FORM_LIMIT, PER_EMAIL_LIMIT), and mails the personal link that confirms
     * it. An email already in the registry changes nothing: that donor is mailed a new link instead, so the page's
     * answer never tells whether an address is a donor's. A submission sent again (same key) stores and mails nothing.
     */
    async signUp(input: DonorSignUp, clientIp: string, now = new Date()): Promise<SubmissionResult> {
      const at = now.toISOString();
      const siteInfo = await site();
      let replacedMails: string[] = [];
      const result = await store({
        form: "blood-donor",
        clientIp,
        limitedEmail: input.email,
        confirmationLimit: DONOR_MAIL_LIMIT,
        insert: async (trx) => {
          const earlier = input.submissionKey ? await trx.bloodDonors.findBySubmissionKey(input.submissionKey) : undefined;
          if (earlier) return { id: earlier.id, created: false };
          const existing = await trx.bloodDonors.findByEmail(input.email);
          if (existing) {
            replacedMails = (await mailNewLink(trx, existing, { reason: "asked", site: siteInfo }, now)) ?? [];
            return { id: existing.id, created: false };
          }
          const token = newLinkToken();
          const id = newId();
          const stored = await trx.bloodDonors.insert({
            id,
            name: input.name,
            email: input.email,
            phone: input.phone,
            bloodGroup: input.bloodGroup,
            city: input.city,
            cityKey: cityKeyOf(input.city),
            area: input.area,
            lastDonationOn: input.lastDonation,
            donationInterval: input.interval,
            availability: "available",
            availableFrom: null,
            consentVersion: DONOR_CONSENT.version,
            consentAt: at,
            linkTokenHash: hashLinkToken(token),
            confirmedAt: null,
            willingAt: at,
            remindedAt: null,
            submissionKey: input.submissionKey ?? null,
            createdAt: at,
          });
          // Another sign-up with this email or key committed first (PostgreSQL): it holds the submission.
          if (!stored) throw new Error("a donor with this email or submission key was stored meanwhile");
          return { id, created: true, confirmation: donorLinkMail(input, "signed-up", siteInfo, token) };
        },
        now,
      });
      await mailFiles.delete(replacedMails);
      if (result.ok) wakeMailer();
      return result;
    },

    /**
     * Mails a new personal link to the donor with this email, if there is one (the old link stops working); the caller
     * answers the same either way. Limited per client network (LINK_REQUEST_LIMIT), and through queuePublicMail's caps.
     */
    async requestLink(email: string, clientIp: string, now = new Date()): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
      const { limit, windowMs } = LINK_REQUEST_LIMIT;
      // Read before the transaction: on SQLite it holds the one connection until it ends.
      const siteInfo = await site();
      const replaced = await inTransaction(db, async (trx): Promise<{ retryAfterSeconds: number } | { mails: string[] }> => {
        const count = await trx.rateLimits.hit(networkLimitKey("blood-donor-link", clientIp), limit, windowMs, now);
        if (!count.allowed) return { retryAfterSeconds: count.retryAfterSeconds };
        if (count.remaining === 0)
          logSecurityEvent(logger, "form.limit-reached", { form: "blood-donor-link", windowSeconds: windowMs / 1000 });
        const donor = await trx.bloodDonors.findByEmail(email);
        return { mails: donor ? ((await mailNewLink(trx, donor, { reason: "asked", site: siteInfo }, now)) ?? []) : [] };
      });
      if ("retryAfterSeconds" in replaced) return { ok: false, retryAfterSeconds: replaced.retryAfterSeconds };
      await mailFiles.delete(replaced.mails);
      wakeMailer();
      return { ok: true };
    },

    /** What a donor's own page shows; undefined for a link that does not work (unknown, replaced, withdrawn). */
    async page(token: string) {
      const donor = await donorOf(token);
      if (!donor) return undefined;
      const intervalDays = (await intervals())[donor.donationInterval];
      return {
        name: donor.name,
        bloodGroup: donor.bloodGroup,
        phone: donor.phone,
        city: donor.city,
        area: donor.area,
        lastDonation: donor.lastDonationOn,
        interval: donor.donationInterval,
        intervalDays,
        /** The first day they may give again (YYYY-MM-DD), after a recorded donation. */
        nextDonation: nextDonationDay(donor.lastDonationOn, intervalDays),
        availability: donor.availability,
        availableFrom: donor.availableFrom,
        /** False until they confirmed from their link. */
        confirmed: donor.confirmedAt !== null,
      };
    },

    /**
     * The donor confirms from their link (coordinators may see them from now on), or says again they are still
     * willing. False for a link that does not work.
     */
    async confirm(token: string, now = new Date()): Promise<boolean> {
      const donor = await donorOf(token);
      if (!donor) return false;
      await repos.bloodDonors.confirm(donor.id, now.toISOString());
      return true;
    },

    /**
     * The donor's own changes (which confirm them too, and say they are still willing). False for a link that does not
     * work.
     */
    async update(token: string, changes: DonorUpdate, now = new Date()): Promise<boolean> {
      const donor = await donorOf(token);
      if (!donor) return false;
      const at = now.toISOString();
      await inTransaction(db, async (trx) => {
        await trx.bloodDonors.confirm(donor.id, at);
        await trx.bloodDonors.update(
          donor.id,
          {
            availability: changes.availability,
            availableFrom: changes.availableFrom,
            lastDonationOn: changes.lastDonation,
            city: changes.city,
            cityKey: cityKeyOf(changes.city),
            area: changes.area,
            phone: changes.phone,
          },
          at,
        );
      });
      return true;
    },

    /**
     * The donor withdraws: they are erased with every copy of their data (see recordEraser), as erasure by email
     * erases them; the audit entry counts, never names. False for a link that does not work.
     */
    async withdraw(token: string): Promise<boolean> {
      if (!isLinkToken(token)) return false;
      const erased = await erase(
        async (trx) => {
          const donor = await trx.bloodDonors.findByTokenHash(hashLinkToken(token));
          return { donors: donor ? [donor.id] : [] };
        },
        async (trx, { donors }) => {
          if (donors.length > 0) await trx.auditLog.record(AUDIT_ACTOR.anonymous, "blood-donor.withdraw", "donors=1");
        },
        { vacuum: true },
      );
      return erased.donors.length > 0;
    },

    /** Available donors by blood group and city, each count only when PUBLIC_COUNT_MINIMUM or more stand behind it. */
    async publicCounts(now = new Date()) {
      const day = today(now);
      return repos.bloodDonors.askableCounts(day, donationCutoffs(day, await intervals()), PUBLIC_COUNT_MINIMUM);
    },

    /**
     * Asks donors silent for WILLING_REMINDER_MONTHS whether they are still willing, once each time they fall silent,
     * with a new personal link; up to REMINDER_BATCH per call. Returns how many were asked.
     */
    async remindSilent(now = new Date()): Promise<number> {
      const due = await repos.bloodDonors.dueForReminder(retentionCutoff(now, WILLING_REMINDER_MONTHS).toISOString(), REMINDER_BATCH);
      if (due.length === 0) return 0;
      const siteInfo = await site();
      let asked = 0;
      for (const donor of due) {
        const replaced = await inTransaction(db, async (trx) => {
          const mails = await mailNewLink(trx, donor, { reason: "reminder", site: siteInfo }, now);
          if (mails) await trx.bloodDonors.markReminded(donor.id, now.toISOString());
          return mails;
        });
        // Held back by the mail caps: asked at a later round.
        if (!replaced) break;
        await mailFiles.delete(replaced);
        asked += 1;
      }
      if (asked > 0) wakeMailer();
      return asked;
    },

    /**
     * Deletes, with every copy of their data, donors who never confirmed within UNCONFIRMED_DONOR_MS and donors silent
     * for SILENT_DONOR_MONTHS, a batch per transaction, each batch with an audit entry that counts them. Returns how
     * many went.
     */
    async sweep(now = new Date()): Promise<number> {
      const unconfirmedCutoff = new Date(now.getTime() - UNCONFIRMED_DONOR_MS).toISOString();
      const silentCutoff = retentionCutoff(now, SILENT_DONOR_MONTHS).toISOString();
      const [unconfirmed, silent] = await Promise.all([
        repos.bloodDonors.unconfirmedBefore(unconfirmedCutoff, 1),
        repos.bloodDonors.silentSince(silentCutoff, 1),
      ]);
      // Most rounds find nothing: no transaction, and no emptying of the database's log, for them.
      if (unconfirmed.length + silent.length === 0) return 0;
      let total = 0;
      for (;;) {
        const { donors } = await erase(
          async (trx) => ({
            donors: [
              ...new Set([
                ...(await trx.bloodDonors.unconfirmedBefore(unconfirmedCutoff, SWEEP_BATCH)),
                ...(await trx.bloodDonors.silentSince(silentCutoff, SWEEP_BATCH)),
              ]),
            ],
          }),
          async (trx, { donors }) => {
            if (donors.length > 0) await trx.auditLog.record(AUDIT_ACTOR.system, "blood-donor.sweep", `donors=${donors.length}`);
          },
          { now },
        );
        total += donors.length;
        if (donors.length < SWEEP_BATCH) break;
      }
      if (total > 0) logger.info({ donors: total }, "blood-donor sweep deleted unconfirmed and silent donors");
      return total;
    },
  };
}
