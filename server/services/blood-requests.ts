import type { Kysely } from "kysely";
import { daysSinceDonation, donationCutoffs, type DonationInterval } from "#core/blood/eligibility.ts";
import { whatsAppNumber } from "#core/blood/phone.ts";
import type { BloodRequestStatus, RevealChannel } from "#core/messages/blood.ts";
import type { BloodRequestInput } from "#core/schemas/blood-request.ts";
import { isRecordId, newId } from "#server/db/ids.ts";
import type { Database } from "#server/db/schema.ts";
import type { BloodRequestRow, MatchedDonor } from "#server/repos/blood-requests.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import { bloodAskMail, type DonorMailSite } from "#server/mail/templates/blood-donor.ts";
import { formatSiteTime, toWallTime, wallTimeToInstant } from "#server/site-time.ts";
import { hashLinkToken, isLinkToken, newLinkToken } from "#server/link-token.ts";

/** Per admin: 30 donors' numbers revealed an hour (WhatsApp, Call or Show number), each one audited. */
export const REVEAL_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 } as const;
/** The match list's length: more than a coordinator works through for one request. */
export const MATCH_LIMIT = 100;
/** "Ask by mail" asks at most this many donors at once. */
export const ASK_BY_MAIL_MAX = 20;

/** A request as coordinators read it: its status as of now (an open one past its time is expired), times in site time. */
export type BloodRequestView = Pick<
  BloodRequestRow,
  "id" | "patientGroup" | "units" | "hospital" | "city" | "neededBy" | "contact" | "note" | "createdAt"
> & { neededByText: string; status: BloodRequestStatus };

/** A matching donor as the request's screen lists them: no name, number or email until a coordinator reveals the number. */
export type MatchView = Omit<MatchedDonor, "lastDonationOn" | "donationInterval"> & {
  /** Days since their last donation; undefined: none recorded. */
  daysSinceDonation: number | undefined;
};

/** A revealed number, with the links that reach the donor. */
export interface Reveal {
  phone: string;
  whatsApp: string;
  call: string;
}

export type RevealResult =
  ({ ok: true } & Reveal) | { ok: false; reason: "missing" | "closed" } | { ok: false; reason: "limit"; retryAfterSeconds: number };

/**
 * The coordinators' side of the blood-donor registry: emergency requests, the donors who can give to each (red-cell
 * compatible, available, past their interval, the same city first), revealing a donor's number (audited, limited per
 * admin), and closing a request.
 */
