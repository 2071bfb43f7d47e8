import type { ExpressionBuilder, Insertable, Kysely, Updateable } from "kysely";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import type { BloodGroup } from "#core/blood/groups.ts";
import type { BloodDonorRow, BloodDonorsTable, Database } from "#server/db/schema.ts";

/** The last day of a donation after which a donor may give again on `today`, by interval (`today` minus its days). */
export type DonationCutoffs = Record<DonationInterval, string>;

/** What a donor changes from their own link. */
export type DonorChanges = Pick<
  Updateable<BloodDonorsTable>,
  "availability" | "availableFrom" | "lastDonationOn" | "city" | "cityKey" | "area" | "phone"
>;

/**
 * Donors a coordinator may ask on `today`: confirmed, available (now, or from a day that has come), and past their
 * interval since the last donation (each donor's own interval, as `cutoffs` gives its last allowed day).
 */
export function askableOn(today: string, cutoffs: DonationCutoffs) {
  return (eb: ExpressionBuilder<Database, "bloodDonors">) =>
    eb.and([
      eb("confirmedAt", "is not", null),
      eb.or([eb("availability", "=", "available"), eb.and([eb("availability", "=", "from"), eb("availableFrom", "<=", today)])]),
      eb.or([
        eb("lastDonationOn", "is", null),
        ...Object.entries(cutoffs).map(([interval, cutoff]) =>
          eb.and([eb("donationInterval", "=", interval as DonationInterval), eb("lastDonationOn", "<=", cutoff)]),
        ),
      ]),
    ]);
}

/** The blood-donor registry's rows. Emails are stored trimmed and lower-cased. */
export function bloodDonorsRepo(db: Kysely<Database>) {
  return {
    /**
     * Stores a new donor unless the email or the submission key is already stored (then nothing is written and it
     * answers false: the caller reads which).
     */
    async insert(row: Insertable<BloodDonorsTable>): Promise<boolean> {
      const inserted = await db
        .insertInto("bloodDonors")
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    findBySubmissionKey: (key: string): Promise<BloodDonorRow | undefined> =>
      db.selectFrom("bloodDonors").selectAll().where("submissionKey", "=", key).executeTakeFirst(),

    findByEmail: (email: string): Promise<BloodDonorRow | undefined> =>
      db.selectFrom("bloodDonors").selectAll().where("email", "=", email).executeTakeFirst(),

    findByTokenHash: (hash: string): Promise<BloodDonorRow | undefined> =>
      db.selectFrom("bloodDonors").selectAll().where("linkTokenHash", "=", hash).executeTakeFirst(),

    /** A new personal link: the old one stops working. */
    async renewLink(id: string, tokenHash: string): Promise<void> {
      await db.updateTable("bloodDonors").set({ linkTokenHash: tokenHash }).where("id", "=", id).execute();
    },

    /** The donor confirmed from their link, or said again they are willing: listed from now on, and willing as of `at`. */
    async confirm(id: string, at: string): Promise<void> {
      await db
        .updateTable("bloodDonors")
        .set((eb) => ({ confirmedAt: eb.fn.coalesce("confirmedAt", eb.val(at)), willingAt: at }))
        .where("id", "=", id)
        .execute();
    },

    /** Up to `limit` confirmed donors silent since `cutoff` (ISO) who have not been asked since they last said so. */
    dueForReminder: (cutoff: string, limit: number): Promise<BloodDonorRow[]> =>
      db
        .selectFrom("bloodDonors")
        .selectAll()
        .where("confirmedAt", "is not", null)
        .where("willingAt", "<", cutoff)
        .where((eb) => eb.or([eb("remindedAt", "is", null), eb("remindedAt", "<", eb.ref("willingAt"))]))
        .orderBy("willingAt")
        .limit(limit)
        .execute(),

    async markReminded(id: string, at: string): Promise<void> {
      await db.updateTable("bloodDonors").set({ remindedAt: at }).where("id", "=", id).execute();
    },

    /** The donor's own changes, which also say they are still willing (as of `at`). */
    async update(id: string, changes: DonorChanges, at: string): Promise<void> {
      await db
        .updateTable("bloodDonors")
        .set({ ...changes, willingAt: at })
        .where("id", "=", id)
        .execute();
    },

    /** A confirmed donor's number, for a coordinator who presses WhatsApp, Call or Show number. */
    async confirmedPhone(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("bloodDonors")
        .select("phone")
        .where("id", "=", id)
        .where("confirmedAt", "is not", null)
        .executeTakeFirst();
      return row?.phone;
    },

    /** Confirmed donors' names and addresses, for a coordinator's ask by mail. */
    mailAddresses: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("bloodDonors")
            .select(["id", "name", "email"])
            .where("id", "in", ids)
            .where("confirmedAt", "is not", null)
            .execute(),

    /** Donors gave on `day` (YYYY-MM-DD): their last donation moves to it, never back. */
    async recordDonation(ids: readonly string[], day: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable("bloodDonors")
        .set({ lastDonationOn: day })
        .where("id", "in", ids)
        .where((eb) => eb.or([eb("lastDonationOn", "is", null), eb("lastDonationOn", "<", day)]))
        .execute();
    },

    /** Deletes donors; returns the ids deleted. */
    async delete(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.deleteFrom("bloodDonors").where("id", "in", ids).returning("id").execute();
      return rows.map((row) => row.id);
    },

    /** Up to `limit` donors who never confirmed and signed up before `cutoff` (ISO). */
    async unconfirmedBefore(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("bloodDonors")
        .select("id")
        .where("confirmedAt", "is", null)
        .where("createdAt", "<", cutoff)
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Up to `limit` donors who have not said they are still willing since `cutoff` (ISO). */
    async silentSince(cutoff: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom("bloodDonors").select("id").where("willingAt", "<", cutoff).limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /**
     * How many donors could be asked on `today`, by blood group and city, for groups of at least `atLeast` donors
     * (fewer could point at a person). The city as one of its donors wrote it (the first in sort order).
     */
    async askableCounts(
      today: string,
      cutoffs: DonationCutoffs,
      atLeast: number,
    ): Promise<{ bloodGroup: BloodGroup; city: string; count: number }[]> {
      const rows = await db
        .selectFrom("bloodDonors")
        .where(askableOn(today, cutoffs))
        .select((eb) => ["bloodGroup", "cityKey", eb.fn.min("city").as("city"), eb.fn.countAll<number | string | bigint>().as("count")])
        .groupBy(["bloodGroup", "cityKey"])
        .having((eb) => eb.fn.countAll(), ">=", atLeast)
        .orderBy("cityKey")
        .orderBy("bloodGroup")
        .execute();
      return rows.map((row) => ({ bloodGroup: row.bloodGroup, city: row.city, count: Number(row.count) }));
    },
  };
}
