import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { RegistrationInput, RegistrationQuestion } from "#core/schemas/registration";
import { publishedAnnouncement } from "../../tests/shared/announcement-values";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { newId } from "../db/ids";
import { createLogger } from "../logger";
import { mailFiles } from "../mail/mail-files";
import type { RegistrationMail } from "../mail/messages";
import { createRepos } from "../repos";
import type { RegistrationSettings } from "../repos/announcements";
import { localStorage } from "../storage/local-storage";
import { announcementService } from "./announcements";
import { personalDataService, recordEraser } from "./personal-data";
import { submissionStore } from "./public-submissions";
import { type RegistrationService, registrationService } from "./registrations";
import { registrationsCsv } from "./registrations-csv";

const SITE = { siteName: "Students & Co", publicUrl: "https://society.example" };
const QUESTIONS: RegistrationQuestion[] = [{ label: "Your roll number", kind: "short", choices: [], required: true }];

const person = (name: string, more: Partial<RegistrationInput> = {}): RegistrationInput => ({
  name,
  email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`,
  phone: "03001234567",
  class: "2nd Year",
  waitingList: false,
  answers: [{ question: "Your roll number", answer: "42" }],
  ...more,
});

describe.each(testEngines())("registrations on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  let woken: number;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-registrations-"));
    woken = 0;
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function services() {
    const logger = createLogger("silent");
    const files = mailFiles(dir);
    const erase = recordEraser({ db: database.db, mailFiles: files, logger });
    const announcements = announcementService({
      db: database.db,
      storage: localStorage(dir),
      logger,
      siteTimeZone: "Asia/Karachi",
      erase,
    });
    const registrations = registrationService({
      db: database.db,
      store: submissionStore({ db: database.db, logger, wakeMailer: () => (woken += 1) }),
      announcements,
      site: async () => SITE,
      erase,
      timeZone: "Asia/Karachi",
      wakeMailer: () => (woken += 1),
    });
    // As the site builds it: erasure by email and the retention sweep give up places as Remove does.
    const personalData = personalDataService({ db: database.db, mailFiles: files, erase: registrations.erase, logger });
    return { announcements, registrations, personalData };
  }

  async function announcement(registration: Partial<RegistrationSettings> | null, more: { event?: boolean } = {}) {
    const id = newId();
    await createRepos(database.db).announcements.create(
      id,
      publishedAnnouncement({
        title: "First aid workshop",
        description: "Learn first aid in two hours",
        registration: registration && { capacity: null, closesAt: null, questions: QUESTIONS, ...registration },
        event: more.event ? { startsAt: "2026-12-05T09:00:00.000Z", endsAt: "2026-12-05T11:00:00.000Z", location: "Hall 2" } : null,
      }),
      new Date(Date.now() - 60_000).toISOString(),
    );
    return id;
  }

  /** Registers as the form's action does: the announcement read once, the registration taken for what was read. */
  async function register(service: RegistrationService, id: string, input: RegistrationInput, clientIp: string) {
    const target = await service.target(id);
    if (!target) throw new Error(`announcement ${id} takes no registrations`);
    return service.register(target, input, clientIp);
  }

  /** An announcement with one place, Amna's, and Bilal first on its waiting list. */
  async function amnaRegisteredBilalWaiting(registrations: RegistrationService) {
    const id = await announcement({ capacity: 1 });
    await register(registrations, id, person("Amna"), "198.51.100.1");
    await register(registrations, id, person("Bilal", { waitingList: true }), "198.51.100.1");
    return id;
  }

  /** Its registration closed, or the announcement expired, a moment ago. */
  const endedNow = (id: string, column: "registration_closes_at" | "expires_at") =>
    database.db
      .updateTable("announcements")
      .set({ [column]: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();

  const mails = async () =>
    (
      await database.db.selectFrom("mail_outbox").select(["kind", "payload", "record_id"]).orderBy("created_at").orderBy("id").execute()
    ).map((row) => ({ recordId: row.record_id, ...(JSON.parse(row.payload) as RegistrationMail & { kind: string }) }));
  const statuses = async (id: string) =>
    (await createRepos(database.db).registrations.listFor(id)).map((registration) => `${registration.name}: ${registration.status}`);

  test("a place while there is one, then the waiting list for those who ask for it, each with its mail", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 2 }, { event: true });
    expect(await register(registrations, id, person("Amna"), "198.51.100.1")).toEqual({ ok: true, status: "registered" });
    expect(await register(registrations, id, person("Bilal"), "198.51.100.1")).toEqual({ ok: true, status: "registered" });
    expect(await register(registrations, id, person("Chand"), "198.51.100.1")).toEqual({ ok: false, reason: "full" });
    expect(await register(registrations, id, person("Chand", { waitingList: true }), "198.51.100.1")).toEqual({
      ok: true,
      status: "waiting",
      position: 1,
    });
    expect(await register(registrations, id, person("Dua", { waitingList: true }), "198.51.100.1")).toEqual({
      ok: true,
      status: "waiting",
      position: 2,
    });
    expect(await statuses(id)).toEqual(["Amna: registered", "Bilal: registered", "Chand: waiting", "Dua: waiting"]);

    const sent = await mails();
    expect(sent.map((mail) => `${mail.to.name}: ${mail.subject}`)).toEqual([
      "Amna: Registered: First aid workshop",
      "Bilal: Registered: First aid workshop",
      "Chand: Waiting list: First aid workshop",
      "Dua: Waiting list: First aid workshop",
    ]);
    expect(sent[0]!.kind).toBe("registration");
    expect(sent[0]!.to.address).toBe("amna@example.org");
    expect(sent[0]!.text).toContain("When: 5 December 2026 at 14:00 to 16:00");
    expect(sent[0]!.text).toContain("Where: Hall 2");
    expect(sent[0]!.text).toContain(`The announcement: https://society.example/announcement/${id}`);
    expect(sent[0]!.calendar).toContain("BEGIN:VEVENT");
    expect(sent[0]!.calendar).toContain("DTSTART:20261205T090000Z");
    expect(sent[2]!.text).toContain("waiting list (number 1)");
    expect(sent[2]!.calendar).toBeNull();
    expect(woken).toBeGreaterThan(0);

    const form = await registrations.form(id);
    expect(form).toMatchObject({ placesLeft: 0, waiting: 2, closed: false, questions: QUESTIONS });
  });

  test("a registrant's mail greets, and is addressed to, a typed name only when it looks like a person's", async () => {
    const { registrations } = services();
    const id = await announcement({});
    const typed = [
      "Ayesha O'Neil-Khan",
      "عائشہ خان",
      "Win a prize at https://evil.example",
      "Ayesha\nYour account is locked: https://evil.example",
      "x".repeat(61),
    ];
    for (const [i, name] of typed.entries()) {
      await register(registrations, id, person(name, { email: `person.${i}@example.org` }), "198.51.100.1");
    }
    expect((await mails()).map((mail) => [mail.to, mail.text.split("\n")[0]])).toEqual([
      [{ name: "Ayesha O'Neil-Khan", address: "person.0@example.org" }, "Hello Ayesha O'Neil-Khan,"],
      [{ name: "عائشہ خان", address: "person.1@example.org" }, "Hello عائشہ خان,"],
      [{ name: "", address: "person.2@example.org" }, "Hello,"],
      [{ name: "", address: "person.3@example.org" }, "Hello,"],
      [{ name: "", address: "person.4@example.org" }, "Hello,"],
    ]);
    expect((await mails()).some((mail) => mail.text.includes("evil.example"))).toBe(false);
  });

  test("one registration per email, a resubmission stored once, closed and unknown ones refused", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 5 });
    const key = "a-submission-key-1";
    expect(await register(registrations, id, person("Amna", { submissionKey: key }), "198.51.100.1")).toMatchObject({ ok: true });
    expect(await register(registrations, id, person("Amna", { submissionKey: key }), "198.51.100.1")).toEqual({
      ok: true,
      status: "registered",
    });
    expect(await register(registrations, id, person("Amna"), "198.51.100.1")).toEqual({ ok: false, reason: "already-registered" });
    expect(await statuses(id)).toEqual(["Amna: registered"]);
    expect(await mails()).toHaveLength(1);

    const closed = await announcement({ closesAt: new Date(Date.now() - 1000).toISOString() });
    expect(await register(registrations, closed, person("Bilal"), "198.51.100.1")).toEqual({ ok: false, reason: "closed" });
    expect(await registrations.form(closed)).toMatchObject({ closed: true });
    const linkOnly = await announcement(null);
    expect(await registrations.target(linkOnly)).toBeUndefined();
    expect(await registrations.form(linkOnly)).toBeUndefined();
    expect(await registrations.target(newId())).toBeUndefined();

    // Read while it took registrations, taken after it stopped: refused under the lock.
    const switched = await announcement({});
    const target = (await registrations.target(switched))!;
    await database.db.updateTable("announcements").set({ registrations_here: 0 }).where("id", "=", switched).execute();
    expect(await registrations.register(target, person("Bilal"), "198.51.100.1")).toEqual({ ok: false, reason: "missing" });
  });

  test("many at once, through two instances, never take more places than there are, and lose no one", async () => {
    // Each instance takes its own writes in turn; the two meet at the announcement's lock.
    const instances = [services().registrations, services().registrations];
    const id = await announcement({ capacity: 10 });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => register(instances[i % 2]!, id, person(`Person ${i}`, { waitingList: true }), "198.51.100.1")),
    );
    expect(answers.filter((answer) => answer.ok && answer.status === "registered")).toHaveLength(10);
    const waiting = answers.flatMap((answer) => (answer.ok && answer.status === "waiting" ? [answer.position] : []));
    expect(waiting).toHaveLength(30);
    expect(new Set(waiting).size).toBe(30);
    expect(await createRepos(database.db).registrations.counts(id)).toEqual({ registered: 10, waiting: 30 });
  });

  test("removing a registered person gives the place to the first waiting, who is mailed; the removed one's mails go", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    await register(registrations, id, person("Amna"), "198.51.100.1");
    await register(registrations, id, person("Bilal", { waitingList: true }), "198.51.100.1");
    await register(registrations, id, person("Chand", { waitingList: true }), "198.51.100.1");
    const [amna] = await createRepos(database.db).registrations.listFor(id);

    expect(await registrations.remove(id, amna!.id, "admin-1")).toBe(true);
    expect(await statuses(id)).toEqual(["Bilal: registered", "Chand: waiting"]);
    const sent = await mails();
    expect(sent.some((mail) => mail.recordId === amna!.id)).toBe(false);
    const promoted = sent.at(-1)!;
    expect(promoted.subject).toBe("A place opened: you're registered for First aid workshop");
    expect(promoted.to.address).toBe("bilal@example.org");
    expect(promoted.calendar).toContain("BEGIN:VEVENT");
    const audit = await database.db.selectFrom("audit_log").select(["action", "detail"]).execute();
    expect(audit).toContainEqual({ action: "registration.remove", detail: `announcement=${id} registration=${amna!.id}` });

    // A waiting one removed moves no one; an unknown one is no registration.
    const chand = (await createRepos(database.db).registrations.listFor(id)).find((registration) => registration.name === "Chand")!;
    expect(await registrations.remove(id, chand.id, "admin-1")).toBe(true);
    expect(await statuses(id)).toEqual(["Bilal: registered"]);
    expect(await registrations.remove(id, newId(), "admin-1")).toBe(false);
    expect(await registrations.remove(await announcement({}), chand.id, "admin-1")).toBe(false);
  });

  test("places opened by a raised capacity go to the waiting list in order", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 });
    for (const name of ["Amna", "Bilal", "Chand", "Dua"]) {
      await register(registrations, id, person(name, { waitingList: true }), "198.51.100.1");
    }
    await database.db.updateTable("announcements").set({ registration_capacity: 3 }).where("id", "=", id).execute();
    expect(await registrations.fillOpenedPlaces(id)).toBe(2);
    expect(await statuses(id)).toEqual(["Amna: registered", "Bilal: registered", "Chand: registered", "Dua: waiting"]);
    expect((await mails()).filter((mail) => mail.subject.startsWith("A place opened")).map((mail) => mail.to.name)).toEqual([
      "Bilal",
      "Chand",
    ]);
  });

  test("erasing a registrant by email gives their place to the first waiting, who is mailed, as Remove does", async () => {
    const { registrations, personalData } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    await register(registrations, id, person("Amna"), "198.51.100.1");
    await register(registrations, id, person("Bilal", { waitingList: true }), "198.51.100.1");
    await register(registrations, id, person("Chand", { waitingList: true }), "198.51.100.1");
    woken = 0;

    expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toMatchObject({ registrations: 1, mails: 1 });
    expect(await statuses(id)).toEqual(["Bilal: registered", "Chand: waiting"]);
    const sent = await mails();
    expect(sent.some((mail) => mail.to.address === "amna@example.org")).toBe(false);
    const promoted = sent.at(-1)!;
    expect(promoted.subject).toBe("A place opened: you're registered for First aid workshop");
    expect(promoted.to.address).toBe("bilal@example.org");
    expect(promoted.calendar).toContain("BEGIN:VEVENT");
    expect(woken).toBeGreaterThan(0);

    // A waiting one erased moves no one.
    expect(await personalData.eraseByEmail("chand@example.org", "admin-1")).toMatchObject({ registrations: 1 });
    expect(await statuses(id)).toEqual(["Bilal: registered"]);
    expect((await mails()).filter((mail) => mail.subject.startsWith("A place opened"))).toHaveLength(1);
  });

  test("erasing by email moves no one up once registering has closed or the announcement has expired", async () => {
    const { registrations, personalData } = services();
    const closed = await amnaRegisteredBilalWaiting(registrations);
    const expired = await amnaRegisteredBilalWaiting(registrations);
    await endedNow(closed, "registration_closes_at");
    await endedNow(expired, "expires_at");

    expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toMatchObject({ registrations: 2 });
    expect(await statuses(closed)).toEqual(["Bilal: waiting"]);
    expect(await statuses(expired)).toEqual(["Bilal: waiting"]);
    expect((await mails()).filter((mail) => mail.subject.startsWith("A place opened"))).toEqual([]);
  });

  test("the retention sweep gives a swept place to the waiting list while the announcement is open, and not after", async () => {
    const { registrations, personalData } = services();
    const open = await amnaRegisteredBilalWaiting(registrations);
    const closed = await amnaRegisteredBilalWaiting(registrations);
    // Amna registered long ago; Bilal is recent, so only Amna is past keeping.
    await database.db.updateTable("registrations").set({ created_at: "2020-01-01T00:00:00.000Z" }).where("name", "=", "Amna").execute();
    await endedNow(closed, "registration_closes_at");

    expect(await personalData.setRetention(12, "admin-1")).toMatchObject({ registrations: 2 });
    expect(await statuses(open)).toEqual(["Bilal: registered"]);
    expect(await statuses(closed)).toEqual(["Bilal: waiting"]);
    const promoted = (await mails()).filter((mail) => mail.subject.startsWith("A place opened"));
    expect(promoted.map((mail) => mail.recordId)).toEqual([(await createRepos(database.db).registrations.listFor(open))[0]!.id]);
  });

  test("erasing an email, the retention sweep and deleting the announcement take registrations with their mails", async () => {
    const { registrations, personalData, announcements } = services();
    const id = await announcement({});
    await register(registrations, id, person("Amna"), "198.51.100.1");
    await register(registrations, id, person("Bilal"), "198.51.100.1");
    expect(await personalData.findByEmail("amna@example.org")).toEqual({ requests: 0, messages: 0, registrations: 1, mails: 1 });
    expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toEqual({
      requests: 0,
      messages: 0,
      registrations: 1,
      mails: 1,
    });
    expect(await statuses(id)).toEqual(["Bilal: registered"]);

    expect(await announcements.delete(id, "admin-1")).toBe(true);
    expect(await database.db.selectFrom("registrations").select("id").execute()).toEqual([]);
    expect(await mails()).toEqual([]);

    const later = await announcement({});
    await register(registrations, later, person("Chand"), "198.51.100.1");
    await personalData.setRetention(1, "admin-1", new Date(Date.now() + 60 * 24 * 3600_000));
    expect(await database.db.selectFrom("registrations").select("id").execute()).toEqual([]);
  });

  test("the spreadsheet has a column per question, the ones asked now first", async () => {
    const rows: string[][] = [];
    const registration = (answers: { question: string; answer: string }[], status: "registered" | "waiting") => ({
      id: newId(),
      announcementId: "a",
      name: "Amna",
      email: "amna@example.org",
      phone: "0300",
      class: "2nd Year",
      answers,
      status,
      arrival: 1,
      createdAt: "2026-11-29T10:00:00.000Z",
    });
    const list = [
      registration([{ question: "Old wording", answer: "yes" }], "registered"),
      registration([{ question: "Your roll number", answer: "=1+1" }], "waiting"),
    ];
    for await (const row of registrationsCsv(list, { questions: ["Your roll number"], timeZone: "Asia/Karachi" })) rows.push(row);
    expect(rows).toEqual([
      ["Registered", "Status", "Name", "Email", "Phone", "Class", "Your roll number", "Old wording"],
      ["2026-11-29 15:00", "Registered", "Amna", "amna@example.org", "0300", "2nd Year", "", "yes"],
      ["2026-11-29 15:00", "Waiting list", "Amna", "amna@example.org", "0300", "2nd Year", "=1+1", ""],
    ]);
  });
});
