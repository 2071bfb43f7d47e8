import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DONOR_CONSENT } from "#core/messages/blood.ts";
import { type DonorSignUp, donorSignUpSchema, donorUpdateSchema } from "#core/schemas/blood-donor.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { type OutboxPayload, renderMail } from "#server/mail/messages.ts";
import { bloodDonorService, LINK_REQUEST_LIMIT, PUBLIC_COUNT_MINIMUM } from "./blood-donors";
import { personalDataService, recordEraser } from "./personal-data";
import { PUBLIC_FORM_LIMIT, RECIPIENT_DAILY_LIMIT, submissionStore } from "./public-submissions";

const SITE = { siteName: "Students & Co", publicUrl: "https://society.example" };
/** 10:00 in Karachi on 5 December 2026. */
const NOW = new Date("2026-12-05T05:00:00.000Z");
const TODAY = "2026-12-05";
const DAY = 24 * 60 * 60 * 1000;

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`;

/** A sign-up as the donor form posts it, read through the form's own schema. */
const signUp = (name: string, more: Record<string, string> = {}): DonorSignUp =>
  donorSignUpSchema(TODAY).parse({
    name,
    email: emailOf(name),
    phone: "0300 1234567",
    bloodGroup: "O-",
    city: "Sargodha",
    area: "Satellite Town",
    interval: "men",
    consent: "on",
    submissionKey: crypto.randomUUID(),
    ...more,
  });

let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

describe.each(testEngines())("blood donors on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-donors-"));
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function services() {
    const logger = pino({ level: "silent" });
    const files = mailFiles(dir);
    const erase = recordEraser({ db: database.db, mailFiles: files, logger });
    const donors = bloodDonorService({
      db: database.db,
      store: submissionStore({ db: database.db, logger, wakeMailer: () => undefined }),
      logger,
      erase,
      mailFiles: files,
      timeZone: "Asia/Karachi",
      site: async () => SITE,
      wakeMailer: () => undefined,
    });
    return { donors, personalData: personalDataService({ db: database.db, mailFiles: files, erase, logger }) };
  }

  /** The donors' mails, each with its text as it will be sent (the personal link put back in). */
  async function mails() {
    const rows = await database.db
      .selectFrom("mailOutbox")
      .select(["kind", "payload", "recordId", "secretLink", "createdAt"])
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    return rows.map((row) => {
      const payload = JSON.parse(row.payload) as OutboxPayload;
      const rendered = renderMail(payload, undefined, row.secretLink);
      return { ...rendered, recordId: row.recordId, token: row.secretLink ? new URL(row.secretLink).searchParams.get("token")! : "" };
    });
  }
  const lastToken = async () => (await mails()).at(-1)!.token!;

  /** Signs a donor up and confirms them from their link; returns the link's token. */
  async function confirmedDonor(name: string, more: Record<string, string> = {}, at = NOW): Promise<string> {
    const { donors } = services();
    const input = signUp(name, more);
    expect((await donors.signUp(input, nextIp(), at)).ok).toBe(true);
    const donor = await database.db.selectFrom("bloodDonors").select("id").where("email", "=", input.email).executeTakeFirstOrThrow();
    const token = (await mails()).find((mail) => mail.recordId === donor.id)!.token!;
    expect(await donors.confirm(token, at)).toBe(true);
    return token;
  }

  const update = (more: Record<string, string> = {}) =>
    donorUpdateSchema(TODAY).parse({
      availability: "available",
      city: "Sargodha",
      area: "Satellite Town",
      phone: "03001234567",
      ...more,
    });

  test("a sign-up is stored with its consent's version and time, unlisted until confirmed from the mailed link", async () => {
    const { donors } = services();
    expect(await donors.signUp(signUp("Ayesha Khan"), nextIp(), NOW)).toMatchObject({ ok: true });
    const [row] = await database.db.selectFrom("bloodDonors").selectAll().execute();
    expect(row).toMatchObject({
      email: "ayesha.khan@example.org",
      phone: "+923001234567",
      bloodGroup: "O-",
      cityKey: "sargodha",
      consentVersion: DONOR_CONSENT.version,
      consentAt: NOW.toISOString(),
      confirmedAt: null,
    });
    const [mail] = await mails();
    expect(mail).toMatchObject({ kind: "blood-donor", to: { name: "Ayesha Khan", address: "ayesha.khan@example.org" } });
    expect(mail!.subject).toBe("Confirm you are a blood donor: Students & Co");
    expect(mail!.text).toContain(`https://society.example/blood-donors/me?token=${mail!.token}`);
    // The link is kept out of the stored payload, and only its hash is stored.
    const stored = await database.db.selectFrom("mailOutbox").select("payload").executeTakeFirstOrThrow();
    expect(stored.payload).not.toContain(mail!.token);
    expect(row!.linkTokenHash).not.toContain(mail!.token);

    expect(await donors.page(mail!.token)).toMatchObject({ name: "Ayesha Khan", confirmed: false, interval: "men", intervalDays: 90 });
    expect(await donors.publicCounts(NOW)).toEqual([]);
    expect(await donors.confirm(mail!.token, NOW)).toBe(true);
    expect(await donors.page(mail!.token)).toMatchObject({ confirmed: true });
  });

  test("a mail greets only a name that looks like a person's", async () => {
    const { donors } = services();
    await donors.signUp(signUp("Visit https://spam.example now", { email: "stranger@example.org" }), nextIp(), NOW);
    const [mail] = await mails();
    expect(mail!.text.startsWith("Hello,\n")).toBe(true);
    expect(mail!.text).not.toContain("spam.example");
  });

  test("the same email again changes nothing and mails that donor a new link; the old link stops working", async () => {
    const { donors } = services();
    const first = await confirmedDonor("Bilal Ahmed");
    const again = await donors.signUp(signUp("Someone Else", { email: "bilal.ahmed@example.org", bloodGroup: "AB+" }), nextIp(), NOW);
    expect(again.ok).toBe(true);
    const rows = await database.db.selectFrom("bloodDonors").select(["name", "bloodGroup"]).execute();
    expect(rows).toEqual([{ name: "Bilal Ahmed", bloodGroup: "O-" }]);
    const sent = await mails();
    // The first link's mail went with the link it carried.
    expect(sent.map((mail) => mail.subject)).toEqual(["Your blood-donor link: Students & Co"]);
    expect(await donors.page(first)).toBeUndefined();
    expect(await donors.page(sent[0]!.token!)).toMatchObject({ name: "Bilal Ahmed", confirmed: true });
  });

  test("a submission sent twice is stored and mailed once", async () => {
    const { donors } = services();
    const input = signUp("Sana Iqbal");
    await donors.signUp(input, nextIp(), NOW);
    await donors.signUp(input, nextIp(), NOW);
    expect(await database.db.selectFrom("bloodDonors").select("id").execute()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  test("sign-ups are limited per network and per email", async () => {
    const { donors } = services();
    const ip = "10.200.0.1";
    for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i += 1) expect((await donors.signUp(signUp(`Donor ${i}`), ip, NOW)).ok).toBe(true);
    expect(await donors.signUp(signUp("One More"), ip, NOW)).toMatchObject({ ok: false, reason: "limit-reached", scope: "address" });
    expect(await database.db.selectFrom("bloodDonors").select("id").execute()).toHaveLength(PUBLIC_FORM_LIMIT.limit);
  });

  test("one mailbox gets at most its daily cap of link mails; past it the last link it got still works", async () => {
    const { donors } = services();
    const email = "farah.naz@example.org";
    for (let i = 0; i < RECIPIENT_DAILY_LIMIT.limit; i += 1) await donors.signUp(signUp("Farah Naz", { email }), nextIp(), NOW);
    const last = await lastToken();
    await donors.signUp(signUp("Farah Naz", { email }), nextIp(), NOW);
    await donors.requestLink(email, nextIp(), NOW);
    expect(await lastToken()).toBe(last);
    expect(await donors.page(last)).toMatchObject({ name: "Farah Naz" });
  });

  test("a new link by email goes only to a donor, and is limited per network", async () => {
    const { donors } = services();
    const old = await confirmedDonor("Hina Raza");
    expect(await donors.requestLink("nobody@example.org", "10.9.9.9", NOW)).toEqual({ ok: true });
    expect(await mails()).toHaveLength(1);
    expect(await donors.requestLink("hina.raza@example.org", "10.9.9.9", NOW)).toEqual({ ok: true });
    const sent = await mails();
    expect(sent.map((mail) => mail.subject)).toEqual(["Your blood-donor link: Students & Co"]);
    expect(await donors.page(old)).toBeUndefined();
    expect(await donors.page(sent[0]!.token!)).toMatchObject({ name: "Hina Raza" });
    for (let i = 2; i < LINK_REQUEST_LIMIT.limit; i += 1) await donors.requestLink("nobody@example.org", "10.9.9.9", NOW);
    expect(await donors.requestLink("hina.raza@example.org", "10.9.9.9", NOW)).toMatchObject({ ok: false });
  });

  test("a donor changes their availability, donation, city and phone from their link, and nobody else's", async () => {
    const { donors } = services();
    const mine = await confirmedDonor("Usman Ali");
    await confirmedDonor("Zara Shah");
    const changed = update({
      availability: "from",
      availableFrom: "2027-01-10",
      lastDonation: "2026-11-20",
      city: " Lahore ",
      phone: "+92 321 7654321",
    });
    expect(await donors.update(mine, changed, NOW)).toBe(true);
    expect(await donors.page(mine)).toMatchObject({
      availability: "from",
      availableFrom: "2027-01-10",
      lastDonation: "2026-11-20",
      nextDonation: "2027-02-18",
      city: "Lahore",
      phone: "+923217654321",
    });
    const zara = await database.db.selectFrom("bloodDonors").selectAll().where("name", "=", "Zara Shah").executeTakeFirstOrThrow();
    expect(zara).toMatchObject({ city: "Sargodha", phone: "+923001234567", lastDonationOn: null });
    expect(await donors.update("x".repeat(43), changed, NOW)).toBe(false);
  });

  test("the form refuses a future donation, a group outside the eight, a number that is not a Pakistani mobile, no consent", () => {
    const refused = (more: Record<string, string>) => {
      const parsed = donorSignUpSchema(TODAY).safeParse({ ...signUpFields, ...more });
      return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    };
    const signUpFields = {
      name: "A",
      email: "a@example.org",
      phone: "03001234567",
      bloodGroup: "A+",
      city: "X",
      area: "Y",
      interval: "women",
      consent: "on",
    };
    expect(refused({})).toEqual([]);
    expect(refused({ lastDonation: "2026-12-06" })).toEqual(["lastDonation: Your last donation cannot be in the future"]);
    expect(refused({ lastDonation: "2026-02-30" })).toEqual(["lastDonation: Choose the date of your last donation, or leave it empty"]);
    expect(refused({ bloodGroup: "C+" })).toEqual(["bloodGroup: Choose your blood group"]);
    expect(refused({ phone: "042 1234567" })).toEqual(["phone: Enter a Pakistani mobile number: 03xx xxxxxxx or +92 3xx xxxxxxx"]);
    expect(refused({ consent: "" })).toEqual(["consent: Tick the box to agree: without it we cannot keep your details"]);
    const noDate = donorUpdateSchema(TODAY).safeParse({ availability: "from", city: "X", area: "Y", phone: "03001234567" });
    expect(noDate.success ? [] : noDate.error.issues.map((issue) => issue.message)).toEqual([
      "Choose the date from which you are available",
    ]);
  });

  test("the public counts show available, eligible, confirmed donors by group and city, only from three up", async () => {
    const { donors } = services();
    for (const name of ["A One", "A Two", "A Three"]) await confirmedDonor(name, { city: "Sargodha" });
    // Two in Lahore: too few to show.
    for (const name of ["L One", "L Two"]) await confirmedDonor(name, { city: "lahore" });
    await confirmedDonor("L Three", { city: "Lahore", bloodGroup: "B+" });
    expect(await donors.publicCounts(NOW)).toEqual([{ bloodGroup: "O-", city: "Sargodha", count: 3 }]);
    // A third O- in Lahore, however its city was typed, makes the count; one who gave 10 days ago does not.
    await confirmedDonor("L Four", { city: "LAHORE" });
    await confirmedDonor("L Five", { city: "Lahore", lastDonation: "2026-11-25" });
    expect(await donors.publicCounts(NOW)).toEqual([
      { bloodGroup: "O-", city: "LAHORE", count: 3 },
      { bloodGroup: "O-", city: "Sargodha", count: 3 },
    ]);
    // "Not now" and an unconfirmed sign-up count for nothing.
    const { donors: again } = services();
    const notNow = await confirmedDonor("S Four", { city: "Sargodha" });
    await again.update(notNow, update({ availability: "not-now" }), NOW);
    await again.signUp(signUp("S Five", { city: "Sargodha" }), nextIp(), NOW);
    expect((await donors.publicCounts(NOW)).find((count) => count.city === "Sargodha")?.count).toBe(PUBLIC_COUNT_MINIMUM);
  });

  test("withdrawing erases the donor and their mails, as erasure by email does", async () => {
    const { donors, personalData } = services();
    const token = await confirmedDonor("Nida Hassan");
    await confirmedDonor("Omar Farooq");
    expect(await personalData.findByEmail("nida.hassan@example.org")).toMatchObject({ donors: 1, members: 0, certificates: 0, mails: 1 });
    expect(await donors.withdraw(token)).toBe(true);
    expect(await donors.page(token)).toBeUndefined();
    expect(await donors.withdraw(token)).toBe(false);
    expect(await personalData.findByEmail("nida.hassan@example.org")).toEqual({
      requests: 0,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 0,
    });
    expect(await personalData.eraseByEmail("omar.farooq@example.org", "admin-1")).toMatchObject({
      donors: 1,
      members: 0,
      certificates: 0,
      mails: 1,
    });
    expect(await database.db.selectFrom("bloodDonors").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).orderBy("id").execute();
    expect(audit.map((entry) => `${entry.action} ${entry.detail}`)).toEqual([
      "blood-donor.withdraw donors=1",
      "personal-data.erase requests=0 messages=0 registrations=0 donors=1 members=0 certificates=0 mails=1",
    ]);
  });

  test("the sweep removes donors unconfirmed after 7 days and silent for 12 months; the retention setting does not", async () => {
    const { donors, personalData } = services();
    await donors.signUp(signUp("Never Confirmed"), nextIp(), NOW);
    const silent = await confirmedDonor("Long Silent", {}, new Date(NOW.getTime() - 400 * DAY));
    const willing = await confirmedDonor("Still Willing", {}, new Date(NOW.getTime() - 400 * DAY));
    await donors.confirm(willing, new Date(NOW.getTime() - 30 * DAY));
    await personalData.setRetention(1, "admin-1", NOW);
    expect(await database.db.selectFrom("bloodDonors").select("id").execute()).toHaveLength(3);
    expect(await donors.sweep(new Date(NOW.getTime() + 6 * DAY))).toBe(1);
    expect(await donors.page(silent)).toBeUndefined();
    expect(await donors.sweep(new Date(NOW.getTime() + 8 * DAY))).toBe(1);
    const names = await database.db.selectFrom("bloodDonors").select("name").execute();
    expect(names).toEqual([{ name: "Still Willing" }]);
  });

  test("a donor silent for 6 months is asked once, with a new link, whether they are still willing", async () => {
    const { donors } = services();
    const old = await confirmedDonor("Kamran Butt", {}, new Date(NOW.getTime() - 200 * DAY));
    await confirmedDonor("Recent Donor", {}, new Date(NOW.getTime() - 20 * DAY));
    await database.db.deleteFrom("mailOutbox").execute();
    expect(await donors.remindSilent(NOW)).toBe(1);
    expect(await donors.remindSilent(NOW)).toBe(0);
    const [mail] = await mails();
    expect(mail!.subject).toBe("Are you still willing to give blood? Students & Co");
    expect(await donors.page(old)).toBeUndefined();
    // Saying so from the new link starts the six months again.
    expect(await donors.confirm(mail!.token!, NOW)).toBe(true);
    expect(await donors.remindSilent(new Date(NOW.getTime() + 100 * DAY))).toBe(0);
    expect(await donors.remindSilent(new Date(NOW.getTime() + 190 * DAY))).toBe(1);
  });
});
