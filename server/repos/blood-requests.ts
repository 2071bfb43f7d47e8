import { type Insertable, type Kysely, sql } from "kysely";
import { type BloodGroup, RED_CELL_DONORS } from "#core/blood/groups.ts";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import type { BloodRequestAsksTable, BloodRequestsTable, Database } from "#server/db/schema.ts";
import { askableOn, type DonationCutoffs } from "./blood-donors";

export type BloodRequestRow = BloodRequestsTable;

/** A donor the match list offers for a request: never their name, number or email. */
export interface MatchedDonor {
  id: string;
  bloodGroup: BloodGroup;
  city: string;
  area: string;
  lastDonationOn: string | null;
  donationInterval: DonationInterval;
  sameCity: boolean;
  /** When and how they were asked for this request; null: not yet. */
  askedAt: string | null;
  answer: "yes" | "no" | null;
}

/** A request as the list of requests shows it: with how many donors were asked and how many said yes. */
export type ListedRequestRow = BloodRequestRow & { asked: number; yes: number };

/** Coordinators' emergency requests and the donors asked for each. */
export function bloodRequestsRepo(db: Kysely<Database>) {
  return {
    async create(row: Insertable<BloodRequestsTable>): Promise<void> {
      await db.insertInto("bloodRequests").values(row).execute();
    },

    findById: (id: string): Promise<BloodRequestRow | undefined> =>
      db.selectFrom("bloodRequests").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Every request, open ones first (soonest needed first), then closed ones (newest first). */
    async list(): Promise<ListedRequestRow[]> {
      const rows = await db
        .selectFrom("bloodRequests as r")
        .leftJoin("bloodRequestAsks as a", "a.requestId", "r.id")
        .selectAll("r")
        .select((eb) => [
          eb.fn.count<number | string | bigint>("a.donorId").as("asked"),
          eb.fn.sum<number | string | bigint | null>(eb.case().when("a.answer", "=", "yes").then(1).else(0).end()).as("yes"),
        ])
        .groupBy("r.id")
        .orderBy(sql`case when r.status = 'open' then 0 else 1 end`)
        .orderBy(sql`case when r.status = 'open' then r.needed_by end`)
        .orderBy("r.createdAt", "desc")
        .execute();
      return rows.map((row) => ({ ...row, asked: Number(row.asked), yes: Number(row.yes ?? 0) }));
    },

    /** Closes an open request; false when it was not open (closed meanwhile, or no such request). */
    async close(id: string, status: "fulfilled" | "not-needed", at: string): Promise<boolean> {
      const result = await db
        .updateTable("bloodRequests")
        .set({ status, closedAt: at })
        .where("id", "=", id)
        .where("status", "=", "open")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The donors who can give red cells to `patientGroup` and may be asked on `today` (see askableOn), at most
     * `limit`: the same city first, then the patient's own group (so O− is kept for those who need it), then those not
     * asked for this request yet, then the longest since their last donation (never donated first).
     */
    async matches(
      request: { id: string; patientGroup: BloodGroup; cityKey: string },
      today: string,
      cutoffs: DonationCutoffs,
      limit: number,
    ): Promise<MatchedDonor[]> {
      const rows = await db
        .selectFrom("bloodDonors")
        .leftJoin("bloodRequestAsks as a", (join) => join.onRef("a.donorId", "=", "bloodDonors.id").on("a.requestId", "=", request.id))
        .where(askableOn(today, cutoffs))
        .where("bloodDonors.bloodGroup", "in", RED_CELL_DONORS[request.patientGroup])
        .select([
          "bloodDonors.id",
          "bloodDonors.bloodGroup",
          "bloodDonors.city",
          "bloodDonors.area",
          "bloodDonors.lastDonationOn",
          "bloodDonors.donationInterval",
          "a.askedAt",
          "a.answer",
        ])
        .select(sql<number>`case when ${sql.ref("bloodDonors.cityKey")} = ${request.cityKey} then 1 else 0 end`.as("sameCity"))
        .orderBy(sql`case when ${sql.ref("bloodDonors.cityKey")} = ${request.cityKey} then 0 else 1 end`)
        .orderBy(sql`case when ${sql.ref("bloodDonors.bloodGroup")} = ${request.patientGroup} then 0 else 1 end`)
        .orderBy(sql`case when ${sql.ref("a.askedAt")} is null then 0 else 1 end`)
        .orderBy(sql`coalesce(${sql.ref("bloodDonors.lastDonationOn")}, '0000-00-00')`)
        .orderBy("bloodDonors.id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, sameCity: Number(row.sameCity) === 1 }));
    },

    /** The donors asked for a request, how and with what answer, first asked first: never their name, number or email. */
    askedFor: (requestId: string) =>
      db
        .selectFrom("bloodRequestAsks as a")
        .innerJoin("bloodDonors as d", "d.id", "a.donorId")
        .where("a.requestId", "=", requestId)
        .select(["d.id", "d.bloodGroup", "d.area", "d.city", "a.channel", "a.askedAt", "a.answer", "a.donated"])
        .orderBy("a.askedAt")
        .orderBy("d.id")
        .execute(),

    /** A mailed ask by its answer link's token hash, with what the answer page shows of the request. */
    findAskByTokenHash: (hash: string) =>
      db
        .selectFrom("bloodRequestAsks as a")
        .innerJoin("bloodRequests as r", "r.id", "a.requestId")
        .where("a.answerTokenHash", "=", hash)
        .select(["a.requestId", "a.donorId", "a.answer", "r.patientGroup", "r.units", "r.hospital", "r.city", "r.neededBy", "r.status"])
        .executeTakeFirst(),

    async setAnswer(requestId: string, donorId: string, answer: "yes" | "no", at: string): Promise<void> {
      await db
        .updateTable("bloodRequestAsks")
        .set({ answer, answeredAt: at })
        .where("requestId", "=", requestId)
        .where("donorId", "=", donorId)
        .execute();
    },

    /** Records that a donor was asked for a request (the first ask is kept); true when this is the first. */
    async recordAsk(ask: Insertable<BloodRequestAsksTable>): Promise<boolean> {
      // An ask already recorded keeps its channel and time: a number revealed again is not a second ask.
      const inserted = await db
        .insertInto("bloodRequestAsks")
        .values(ask)
        .onConflict((oc) => oc.columns(["requestId", "donorId"]).doNothing())
        .returning("donorId")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** The donors who gave for a request: marked on their asks (asked or not before). */
    async markDonated(requestId: string, donorIds: readonly string[], askedBy: string, at: string): Promise<void> {
      for (const donorId of donorIds) {
        await db
          .insertInto("bloodRequestAsks")
          .values({ requestId, donorId, channel: "number", askedBy, askedAt: at, answer: "yes", answeredAt: at, donated: 1 })
          .onConflict((oc) => oc.columns(["requestId", "donorId"]).doUpdateSet({ donated: 1 }))
          .execute();
      }
    },
  };
}