export function bloodRequestService({
  db,
  timeZone,
  site,
  wakeMailer,
}: {
  db: Kysely<Database>;
  timeZone: string;
  /** The society's short name (the WhatsApp message and the mails sign with it) and the site's address. */
  site(): Promise<DonorMailSite>;
  wakeMailer(): void;
}) {
  const repos = createRepos(db);
  const today = (now: Date) => toWallTime(now, timeZone).slice(0, 10);
  const statusOf = (row: BloodRequestRow, now: Date): BloodRequestStatus =>
    row.status === "open" && row.neededBy <= now.toISOString() ? "expired" : row.status;
  const view = (row: BloodRequestRow, now: Date): BloodRequestView => ({
    id: row.id,
    patientGroup: row.patientGroup,
    units: row.units,
    hospital: row.hospital,
    city: row.city,
    neededBy: row.neededBy,
    neededByText: formatSiteTime(new Date(row.neededBy), timeZone),
    contact: row.contact,
    note: row.note,
    status: statusOf(row, now),
    createdAt: row.createdAt,
  });
  const find = async (id: string) => (isRecordId(id) ? repos.bloodRequests.findById(id) : undefined);

  /** The message a WhatsApp link carries: the group, units, hospital, time and the society. */
  const whatsAppText = (request: BloodRequestView, society: string) =>
    `Hello. ${society} is looking for ${request.patientGroup} blood (${request.units} unit${request.units === 1 ? "" : "s"}) for a patient at ${request.hospital}, ${request.city}, needed by ${request.neededByText}. Can you donate? Please reply here.`;

  return {
    /** Logs a request (audited); returns its id. */
    async create(input: BloodRequestInput, actorId: string, now = new Date()): Promise<string> {
      const id = newId();
      await inTransaction(db, async (trx) => {
        await trx.bloodRequests.create({
          id,
          patientGroup: input.patientGroup,
          units: input.units,
          hospital: input.hospital,
          city: input.city,
          cityKey: input.city.toLocaleLowerCase("en"),
          neededBy: wallTimeToInstant(input.neededBy, timeZone).toISOString(),
          contact: input.contact,
          note: input.note || null,
          status: "open",
          closedAt: null,
          createdBy: actorId,
          createdAt: now.toISOString(),
        });
        await trx.auditLog.record(actorId, "blood-request.create", `request=${id}`);
      });
      return id;
    },

    /** Every request, open ones first, each with how many donors were asked and how many said yes. */
    async list(now = new Date()) {
      return (await repos.bloodRequests.list()).map((row) => ({ ...view(row, now), asked: row.asked, yes: row.yes }));
    },

    /** One request; undefined when there is none. */
    async find(id: string, now = new Date()): Promise<BloodRequestView | undefined> {
      const row = await find(id);
      return row && view(row, now);
    },

    /** The donors who can give to the request's patient now, at most MATCH_LIMIT, in the order to ask them. */
    async matches(id: string, now = new Date()): Promise<MatchView[]> {
      const row = await find(id);
      if (!row) return [];
      const day = today(now);
      const intervals = await repos.settings.donationIntervals();
      const donors = await repos.bloodRequests.matches(row, day, donationCutoffs(day, intervals), MATCH_LIMIT);
      return donors.map(({ lastDonationOn, donationInterval: _interval, ...donor }) => ({
        ...donor,
        daysSinceDonation: daysSinceDonation(lastDonationOn, day),
      }));
    },

    /** The donors asked for the request, first asked first, with when (site time) and their answer. */
    async asked(id: string) {
      const row = await find(id);
      if (!row) return [];
      return (await repos.bloodRequests.askedFor(row.id)).map((ask) => ({
        ...ask,
        donated: ask.donated === 1,
        askedAtText: formatSiteTime(new Date(ask.askedAt), timeZone),
      }));
    },

    /**
     * Reveals a confirmed donor's number to a coordinator for an open request, with the WhatsApp and call links: written
     * to the audit log (who, which donor, which request, how) and counted against REVEAL_LIMIT for the admin; the donor
     * is recorded as asked for the request. Refused past the limit, for a closed or expired request, or an unknown donor.
     */
    async reveal(requestId: string, donorId: string, channel: RevealChannel, actorId: string, now = new Date()): Promise<RevealResult> {
      const row = await find(requestId);
      if (!row || !isRecordId(donorId)) return { ok: false, reason: "missing" };
      const request = view(row, now);
      if (request.status !== "open") return { ok: false, reason: "closed" };
      const society = (await site()).siteName;
      return inTransaction(db, async (trx): Promise<RevealResult> => {
        const phone = await trx.bloodDonors.confirmedPhone(donorId);
        if (!phone) return { ok: false, reason: "missing" };
        const { limit, windowMs } = REVEAL_LIMIT;
        const count = await trx.rateLimits.hit(`blood-reveal:admin:${actorId}`, limit, windowMs, now);
        if (!count.allowed) return { ok: false, reason: "limit", retryAfterSeconds: count.retryAfterSeconds };
        await trx.bloodRequests.recordAsk({
          requestId,
          donorId,
          channel,
          askedBy: actorId,
          askedAt: now.toISOString(),
          answer: null,
          answeredAt: null,
        });
        await trx.auditLog.record(actorId, "blood-donor.reveal", `donor=${donorId} request=${requestId} via=${channel}`);
        return {
          ok: true,
          phone,
          whatsApp: `https://wa.me/${whatsAppNumber(phone)}?text=${encodeURIComponent(whatsAppText(request, society))}`,
          call: `tel:${phone}`,
        };
      });
    },

    /**
     * Mails the first `count` (at most ASK_BY_MAIL_MAX) donors of the match list not asked yet for an open request,
     * each with a link to answer "I can donate" or "I can't this time" (its token stored only as a hash); audited.
     * Returns how many were asked, or undefined when the request is not open.
     */
    async askByMail(requestId: string, count: number, actorId: string, now = new Date()): Promise<number | undefined> {
      const row = await find(requestId);
      if (!row) return undefined;
      const request = view(row, now);
      if (request.status !== "open") return undefined;
      // Read before the transaction: on SQLite it holds the one connection until it ends.
      const [siteInfo, intervals] = await Promise.all([site(), repos.settings.donationIntervals()]);
      const day = today(now);
      const asked = await inTransaction(db, async (trx) => {
        const matches = await trx.bloodRequests.matches(row, day, donationCutoffs(day, intervals), MATCH_LIMIT);
        const chosen = matches.filter((match) => match.askedAt === null).slice(0, Math.min(Math.max(count, 0), ASK_BY_MAIL_MAX));
        const donors = await trx.bloodDonors.mailAddresses(chosen.map((match) => match.id));
        for (const donor of donors) {
          const token = newLinkToken();
          await trx.bloodRequests.recordAsk({
            requestId: row.id,
            donorId: donor.id,
            channel: "mail",
            askedBy: actorId,
            askedAt: now.toISOString(),
            answer: null,
            answeredAt: null,
            answerTokenHash: hashLinkToken(token),
          });
          const { payload, secretLink } = bloodAskMail(donor, request, siteInfo, token);
          // Tied to the donor: erasing them takes the mail too.
          await trx.mailOutbox.enqueueWithLink(payload.kind, payload, { url: secretLink! }, now, donor.id);
        }
        await trx.auditLog.record(actorId, "blood-request.ask-by-mail", `request=${row.id} donors=${donors.length}`);
        return donors.length;
      });
      if (asked > 0) wakeMailer();
      return asked;
    },

    /**
     * What the page an ask's link opens shows, changing nothing (a mail scanner that follows it answers nothing): the
     * request, whether it is still open, and the answer given so far. Undefined for a link that does not work.
     */
    async answerPage(token: string, now = new Date()) {
      if (!isLinkToken(token)) return undefined;
      const ask = await repos.bloodRequests.findAskByTokenHash(hashLinkToken(token));
      if (!ask) return undefined;
      const open = ask.status === "open" && ask.neededBy > now.toISOString();
      return {
        patientGroup: ask.patientGroup,
        units: ask.units,
        hospital: ask.hospital,
        city: ask.city,
        neededByText: formatSiteTime(new Date(ask.neededBy), timeZone),
        open,
        answer: ask.answer,
      };
    },

    /** The donor's answer from their link, while the request is open; false otherwise (the page says why). */
    async answer(token: string, answer: "yes" | "no", now = new Date()): Promise<boolean> {
      if (!isLinkToken(token)) return false;
      const ask = await repos.bloodRequests.findAskByTokenHash(hashLinkToken(token));
      if (!ask || ask.status !== "open" || ask.neededBy <= now.toISOString()) return false;
      await repos.bloodRequests.setAnswer(ask.requestId, ask.donorId, answer, now.toISOString());
      return true;
    },

    /** The donation intervals in days, as an Owner set them or the defaults. */
    intervals: () => repos.settings.donationIntervals(),

    /** An Owner sets the donation intervals (audited); they apply to matching, the counts and the donors' pages at once. */
    async setIntervals(days: Record<DonationInterval, number>, actorId: string): Promise<void> {
      await inTransaction(db, async (trx) => {
        await trx.settings.setDonationIntervals(days);
        await trx.auditLog.record(actorId, "blood.intervals", `men=${days.men} women=${days.women}`);
      });
    },

    /**
     * Closes an open (or expired) request as fulfilled, with the donors who gave (their last donation becomes today, so
     * they rest for their interval), or as no longer needed; audited. False when it was closed already or is unknown.
     */
    async close(
      requestId: string,
      outcome: "fulfilled" | "not-needed",
      donorIds: readonly string[],
      actorId: string,
      now = new Date(),
    ): Promise<boolean> {
      if (!isRecordId(requestId)) return false;
      const donors = outcome === "fulfilled" ? [...new Set(donorIds)].filter(isRecordId) : [];
      return inTransaction(db, async (trx) => {
        if (!(await trx.bloodRequests.close(requestId, outcome, now.toISOString()))) return false;
        const existing: string[] = [];
        for (const id of donors) if (await trx.bloodDonors.confirmedPhone(id)) existing.push(id);
        await trx.bloodRequests.markDonated(requestId, existing, actorId, now.toISOString());
        await trx.bloodDonors.recordDonation(existing, today(now));
        await trx.auditLog.record(actorId, "blood-request.close", `request=${requestId} outcome=${outcome} donors=${existing.length}`);
        return true;
      });
    },
  };
}
