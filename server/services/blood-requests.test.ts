import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { DonationInterval } from "#core/blood/eligibility.ts";
import { type BloodGroup } from "#core/blood/groups.ts";
import type { Availability } from "#core/messages/blood.ts";
import { bloodRequestSchema } from "#core/schemas/blood-request.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { bloodRequestService, MATCH_LIMIT, REVEAL_LIMIT } from "./blood-requests";

/** 10:00 in Karachi on 5 December 2026. */
const NOW = new Date("2026-12-05T05:00:00.000Z");

interface DonorSeed {
  group?: BloodGroup;
  city?: string;
  area?: string;
  lastDonation?: string | null;
  interval?: DonationInterval;
  availability?: Availability;
  availableFrom?: string | null;
  confirmed?: boolean;
}

const request = (more: Record<string, string> = {}) =>
  bloodRequestSchema.parse({
    patientGroup: "A+",
    units: "2",
    hospital: "DHQ Hospital",
    city: "Sargodha",
    neededBy: "2026-12-05T22:00",
    contact: "Dr. Imran, ward 4, 0300 1111111",
    ...more,
  });

describe.each(testEngines())("blood requests on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.destroy();
  });

  const service = () =>
    bloodRequestService({
      db: database.db,
      timeZone: "Asia/Karachi",
      site: async () => ({ siteName: "SWS", publicUrl: "https://society.example" }),
      wakeMailer: () => undefined,
    });

  let donors = 0;
  async function donor(name: string, seed: DonorSeed = {}): Promise<string> {
    donors += 1;
    const id = newId();
    const city = seed.city ?? "Sargodha";
    await database.db
      .insertInto("bloodDonors")
      .values({
        id,
        name,
        email: `donor${donors}@example.org`,
        phone: `+92300${String(donors).padStart(7, "0")}`,
        bloodGroup: seed.group ?? "O+",
        city,
        cityKey: city.toLowerCase(),
        area: seed.area ?? "Satellite Town",
        lastDonationOn: seed.lastDonation ?? null,
        donationInterval: seed.interval ?? "men",
        availability: seed.availability ?? "available",
        availableFrom: seed.availableFrom ?? null,
        consentVersion: "test",
        consentAt: NOW.toISOString(),
        linkTokenHash: `hash-${id}`,
        confirmedAt: seed.confirmed === false ? null : NOW.toISOString(),
        willingAt: NOW.toISOString(),
        remindedAt: null,
        submissionKey: null,
        createdAt: NOW.toISOString(),
      })
      .execute();
    return id;
  }
  const areasOf = async (requestId: string) => (await service().matches(requestId, NOW)).map((match) => match.area);

  test("the match list holds compatible, confirmed, available donors past their interval, the same city and group first", async () => {
    const requests = service();
    const id = await requests.create(request({ patientGroup: "A+" }), "admin-1", NOW);
    await donor("A+ here, gave long ago", { group: "A+", area: "a-plus-here", lastDonation: "2026-01-01" });
    await donor("O- here, never gave", { group: "O-", area: "o-minus-here" });
    await donor("A- in Lahore", { group: "A-", city: "Lahore", area: "a-minus-lahore" });
    await donor("B+ here", { group: "B+", area: "incompatible" });
    await donor("AB+ here", { group: "AB+", area: "incompatible-too" });
    await donor("A+ gave 60 days ago, men", { group: "A+", area: "resting-man", lastDonation: "2026-10-06" });
    await donor("A+ gave 100 days ago, women", { group: "A+", area: "resting-woman", lastDonation: "2026-08-27", interval: "women" });
    await donor("A+ gave 100 days ago, men", { group: "A+", area: "rested-man", lastDonation: "2026-08-27" });
    await donor("A+ not now", { group: "A+", area: "not-now", availability: "not-now" });
    await donor("A+ from tomorrow", { group: "A+", area: "from-tomorrow", availability: "from", availableFrom: "2026-12-06" });
    await donor("A+ from today", { group: "A+", area: "from-today", availability: "from", availableFrom: "2026-12-05" });
    await donor("A+ unconfirmed", { group: "A+", area: "unconfirmed", confirmed: false });
    // Within the same city and group, those who never gave come first, then the longest rested.
    expect(await areasOf(id)).toEqual(["from-today", "a-plus-here", "rested-man", "o-minus-here", "a-minus-lahore"]);
    const rested = (await requests.matches(id, NOW)).find((match) => match.area === "a-plus-here");
    expect(rested).toEqual({
      id: expect.any(String),
      bloodGroup: "A+",
      city: "Sargodha",
      area: "a-plus-here",
      sameCity: true,
      daysSinceDonation: 338,
      askedAt: null,
      answer: null,
    });
    // Nothing in the list names or reaches a donor.
    expect(JSON.stringify(await requests.matches(id, NOW))).not.toMatch(/\+92|example\.org|gave/);
  });

  test("an O- patient gets only O- donors; an AB+ patient anyone; the list stops at its limit", async () => {
    const requests = service();
    for (const group of ["O-", "O+", "A-", "A+", "B-", "B+", "AB-", "AB+"] as const) await donor(group, { group, area: group });
    const oNegative = await requests.create(request({ patientGroup: "O-" }), "admin-1", NOW);
    expect(await areasOf(oNegative)).toEqual(["O-"]);
    const abPositive = await requests.create(request({ patientGroup: "AB+" }), "admin-1", NOW);
    expect((await areasOf(abPositive))[0]).toBe("AB+");
    expect(await areasOf(abPositive)).toHaveLength(8);
    for (let i = 0; i < MATCH_LIMIT; i += 1) await donor(`more ${i}`, { group: "AB+" });
    expect(await areasOf(abPositive)).toHaveLength(MATCH_LIMIT);
  });

  test("revealing a number is audited, marks the donor asked, builds the WhatsApp and call links, and stops at 30 an hour", async () => {
    const requests = service();
    const id = await requests.create(request(), "admin-1", NOW);
    const donorId = await donor("Reachable", { group: "A+" });
    const revealed = await requests.reveal(id, donorId, "whatsapp", "admin-1", NOW);
    const { phone } = await database.db.selectFrom("bloodDonors").select("phone").where("id", "=", donorId).executeTakeFirstOrThrow();
    expect(revealed).toMatchObject({ ok: true, phone, call: `tel:${phone}` });
    if (!revealed.ok) throw new Error("not revealed");
    const text = new URL(revealed.whatsApp).searchParams.get("text");
    expect(revealed.whatsApp.startsWith(`https://wa.me/${revealed.phone.slice(1)}?text=`)).toBe(true);
    expect(text).toBe(
      "Hello. SWS is looking for A+ blood (2 units) for a patient at DHQ Hospital, Sargodha, needed by 5 December 2026 at 22:00. Can you donate? Please reply here.",
    );
    expect((await requests.matches(id, NOW))[0]).toMatchObject({ askedAt: NOW.toISOString() });
    const audit = await database.db
      .selectFrom("auditLog")
      .select(["actor", "action", "detail"])
      .where("action", "=", "blood-donor.reveal")
      .execute();
    expect(audit).toEqual([{ actor: "admin-1", action: "blood-donor.reveal", detail: `donor=${donorId} request=${id} via=whatsapp` }]);

    for (let i = 1; i < REVEAL_LIMIT.limit; i += 1) expect((await requests.reveal(id, donorId, "number", "admin-1", NOW)).ok).toBe(true);
    expect(await requests.reveal(id, donorId, "call", "admin-1", NOW)).toMatchObject({ ok: false, reason: "limit" });
    // Another coordinator has an hour of their own; the first has theirs back an hour later.
    expect((await requests.reveal(id, donorId, "call", "admin-2", NOW)).ok).toBe(true);
    expect((await requests.reveal(id, donorId, "call", "admin-1", new Date(NOW.getTime() + REVEAL_LIMIT.windowMs + 1000))).ok).toBe(true);
  });

  test("no number for an unconfirmed or unknown donor, nor for a closed or expired request", async () => {
    const requests = service();
    const id = await requests.create(request(), "admin-1", NOW);
    expect(await requests.reveal(id, await donor("Unconfirmed", { confirmed: false }), "number", "admin-1", NOW)).toEqual({
      ok: false,
      reason: "missing",
    });
    expect(await requests.reveal(id, newId(), "number", "admin-1", NOW)).toEqual({ ok: false, reason: "missing" });
    const known = await donor("Known");
    expect(await requests.reveal(id, known, "number", "admin-1", new Date("2026-12-05T17:00:00.000Z"))).toEqual({
      ok: false,
      reason: "closed",
    });
    expect(await requests.close(id, "not-needed", [], "admin-1", NOW)).toBe(true);
    expect(await requests.reveal(id, known, "number", "admin-1", NOW)).toEqual({ ok: false, reason: "closed" });
    expect(await database.db.selectFrom("auditLog").select("id").where("action", "=", "blood-donor.reveal").execute()).toEqual([]);
  });

  test("closing as fulfilled records who gave: they rest for their interval; a request closes once", async () => {
    const requests = service();
    const id = await requests.create(request({ patientGroup: "O+" }), "admin-1", NOW);
    const gave = await donor("Gave", { group: "O+", area: "gave", lastDonation: "2025-01-01" });
    await donor("Other", { group: "O+", area: "other" });
    expect(await requests.close(id, "fulfilled", [gave, "not-an-id"], "admin-1", NOW)).toBe(true);
    expect(await requests.close(id, "not-needed", [], "admin-1", NOW)).toBe(false);
    expect(await requests.find(id, NOW)).toMatchObject({ status: "fulfilled" });
    const row = await database.db.selectFrom("bloodDonors").select("lastDonationOn").where("id", "=", gave).executeTakeFirstOrThrow();
    expect(row.lastDonationOn).toBe("2026-12-05");
    const next = await requests.create(request({ patientGroup: "O+" }), "admin-1", NOW);
    expect(await areasOf(next)).toEqual(["other"]);
    expect((await requests.list(NOW)).map((listed) => [listed.status, listed.asked, listed.yes])).toEqual([
      ["open", 0, 0],
      ["fulfilled", 1, 1],
    ]);
  });

  test("the list shows open requests first, soonest needed first; an open request past its time reads as expired", async () => {
    const requests = service();
    const later = await requests.create(request({ hospital: "Later", neededBy: "2026-12-07T10:00" }), "admin-1", NOW);
    const sooner = await requests.create(request({ hospital: "Sooner", neededBy: "2026-12-06T10:00" }), "admin-1", NOW);
    const closed = await requests.create(request({ hospital: "Closed" }), "admin-1", NOW);
    await requests.close(closed, "not-needed", [], "admin-1", NOW);
    expect((await requests.list(NOW)).map((listed) => listed.hospital)).toEqual(["Sooner", "Later", "Closed"]);
    expect((await requests.find(sooner, new Date("2026-12-06T06:00:00.000Z")))?.status).toBe("expired");
    expect((await requests.find(later, new Date("2026-12-06T06:00:00.000Z")))?.status).toBe("open");
  });

  test("asking by mail mails the first donors not asked yet, each with a link that answers for them alone while the request is open", async () => {
    const requests = service();
    const id = await requests.create(request({ patientGroup: "O+" }), "admin-1", NOW);
    const revealed = await donor("Revealed", { group: "O+", area: "revealed" });
    const first = await donor("First Donor", { group: "O+", area: "first" });
    const second = await donor("Second Donor", { group: "O+", area: "second" });
    await donor("Third Donor", { group: "O+", area: "third" });
    await requests.reveal(id, revealed, "call", "admin-1", NOW);
    expect(await requests.askByMail(id, 2, "admin-1", NOW)).toBe(2);
    const mails = await database.db.selectFrom("mailOutbox").select(["kind", "payload", "recordId", "secretLink"]).orderBy("id").execute();
    expect(mails.map((mail) => [mail.kind, mail.recordId])).toEqual([
      ["blood-ask", first],
      ["blood-ask", second],
    ]);
    const payload = JSON.parse(mails[0]!.payload) as { to: { name: string }; subject: string; before: string };
    expect(payload.subject).toBe("O+ blood needed at DHQ Hospital: can you donate?");
    expect(payload.before).toContain("Hello First Donor,");
    expect(payload.before).toContain(
      "SWS is looking for O+ blood (2 units) for a patient at DHQ Hospital, Sargodha, needed by 5 December 2026 at 22:00.",
    );
    const token = new URL(mails[0]!.secretLink!).searchParams.get("token")!;
    expect(mails[0]!.payload).not.toContain(token);
    expect(await requests.answerPage(token, NOW)).toMatchObject({ patientGroup: "O+", hospital: "DHQ Hospital", open: true, answer: null });
    expect(await requests.answer(token, "yes", NOW)).toBe(true);
    expect(await requests.answer("x".repeat(43), "yes", NOW)).toBe(false);
    const asked = await requests.asked(id);
    expect(asked.map((ask) => [ask.area, ask.channel, ask.answer])).toEqual([
      ["revealed", "call", null],
      ["first", "mail", "yes"],
      ["second", "mail", null],
    ]);
    expect((await requests.list(NOW))[0]).toMatchObject({ asked: 3, yes: 1 });
    // The next ask goes to the one left; once closed, no link answers and no one is asked.
    expect(await requests.askByMail(id, 5, "admin-1", NOW)).toBe(1);
    await requests.close(id, "not-needed", [], "admin-1", NOW);
    expect(await requests.answer(token, "no", NOW)).toBe(false);
    expect(await requests.answerPage(token, NOW)).toMatchObject({ open: false, answer: "yes" });
    expect(await requests.askByMail(id, 5, "admin-1", NOW)).toBeUndefined();
    const audit = await database.db.selectFrom("auditLog").select("detail").where("action", "=", "blood-request.ask-by-mail").execute();
    expect(audit.map((entry) => entry.detail)).toEqual([`request=${id} donors=2`, `request=${id} donors=1`]);
  });

  test("the donation intervals an Owner sets apply to the match list at once, and are audited", async () => {
    const requests = service();
    const id = await requests.create(request({ patientGroup: "B+" }), "admin-1", NOW);
    await donor("Gave 70 days ago, men", { group: "B+", area: "seventy-days", lastDonation: "2026-09-26" });
    await donor("Gave 100 days ago, women", { group: "B+", area: "hundred-days-woman", lastDonation: "2026-08-27", interval: "women" });
    expect(await requests.intervals()).toEqual({ men: 90, women: 120 });
    expect(await areasOf(id)).toEqual([]);
    await requests.setIntervals({ men: 60, women: 100 }, "owner-1");
    expect(await requests.intervals()).toEqual({ men: 60, women: 100 });
    expect(await areasOf(id)).toEqual(["hundred-days-woman", "seventy-days"]);
    const audit = await database.db.selectFrom("auditLog").select(["actor", "detail"]).where("action", "=", "blood.intervals").execute();
    expect(audit).toEqual([{ actor: "owner-1", detail: "men=60 women=100" }]);
  });

  test("erasing a donor takes their asks with them", async () => {
    const requests = service();
    const id = await requests.create(request(), "admin-1", NOW);
    const donorId = await donor("Erased", { group: "A+" });
    await requests.reveal(id, donorId, "call", "admin-1", NOW);
    await database.db.deleteFrom("bloodDonors").where("id", "=", donorId).execute();
    expect(await database.db.selectFrom("bloodRequestAsks").select("donorId").execute()).toEqual([]);
  });
});
