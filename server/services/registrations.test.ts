import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { Logger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { type OutboxPayload, type RegistrationMail, renderMail } from "#server/mail/messages.ts";
import { createRepos } from "#server/repos/index.ts";
import type { RegistrationSettings } from "#server/repos/announcements.ts";
import { secretsKey } from "#server/secrets-key.ts";
import { localStorage } from "#server/storage/local-storage.ts";
import { announcementService } from "./announcements";
import { personalDataService, recordEraser } from "./personal-data";
import { RECIPIENT_DAILY_LIMIT, submissionStore } from "./public-submissions";
import { CONFIRM_LINK_MS, type RegistrationRequest, type RegistrationService, registrationService } from "./registrations";
import { registrationsCsv } from "./registrations-csv";
import { DOOR_SEARCH_LIMIT } from "#core/tickets.ts";
import { ticketSigner } from "./registrations/tickets";

const SITE = { siteName: "Students & Co", publicUrl: "https://society.example" };
const QUESTIONS: RegistrationQuestion[] = [{ label: "Your roll number", kind: "short", choices: [], required: true }];
const HOUR = 60 * 60 * 1000;
/** The site's tickets, signed with a key of the tests' own. */
const tickets = ticketSigner(secretsKey(crypto.randomBytes(32)));
/** Where confirming leads: the registration's ticket. */
const TICKET_PATH = expect.stringMatching(/^\/ticket\?token=[A-Za-z0-9_-]{43}$/);

const emailOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`;

const person = (name: string, more: Partial<RegistrationRequest> = {}): RegistrationRequest => ({
  name,
  email: emailOf(name),
  phone: "03001234567",
  class: "2nd Year",
  waitingList: false,
  answers: [{ question: "Your roll number", answer: "42" }],
  locale: "en",
  ...more,
});

/** A client address of its own for each registrant (one network may make only 5 registrations per announcement). */
let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

describe.each(testEngines())("registrations on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  let woken: number;
  let logLines: string[];
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-registrations-"));
    woken = 0;
    logLines = [];
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function services() {
    const logger: Logger = pino({ level: "info" }, { write: (line: string) => logLines.push(line) });
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
      logger,
      announcements,
      site: async () => SITE,
      erase,
      tickets,
      timeZone: "Asia/Karachi",
      wakeMailer: () => (woken += 1),
    });
    // As the site builds it: erasure by email and the retention sweep give up places as Remove does.
    const personalData = personalDataService({ db: database.db, mailFiles: files, erase: registrations.erase, logger });
    return { announcements, registrations, personalData };
  }

  async function announcement(registration: Partial<RegistrationSettings> | null, more: { event?: boolean; titleUr?: string } = {}) {
    const id = newId();
    await createRepos(database.db).announcements.create(
      id,
      publishedAnnouncement({
        title: "First aid workshop",
        titleUr: more.titleUr ?? null,
        description: "Learn first aid in two hours",
        registration: registration && { capacity: null, closesAt: null, questions: QUESTIONS, ...registration },
        event: more.event ? { startsAt: "2026-12-05T09:00:00.000Z", endsAt: "2026-12-05T11:00:00.000Z", location: "Hall 2" } : null,
      }),
      new Date(Date.now() - 60_000).toISOString(),
    );
    return id;
  }

  /** Registers as the form's action does: the announcement read once, the registration taken for what was read. */
  async function register(service: RegistrationService, id: string, input: RegistrationRequest, clientIp = nextIp(), now = new Date()) {
    const target = await service.target(id, now);
    if (!target) throw new Error(`announcement ${id} takes no registrations`);
    return service.register(target, input, clientIp, now);
  }

  type QueuedMail = Omit<RegistrationMail, "before" | "after"> & {
    kind: string;
    recordId: string | null;
    text: string;
    attachments: string[];
  };
  /**
   * The queued mails, each with its text as it will be sent (its link put back in from `secretLink`: "Confirm your place",
   * or the ticket) and the names of the files it carries.
   */
  const mails = async (): Promise<QueuedMail[]> =>
    (
      await database.db
        .selectFrom("mailOutbox")
        .select(["kind", "payload", "recordId", "secretLink"])
        .orderBy("createdAt")
        .orderBy("id")
        .execute()
    ).map((row) => {
      const payload = JSON.parse(row.payload) as OutboxPayload;
      const rendered = renderMail(payload, undefined, row.secretLink);
      return {
        recordId: row.recordId,
        ...(payload as RegistrationMail & { kind: string }),
        text: rendered.text,
        attachments: (rendered.attachments ?? []).map((file) => file.filename),
      };
    });

  /** The token of the last "Confirm your place" link mailed to `email` for announcement `id`, as the registrant reads it. */
  async function linkToken(id: string, email: string): Promise<string> {
    const link = (await mails())
      .filter((mail) => mail.kind === "registration-confirm" && mail.to.address === email)
      // Under /ur for a registration made on the Urdu site.
      .map(
        (mail) =>
          new RegExp(`https://society\\.example(?:/ur)?/announcement/${id}/confirm\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1],
      )
      .filter((token) => token !== undefined)
      .at(-1);
    if (!link) throw new Error(`no confirmation link mailed to ${email}`);
    return link;
  }

  /** Registers, then confirms from the mailed link: what the registrant ends up with. */
  async function registerAndConfirm(service: RegistrationService, id: string, input: RegistrationRequest, clientIp = nextIp()) {
    expect(await register(service, id, input, clientIp)).toEqual({ ok: true, status: "unconfirmed" });
    return service.confirm(id, await linkToken(id, input.email));
  }

  /** An announcement with one place, Amna's, and Bilal first on its waiting list. */
  async function amnaRegisteredBilalWaiting(registrations: RegistrationService) {
    const id = await announcement({ capacity: 1 });
    await registerAndConfirm(registrations, id, person("Amna"));
    await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true }));
    return id;
  }

  /** Its registration closed, or the announcement expired, a moment ago. */
  const endedNow = (id: string, column: "registrationClosesAt" | "expiresAt") =>
    database.db
      .updateTable("announcements")
      .set({ [column]: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();

  const statuses = async (id: string) =>
    (await createRepos(database.db).registrations.listFor(id)).map((registration) => `${registration.name}: ${registration.status}`);
  const rows = () => database.db.selectFrom("registrations").selectAll().orderBy("id").execute();

  test("a registration holds no place until it is confirmed; places go in the order confirmations arrive, then the waiting list", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 2 }, { event: true });
    for (const name of ["Amna", "Bilal", "Chand"]) {
      expect(await register(registrations, id, person(name, { waitingList: true }))).toEqual({ ok: true, status: "unconfirmed" });
    }
    // Three sent, none confirmed: every place is still free.
    expect(await registrations.form(id)).toMatchObject({ placesLeft: 2, waiting: 0 });
    expect(await statuses(id)).toEqual(["Amna: unconfirmed", "Bilal: unconfirmed", "Chand: unconfirmed"]);

    expect(await registrations.confirm(id, await linkToken(id, "chand@example.org"))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
    expect(await registrations.confirm(id, await linkToken(id, "amna@example.org"))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
    expect(await registrations.form(id)).toMatchObject({ placesLeft: 0, waiting: 0 });
    expect(await registrations.confirm(id, await linkToken(id, "bilal@example.org"))).toEqual({
      ok: true,
      status: "waiting",
      position: 1,
      ticketPath: TICKET_PATH,
    });
    expect(await registerAndConfirm(registrations, id, person("Dua", { waitingList: true }))).toEqual({
      ok: true,
      status: "waiting",
      position: 2,
      ticketPath: TICKET_PATH,
    });
    expect(await statuses(id)).toEqual(["Chand: registered", "Amna: registered", "Bilal: waiting", "Dua: waiting"]);
    expect(await registrations.form(id)).toMatchObject({ placesLeft: 0, waiting: 2, closed: false, questions: QUESTIONS });

    const sent = await mails();
    expect(sent.map((mail) => `${mail.to.name}: ${mail.subject}`)).toEqual([
      "Amna: Confirm your place: First aid workshop",
      "Bilal: Confirm your place: First aid workshop",
      "Chand: Confirm your place: First aid workshop",
      "Chand: Registered: First aid workshop",
      "Amna: Registered: First aid workshop",
      "Bilal: Waiting list: First aid workshop",
      "Dua: Confirm your place: First aid workshop",
      "Dua: Waiting list: First aid workshop",
    ]);
    const [confirmMail] = sent;
    expect(confirmMail!.kind).toBe("registration-confirm");
    expect(confirmMail!.to.address).toBe("amna@example.org");
    expect(confirmMail!.text).toContain("No place is kept for you until you confirm it");
    expect(confirmMail!.text).toContain("The link works for 24 hours.");
    expect(confirmMail!.text).toContain("When: 5 December 2026 at 14:00 to 16:00");
    const registered = sent[3]!;
    expect(registered.kind).toBe("registration");
    expect(registered.to.address).toBe("chand@example.org");
    expect(registered.text).toContain("When: 5 December 2026 at 14:00 to 16:00");
    expect(registered.text).toContain("Where: Hall 2");
    expect(registered.text).toContain(`The announcement: https://society.example/announcement/${id}`);
    expect(registered.calendar).toContain("BEGIN:VEVENT");
    expect(registered.calendar).toContain("DTSTART:20261205T090000Z");
    expect(sent[5]!.text).toContain("waiting list (number 1)");
    expect(sent[5]!.calendar).toBeNull();
    expect(woken).toBeGreaterThan(0);
  });

  test("made-up addresses take no place: three never confirmed leave a three-place event open, and go after 24 hours with their mails", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 3 });
    const sent = new Date();
    // One network, three invented people.
    for (const name of ["Fake One", "Fake Two", "Fake Three"]) await register(registrations, id, person(name), "203.0.113.9", sent);
    expect(await registrations.form(id)).toMatchObject({ placesLeft: 3 });
    expect(await registerAndConfirm(registrations, id, person("Amna"))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
    const fakeIds = (await rows()).filter((row) => row.status === "unconfirmed").map((row) => row.id);
    expect(fakeIds).toHaveLength(3);
    // The log transport's file of one of their mails goes with it.
    const fakeMail = (await mails()).find((mail) => mail.recordId === fakeIds[0])!;
    const mailId = (
      await database.db.selectFrom("mailOutbox").select("id").where("recordId", "=", fakeMail.recordId).executeTakeFirstOrThrow()
    ).id;
    fs.mkdirSync(mailFiles(dir).dir, { recursive: true });
    fs.writeFileSync(mailFiles(dir).fileOf(mailId), "Confirm your place");

    // Not yet: their links work for 24 hours.
    expect(await registrations.deleteExpiredUnconfirmed(new Date(sent.getTime() + CONFIRM_LINK_MS - 1000))).toBe(0);
    expect(await registrations.deleteExpiredUnconfirmed(new Date(sent.getTime() + CONFIRM_LINK_MS + HOUR))).toBe(3);
    expect(await statuses(id)).toEqual(["Amna: registered"]);
    expect((await mails()).filter((mail) => mail.recordId !== null && fakeIds.includes(mail.recordId))).toEqual([]);
    expect(fs.existsSync(mailFiles(dir).fileOf(mailId))).toBe(false);
    expect(logLines.join("\n")).not.toContain("fake.");
  });

  test("the link's page changes nothing; a link confirms once, and not after 24 hours, nor with a token it did not mail", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 5 });
    const sent = new Date();
    await register(registrations, id, person("Amna"), nextIp(), sent);
    const token = await linkToken(id, "amna@example.org");
    const before = await rows();
    // Only the token's hash is stored, and the mail keeps its link out of its payload (wiped from the row once sent).
    expect(JSON.stringify(before)).not.toContain(token);
    const queued = await database.db.selectFrom("mailOutbox").select(["payload", "secretLink"]).execute();
    expect(queued.map((row) => row.payload).join()).not.toContain(token);
    expect(queued.map((row) => row.secretLink)).toEqual([`https://society.example/announcement/${id}/confirm?token=${token}`]);
    expect(before[0]!.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    // Opening the link (what a mail scanner does) shows the page and changes nothing.
    expect(await registrations.confirmation(id, token)).toMatchObject({ open: true, announcement: { id } });
    expect(await registrations.confirmation(id, "x".repeat(43))).toMatchObject({ open: false });
    expect(await registrations.confirmation(newId(), token)).toBeUndefined();
    expect(await rows()).toEqual(before);
    expect(await mails()).toHaveLength(1);

    const other = await announcement({});
    expect(await registrations.confirm(other, token)).toEqual({ ok: false, reason: "invalid" });
    expect(await registrations.confirm(id, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await registrations.confirm(id, "not a token")).toEqual({ ok: false, reason: "invalid" });
    expect(await registrations.confirm(id, token, new Date(sent.getTime() + CONFIRM_LINK_MS))).toEqual({ ok: false, reason: "invalid" });
    expect(await rows()).toEqual(before);

    expect(await registrations.confirm(id, token, new Date(sent.getTime() + CONFIRM_LINK_MS - 1000))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
    // Used: the link is useless, and nothing of it is left to read.
    expect(await registrations.confirm(id, token)).toEqual({ ok: false, reason: "invalid" });
    expect(await registrations.confirmation(id, token)).toMatchObject({ open: false });
    expect((await rows())[0]).toMatchObject({ status: "registered", arrival: 1, confirmTokenHash: null, confirmExpiresAt: null });
    expect(await registrations.deleteExpiredUnconfirmed(new Date(sent.getTime() + 2 * CONFIRM_LINK_MS))).toBe(0);
    expect(await statuses(id)).toEqual(["Amna: registered"]);
  });

  test("a link for an announcement that stopped taking registrations confirms nothing", async () => {
    const { registrations } = services();
    const switched = await announcement({});
    await register(registrations, switched, person("Amna"));
    await database.db.updateTable("announcements").set({ registrationsHere: 0 }).where("id", "=", switched).execute();
    expect(await registrations.confirm(switched, await linkToken(switched, "amna@example.org"))).toEqual({ ok: false, reason: "missing" });
    const expired = await announcement({});
    await register(registrations, expired, person("Bilal"));
    await endedNow(expired, "expiresAt");
    expect(await registrations.confirm(expired, await linkToken(expired, "bilal@example.org"))).toEqual({ ok: false, reason: "missing" });
    expect(await statuses(switched)).toEqual(["Amna: unconfirmed"]);
    expect(await statuses(expired)).toEqual(["Bilal: unconfirmed"]);

    // Registered before registering closed: its 24 hours still hold.
    const closing = await announcement({ capacity: 1 });
    await register(registrations, closing, person("Chand"));
    await endedNow(closing, "registrationClosesAt");
    expect(await registrations.confirm(closing, await linkToken(closing, "chand@example.org"))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
  });

  test("one network makes at most 5 registrations per announcement (an IPv6 network by its /64); others and other announcements are not held back", async () => {
    const { registrations } = services();
    const id = await announcement({});
    for (let i = 1; i <= 5; i += 1) {
      expect(await register(registrations, id, person(`Student ${i}`), "198.51.100.7")).toEqual({ ok: true, status: "unconfirmed" });
    }
    expect(await register(registrations, id, person("Student 6"), "198.51.100.7")).toEqual({ ok: false, reason: "network-limit" });
    expect(await register(registrations, id, person("Student 6"), "198.51.100.8")).toEqual({ ok: true, status: "unconfirmed" });
    expect(await register(registrations, await announcement({}), person("Student 7"), "198.51.100.7")).toEqual({
      ok: true,
      status: "unconfirmed",
    });
    // A device steps through its /64's addresses: one network still.
    for (let i = 1; i <= 5; i += 1) await register(registrations, id, person(`Phone ${i}`), `2001:db8:1:2::${i}`);
    expect(await register(registrations, id, person("Phone 6"), "2001:db8:1:2:ffff::1")).toEqual({ ok: false, reason: "network-limit" });
    expect(await register(registrations, id, person("Phone 6"), "2001:db8:1:3::1")).toEqual({ ok: true, status: "unconfirmed" });
    // The refused ones stored and mailed nothing.
    expect((await statuses(id)).filter((entry) => entry.startsWith("Student"))).toHaveLength(6);
    expect((await mails()).filter((mail) => mail.to.address === "student.6@example.org")).toHaveLength(1);
    // Counters name a hash of the network, never the address.
    const keys = (await database.db.selectFrom("rateLimits").select("key").execute()).map((row) => row.key).join(" ");
    expect(keys).not.toContain("198.51.100.7");
    expect(keys).not.toContain("2001:db8");
  });

  test("the same email again: while unconfirmed, a new link and no second row; once confirmed, refused; a resubmission stored once", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 5 });
    const key = "a-submission-key-1";
    expect(await register(registrations, id, person("Amna", { submissionKey: key }))).toEqual({ ok: true, status: "unconfirmed" });
    expect(await register(registrations, id, person("Amna", { submissionKey: key }))).toEqual({ ok: true, status: "unconfirmed" });
    expect(await mails()).toHaveLength(1);
    const first = await linkToken(id, "amna@example.org");

    expect(await register(registrations, id, person("Amna Bibi", { email: "amna@example.org" }))).toEqual({
      ok: true,
      status: "unconfirmed",
    });
    expect(await statuses(id)).toEqual(["Amna: unconfirmed"]);
    const second = await linkToken(id, "amna@example.org");
    expect(second).not.toBe(first);
    // The first link stops working; the new one confirms the one registration.
    expect(await registrations.confirm(id, first)).toEqual({ ok: false, reason: "invalid" });
    expect(await registrations.confirm(id, second)).toEqual({ ok: true, status: "registered", ticketPath: TICKET_PATH });

    expect(await register(registrations, id, person("Amna"))).toEqual({ ok: false, reason: "already-registered" });
    expect(await statuses(id)).toEqual(["Amna: registered"]);
    expect((await mails()).map((mail) => mail.kind)).toEqual(["registration-confirm", "registration-confirm", "registration"]);

    const closed = await announcement({ closesAt: new Date(Date.now() - 1000).toISOString() });
    expect(await register(registrations, closed, person("Bilal"))).toEqual({ ok: false, reason: "closed" });
    expect(await registrations.form(closed)).toMatchObject({ closed: true });
    const linkOnly = await announcement(null);
    expect(await registrations.target(linkOnly)).toBeUndefined();
    expect(await registrations.form(linkOnly)).toBeUndefined();
    expect(await registrations.target(newId())).toBeUndefined();

    // Read while it took registrations, taken after it stopped: refused under the lock.
    const switched = await announcement({});
    const target = (await registrations.target(switched))!;
    await database.db.updateTable("announcements").set({ registrationsHere: 0 }).where("id", "=", switched).execute();
    expect(await registrations.register(target, person("Bilal"), "198.51.100.1")).toEqual({ ok: false, reason: "missing" });
  });

  test("full: refused unless the person asks for the waiting list; whoever confirms once it is full joins the waiting list", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 });
    // Sent while a place was free, confirmed after it was taken.
    await register(registrations, id, person("Bilal"));
    expect(await registerAndConfirm(registrations, id, person("Amna"))).toEqual({
      ok: true,
      status: "registered",
      ticketPath: TICKET_PATH,
    });
    expect(await register(registrations, id, person("Chand"))).toEqual({ ok: false, reason: "full" });
    expect(await registrations.confirm(id, await linkToken(id, "bilal@example.org"))).toEqual({
      ok: true,
      status: "waiting",
      position: 1,
      ticketPath: TICKET_PATH,
    });
    expect(await registerAndConfirm(registrations, id, person("Chand", { waitingList: true }))).toEqual({
      ok: true,
      status: "waiting",
      position: 2,
      ticketPath: TICKET_PATH,
    });
  });

  test("many confirming at once, through two instances, take exactly the places there are; the rest wait in distinct places", async () => {
    // Each instance takes its own writes in turn; the two meet at the announcement's lock.
    const instances = [services().registrations, services().registrations];
    const id = await announcement({ capacity: 10 });
    const people = Array.from({ length: 40 }, (_, i) => person(`Person ${i}`, { waitingList: true }));
    for (const [i, who] of people.entries()) await register(instances[i % 2]!, id, who);
    const tokens = await Promise.all(people.map((who) => linkToken(id, who.email)));
    const answers = await Promise.all(tokens.map((token, i) => instances[i % 2]!.confirm(id, token)));
    expect(answers.filter((answer) => answer.ok && answer.status === "registered")).toHaveLength(10);
    const waiting = answers.flatMap((answer) => (answer.ok && answer.status === "waiting" ? [answer.position] : []));
    expect(waiting).toHaveLength(30);
    expect(new Set(waiting).size).toBe(30);
    expect(await createRepos(database.db).registrations.counts(id)).toEqual({ registered: 10, waiting: 30, unconfirmed: 0 });
    // One link confirmed twice at once: once.
    await register(instances[0]!, id, person("Twice", { waitingList: true }));
    const twice = await linkToken(id, "twice@example.org");
    const both = await Promise.all([instances[0]!.confirm(id, twice), instances[1]!.confirm(id, twice)]);
    expect(both.filter((answer) => answer.ok)).toHaveLength(1);
    expect(await createRepos(database.db).registrations.counts(id)).toEqual({ registered: 10, waiting: 31, unconfirmed: 0 });
  });

  test("the mails of one mailbox: the tenth of a day is not sent, the form answers as usual, and a link held back leaves the last one working", async () => {
    const { registrations } = services();
    const ids = await Promise.all(Array.from({ length: 6 }, () => announcement({})));
    // One address registered for six announcements, four of them confirmed: 6 + 4 mails, the tenth held back.
    for (const id of ids) expect(await register(registrations, id, person("Amna"))).toEqual({ ok: true, status: "unconfirmed" });
    for (const id of ids.slice(0, 4))
      expect(await registrations.confirm(id, await linkToken(id, "amna@example.org"))).toMatchObject({ ok: true });
    const toAmna = async () => (await mails()).filter((mail) => mail.to.address === "amna@example.org");
    expect(await toAmna()).toHaveLength(RECIPIENT_DAILY_LIMIT.limit);
    expect((await toAmna()).at(-1)!.subject).toBe("Registered: First aid workshop");

    // Asking for a new link again: the form says a mail is on its way; none is, and the last link mailed still works.
    const last = await linkToken(ids[5]!, "amna@example.org");
    expect(await register(registrations, ids[5]!, person("Amna"))).toEqual({ ok: true, status: "unconfirmed" });
    expect(await toAmna()).toHaveLength(RECIPIENT_DAILY_LIMIT.limit);
    expect(await registrations.confirm(ids[5]!, last)).toEqual({ ok: true, status: "registered", ticketPath: TICKET_PATH });
    const events = logLines
      .map((line) => JSON.parse(line) as { event?: string })
      .filter((line) => line.event === "mail.recipient-limit-reached");
    expect(events).toHaveLength(1);
    expect(logLines.join("\n")).not.toContain("amna@");
  });

  test("a registrant's mails greet, and are addressed to, a typed name only when it looks like a person's", async () => {
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
      await registerAndConfirm(registrations, id, person(name, { email: `person.${i}@example.org` }));
    }
    const sent = await mails();
    expect(sent.map((mail) => mail.kind)).toEqual(Array(5).fill(["registration-confirm", "registration"]).flat());
    expect(sent.filter((mail) => mail.kind === "registration").map((mail) => [mail.to, mail.text.split("\n")[0]])).toEqual([
      [{ name: "Ayesha O'Neil-Khan", address: "person.0@example.org" }, "Hello Ayesha O'Neil-Khan,"],
      [{ name: "عائشہ خان", address: "person.1@example.org" }, "Hello عائشہ خان,"],
      [{ name: "", address: "person.2@example.org" }, "Hello,"],
      [{ name: "", address: "person.3@example.org" }, "Hello,"],
      [{ name: "", address: "person.4@example.org" }, "Hello,"],
    ]);
    // "Confirm your place" greets the same way.
    expect(sent.filter((mail) => mail.kind === "registration-confirm").map((mail) => mail.to.name)).toEqual([
      "Ayesha O'Neil-Khan",
      "عائشہ خان",
      "",
      "",
      "",
    ]);
    expect(sent.some((mail) => mail.text.includes("evil.example"))).toBe(false);
  });

  test("removing a registered person gives the place to the first waiting, who is mailed with no second confirmation; the removed one's mails go", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    await registerAndConfirm(registrations, id, person("Amna"));
    await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true }));
    await registerAndConfirm(registrations, id, person("Chand", { waitingList: true }));
    const [amna] = await createRepos(database.db).registrations.listFor(id);

    expect(await registrations.delete(id, amna!.id, "admin-1")).toBe(true);
    expect(await statuses(id)).toEqual(["Bilal: registered", "Chand: waiting"]);
    const sent = await mails();
    expect(sent.some((mail) => mail.recordId === amna!.id)).toBe(false);
    const promoted = sent.at(-1)!;
    expect(promoted.subject).toBe("A place opened: you're registered for First aid workshop");
    expect(promoted.to.address).toBe("bilal@example.org");
    expect(promoted.calendar).toContain("BEGIN:VEVENT");
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).execute();
    expect(audit).toContainEqual({ action: "registration.remove", detail: `announcement=${id} registration=${amna!.id}` });

    // A waiting one removed moves no one; an unconfirmed one holds no place either; an unknown one is no registration.
    const chand = (await createRepos(database.db).registrations.listFor(id)).find((registration) => registration.name === "Chand")!;
    expect(await registrations.delete(id, chand.id, "admin-1")).toBe(true);
    await register(registrations, id, person("Dua", { waitingList: true }));
    const dua = (await createRepos(database.db).registrations.listFor(id)).find((registration) => registration.name === "Dua")!;
    expect(await registrations.delete(id, dua.id, "admin-1")).toBe(true);
    expect(await statuses(id)).toEqual(["Bilal: registered"]);
    expect(await registrations.delete(id, newId(), "admin-1")).toBe(false);
    expect(await registrations.delete(await announcement({}), chand.id, "admin-1")).toBe(false);
  });

  test("a registration made on the Urdu site keeps its language: its mails are in Urdu, the one moving it up later too", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    await registerAndConfirm(registrations, id, person("Amna"));
    await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true, locale: "ur" }));
    // Sent again from the other language's page while unconfirmed: the new link, and what follows, in that language.
    await register(registrations, id, person("Chand", { waitingList: true }));
    await register(registrations, id, person("Chand", { waitingList: true, locale: "ur" }));
    expect((await rows()).map((row) => `${row.name}: ${row.locale}`)).toEqual(["Amna: en", "Bilal: ur", "Chand: ur"]);
    expect((await mails()).filter((mail) => mail.to.address === "chand@example.org").map((mail) => mail.subject)).toEqual([
      "Confirm your place: First aid workshop",
      "اپنی جگہ کی تصدیق کریں: First aid workshop",
    ]);

    const [amna] = await createRepos(database.db).registrations.listFor(id);
    await registrations.delete(id, amna!.id, "admin-1");
    const bilals = (await mails()).filter((mail) => mail.to.address === "bilal@example.org").map((mail) => mail.subject);
    expect(bilals).toEqual([
      "اپنی جگہ کی تصدیق کریں: First aid workshop",
      "انتظار کی فہرست: First aid workshop",
      "جگہ خالی ہوئی: آپ First aid workshop کے لیے رجسٹر ہو گئے ہیں",
    ]);
  });

  test("a confirmed registration's ticket: its page shows the place or the waiting-list number as it moves up; its mails carry it", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    const amnaConfirmed = await registerAndConfirm(registrations, id, person("Amna"));
    const bilalConfirmed = await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true }));
    const chandConfirmed = await registerAndConfirm(registrations, id, person("Chand", { waitingList: true }));
    const tokenOf = (confirmed: Awaited<ReturnType<typeof registerAndConfirm>>) => {
      if (!confirmed.ok) throw new Error("not confirmed");
      return confirmed.ticketPath.slice("/ticket?token=".length);
    };
    const [amnaToken, bilalToken, chandToken] = [tokenOf(amnaConfirmed), tokenOf(bilalConfirmed), tokenOf(chandConfirmed)];

    const amnaTicket = await registrations.ticket(amnaToken);
    expect(amnaTicket).toMatchObject({
      announcement: {
        id,
        heading: "First aid workshop",
        live: true,
        event: { when: "5 December 2026 at 14:00 to 16:00", location: "Hall 2" },
      },
      name: "Amna",
      waitingPosition: 0,
    });
    expect(amnaTicket!.shortCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(amnaTicket!.qrSvg).toMatch(/^<svg[^>]*viewBox/);
    expect((await registrations.ticket(chandToken))?.waitingPosition).toBe(2);

    // Each mail after confirming gives the ticket's link, and its QR code as a PNG (with the calendar file for a place).
    const sent = await mails();
    const registered = sent.find((mail) => mail.subject === "Registered: First aid workshop")!;
    expect(registered.text).toContain(`\n${SITE.publicUrl}/ticket?token=${amnaToken}\n`);
    expect(registered.attachments).toEqual(["event.ics", "ticket.png"]);
    const waiting = sent.find((mail) => mail.to.address === "chand@example.org" && mail.kind === "registration")!;
    expect(waiting.text).toContain(`\n${SITE.publicUrl}/ticket?token=${chandToken}\n`);
    expect(waiting.attachments).toEqual(["ticket.png"]);

    // Amna removed: her ticket is none; Bilal moves up (his mail gives the same ticket), and Chand is next.
    const [amna] = await createRepos(database.db).registrations.listFor(id);
    await registrations.delete(id, amna!.id, "admin-1");
    expect(await registrations.ticket(amnaToken)).toBeUndefined();
    expect((await registrations.ticket(bilalToken))?.waitingPosition).toBe(0);
    expect((await mails()).at(-1)!.text).toContain(`${SITE.publicUrl}/ticket?token=${bilalToken}`);
    expect((await registrations.ticket(chandToken))?.waitingPosition).toBe(1);

    // An altered token is no ticket; nor is an unconfirmed registration's, though signed with the site's own key.
    const altered = `${bilalToken.slice(0, 30)}${bilalToken[30] === "A" ? "B" : "A"}${bilalToken.slice(31)}`;
    expect(await registrations.ticket(altered)).toBeUndefined();
    await register(registrations, id, person("Dua", { waitingList: true }));
    const dua = (await createRepos(database.db).registrations.listFor(id)).find((registration) => registration.name === "Dua")!;
    expect(await registrations.ticket(tickets.token(dua))).toBeUndefined();
  });

  test("a ticket in Urdu names the announcement by the committee's Urdu heading where written; an Urdu registrant's mail links the Urdu ticket and its calendar file the Urdu page", async () => {
    const { registrations } = services();
    const id = await announcement({}, { event: true, titleUr: "ابتدائی طبی امداد کی ورکشاپ" });
    const untranslated = await announcement({});
    const tokenOf = (confirmed: Awaited<ReturnType<typeof registerAndConfirm>>) => {
      if (!confirmed.ok) throw new Error("not confirmed");
      return confirmed.ticketPath.slice("/ticket?token=".length);
    };
    const bilal = tokenOf(await registerAndConfirm(registrations, id, person("Bilal", { locale: "ur" })));
    const chand = tokenOf(await registerAndConfirm(registrations, untranslated, person("Chand", { locale: "ur" })));

    const inUrdu = await registrations.ticket(bilal, "ur");
    expect(inUrdu?.announcement).toMatchObject({ id, heading: "ابتدائی طبی امداد کی ورکشاپ", live: true });
    expect((await registrations.ticket(bilal, "en"))?.announcement.heading).toBe("First aid workshop");
    expect((await registrations.ticket(chand, "ur"))?.announcement.heading).toBe("First aid workshop");
    // Its QR code is the ticket's English address in either language: the door reads it.
    expect(inUrdu?.qrSvg).toBe((await registrations.ticket(bilal))?.qrSvg);

    const mail = (await mails()).find((sent) => sent.kind === "registration" && sent.to.address === "bilal@example.org")!;
    expect(mail.text).toContain(`\n${SITE.publicUrl}/ur/ticket?token=${bilal}\n`);
    expect(mail.calendar?.replace(/\r\n[ \t]/g, "")).toContain(`URL:${SITE.publicUrl}/ur/announcement/${id}`);
  });

  test("check-in: a place checks in once, a waiting ticket is turned away, another event's or an unconfirmed one is no ticket; undo is audited", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    const other = await announcement({});
    const tokenOf = (confirmed: Awaited<ReturnType<typeof registerAndConfirm>>) => {
      if (!confirmed.ok) throw new Error("not confirmed");
      return confirmed.ticketPath.slice("/ticket?token=".length);
    };
    const amna = tokenOf(await registerAndConfirm(registrations, id, person("Amna Khan")));
    const bilal = tokenOf(await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true })));
    const elsewhere = tokenOf(await registerAndConfirm(registrations, other, person("Chand")));
    const at = new Date("2026-12-05T09:05:00.000Z");

    expect(await registrations.checkIn(id, { token: amna }, "Sara", at)).toEqual({ outcome: "checked-in", name: "Amna Khan" });
    // Scanned again, or posted twice: counted once, and it says by whom and when.
    const again = { outcome: "already", name: "Amna Khan", by: "Sara", atText: "5 December 2026 at 14:05" };
    expect(await registrations.checkIn(id, { token: amna }, "Omar")).toEqual(again);
    const [amnaRow] = await createRepos(database.db).registrations.listFor(id);
    expect(await registrations.checkIn(id, { registrationId: amnaRow!.id }, "Omar")).toEqual(again);
    expect(await registrations.checkIn(id, { token: bilal }, "Sara")).toEqual({ outcome: "waiting", name: "Bilal", position: 1 });
    for (const token of [elsewhere, `${amna.slice(0, 30)}${amna[30] === "A" ? "B" : "A"}${amna.slice(31)}`, "not a token", ""]) {
      expect(await registrations.checkIn(id, { token }, "Sara"), token).toEqual({ outcome: "not-for-event" });
    }
    expect(await registrations.checkIn(other, { registrationId: amnaRow!.id }, "Sara")).toEqual({ outcome: "not-for-event" });
    await register(registrations, id, person("Dua", { waitingList: true }));
    const dua = (await createRepos(database.db).registrations.listFor(id)).find((registration) => registration.name === "Dua")!;
    expect(await registrations.checkIn(id, { token: tickets.token(dua) }, "Sara")).toEqual({ outcome: "not-for-event" });
    expect(await registrations.checkIn(id, { registrationId: dua.id }, "Sara")).toEqual({ outcome: "not-for-event" });

    // The registrations screen counts who came; once the event has started, those with a place who did not are no-shows.
    expect((await registrations.listFor(id, new Date("2026-12-05T08:00:00.000Z")))?.attendance).toEqual({ checkedIn: 1, noShows: null });
    expect((await registrations.listFor(id, new Date("2026-12-05T12:00:00.000Z")))?.attendance).toEqual({ checkedIn: 1, noShows: 0 });
    expect((await registrations.listFor(id))?.registrations[0]).toMatchObject({
      checkedInText: "5 December 2026 at 14:05",
      checkedInBy: "Sara",
    });

    expect(await registrations.undoCheckIn(id, amnaRow!.id, "admin-1")).toBe(true);
    expect(await registrations.undoCheckIn(id, amnaRow!.id, "admin-1")).toBe(false);
    expect(await registrations.undoCheckIn(other, amnaRow!.id, "admin-1")).toBe(false);
    const audit = await database.db
      .selectFrom("auditLog")
      .select(["action", "detail"])
      .where("action", "=", "registration.check-in-undo")
      .execute();
    expect(audit).toEqual([{ action: "registration.check-in-undo", detail: `announcement=${id} registration=${amnaRow!.id}` }]);
    expect((await registrations.listFor(id, new Date("2026-12-05T12:00:00.000Z")))?.attendance).toEqual({ checkedIn: 0, noShows: 1 });
    expect(await registrations.checkIn(id, { token: amna }, "Omar")).toEqual({ outcome: "checked-in", name: "Amna Khan" });
  });

  test("a door phone's list holds each ticket's hash, not the ticket; check-ins made offline merge into one, at the earlier time, noted as scanned twice", async () => {
    const { registrations } = services();
    const id = await amnaRegisteredBilalWaiting(registrations);
    await registerAndConfirm(registrations, id, person("Chand", { waitingList: true }));
    await register(registrations, id, person("Dua"));
    const list = (await registrations.offlineDoorList(id, new Date("2026-12-05T08:00:00.000Z")))!;
    const [amna, bilal, chand] = await createRepos(database.db).registrations.listFor(id);
    expect(list.entries.map((entry) => [entry.name, entry.status, entry.position])).toEqual([
      ["Amna", "registered", null],
      ["Bilal", "waiting", 1],
      ["Chand", "waiting", 2],
    ]);
    expect(list.entries[0]).toMatchObject({ id: amna!.id, shortCode: tickets.shortCode(amna!), checkedIn: null });
    expect(list.entries[0]!.ticketHash).toBe(crypto.createHash("sha256").update(tickets.token(amna!)).digest("hex"));
    expect(JSON.stringify(list)).not.toContain(tickets.token(amna!));
    expect(list).toMatchObject({ announcementId: id, timeZone: "Asia/Karachi", keepUntil: "2026-12-05T20:00:00.000Z" });
    expect(await registrations.offlineDoorList(newId())).toBeUndefined();

    // Two phones at two doors admitted Amna while offline; the later one syncs first.
    const now = new Date("2026-12-05T10:00:00.000Z");
    const sync = (at: string, by: string, who = amna!.id) => registrations.syncOfflineCheckIns(id, [{ registrationId: who, at }], by, now);
    expect(await sync("2026-12-05T09:20:00.000Z", "Omar")).toEqual([{ registrationId: amna!.id, outcome: "checked-in" }]);
    // Its answer was lost, and it sends the same check-in again: nothing changes.
    expect(await sync("2026-12-05T09:20:00.000Z", "Omar")).toEqual([{ registrationId: amna!.id, outcome: "sent-before" }]);
    expect(await sync("2026-12-05T09:05:00.000Z", "Main gate (door link)")).toEqual([
      { registrationId: amna!.id, outcome: "scanned-twice" },
    ]);
    const [merged] = (await registrations.door(id, "amna"))!.found;
    expect(merged!.checkedIn).toEqual({ atText: "5 December 2026 at 14:05", by: "Main gate (door link)", scannedTwice: true });
    expect((await registrations.door(id, ""))!.counts).toEqual({ registered: 1, checkedIn: 1 });
    // The later admission keeps the earlier time.
    expect(await sync("2026-12-05T09:30:00.000Z", "Omar")).toEqual([{ registrationId: amna!.id, outcome: "scanned-twice" }]);
    expect((await registrations.door(id, "amna"))!.found[0]!.checkedIn).toMatchObject({ atText: "5 December 2026 at 14:05" });

    // Waiting, removed, another event's or made up: not admitted. A phone's clock ahead of the server's counts as now.
    const other = await announcement({});
    for (const who of [bilal!.id, chand!.id, newId(), "not an id"]) {
      expect(await sync("2026-12-05T09:00:00.000Z", "Omar", who)).toEqual([{ registrationId: who, outcome: "not-for-event" }]);
    }
    expect(await registrations.syncOfflineCheckIns(other, [{ registrationId: amna!.id, at: now.toISOString() }], "Omar")).toEqual([
      { registrationId: amna!.id, outcome: "not-for-event" },
    ]);
    await registrations.undoCheckIn(id, amna!.id, "admin-1");
    expect(await sync("2026-12-06T09:00:00.000Z", "Omar")).toEqual([{ registrationId: amna!.id, outcome: "checked-in" }]);
    expect((await registrations.door(id, "amna"))!.found[0]!.checkedIn).toEqual({
      atText: "5 December 2026 at 15:00",
      by: "Omar",
      scannedTwice: false,
    });
  });

  test("the door's search finds those with a place or waiting, by a part of the name or by the ticket's code typed in any way", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 });
    await registerAndConfirm(registrations, id, person("Amna Khan"));
    await registerAndConfirm(registrations, id, person("Bilal Khan", { waitingList: true }));
    await register(registrations, id, person("Chand Khan"));
    const door = async (query: string) => (await registrations.door(id, query))!;

    expect((await door("")).found).toEqual([]);
    expect((await door("")).counts).toEqual({ registered: 1, checkedIn: 0 });
    expect((await door("khan")).found.map((entry) => `${entry.name}: ${entry.status}`)).toEqual([
      "Amna Khan: registered",
      "Bilal Khan: waiting",
    ]);
    const [amna] = (await door("AMNA")).found;
    expect(amna).toMatchObject({ name: "Amna Khan", checkedIn: null });
    const code = amna!.shortCode;
    for (const typed of [code, code.toLowerCase(), code.replace("-", ""), ` ${code.replace("-", " ")} `]) {
      expect(
        (await door(typed)).found.map((entry) => entry.name),
        typed,
      ).toEqual(["Amna Khan"]);
    }
    expect((await door("Zainab")).found).toEqual([]);
    expect((await door("khan")).more).toBe(0);
    // A search that matches more than a screen lists says how many more.
    const repos = createRepos(database.db);
    for (let n = 0; n < DOOR_SEARCH_LIMIT + 2; n++) {
      const student = newId();
      const at = new Date().toISOString();
      const row = { name: `Student ${n}`, email: `student${n}@example.org`, phone: "03001234567", class: "", answers: "[]" };
      await repos.registrations.create({
        id: student,
        announcementId: id,
        ...row,
        submissionKey: null,
        createdAt: at,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
      await repos.registrations.confirm(student, id, "waiting");
    }
    expect(await door("student")).toMatchObject({ more: 2 });
    expect((await door("student")).found).toHaveLength(DOOR_SEARCH_LIMIT);
    expect(await registrations.door(newId(), "")).toBeUndefined();

    await registrations.checkIn(id, { registrationId: amna!.id }, "Sara");
    expect((await door("amna")).found[0]?.checkedIn).toMatchObject({ by: "Sara" });
    expect((await door("")).counts).toEqual({ registered: 1, checkedIn: 1 });
  });

  test("walk-ins take a place like any registration and are checked in at once; a registered email is found instead, an unconfirmed one confirmed", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 2 });
    await registerAndConfirm(registrations, id, person("Amna"));
    await register(registrations, id, person("Bilal"));
    const walkIn = (name: string) => registrations.walkIn(id, { name, email: emailOf(name), phone: "03001112222" }, "Sara");

    expect(await walkIn("Amna")).toEqual({ ok: false, reason: "already-registered" });
    // Bilal never confirmed his mail: at the door he takes the last place, under the name he registered with.
    expect(await walkIn("Bilal")).toEqual({ ok: true, result: { outcome: "checked-in", name: "Bilal" } });
    expect(await walkIn("Chand")).toEqual({ ok: false, reason: "full" });
    expect(await statuses(id)).toEqual(["Amna: registered", "Bilal: registered"]);
    expect((await registrations.door(id, ""))?.counts).toEqual({ registered: 2, checkedIn: 1 });

    const open = await announcement({});
    expect(await registrations.walkIn(open, { name: "Dua", email: "dua@example.org", phone: "03001112222" }, "Sara")).toMatchObject({
      ok: true,
    });
    const [dua] = (await registrations.listFor(open))!.registrations;
    expect(dua).toMatchObject({ name: "Dua", status: "registered", class: "", checkedInBy: "Sara" });
    expect(await registrations.walkIn(newId(), { name: "Eman", email: "eman@example.org", phone: "03001112222" }, "Sara")).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  test("door links: made for an event until its end and 6 hours, opening only that door until revoked or expired; audited", async () => {
    const { registrations } = services();
    const id = await announcement({}, { event: true });
    const before = new Date("2026-12-05T08:00:00.000Z");
    const made = await registrations.createDoorLink(id, "Main gate", "admin-1", before);
    if (!made.ok) throw new Error(made.reason);
    expect(made.expiresText).toBe("5 December 2026 at 22:00");
    const token = /^https:\/\/society\.example\/door\?token=([A-Za-z0-9_-]{43})$/.exec(made.link)?.[1];
    expect(token).toBeDefined();
    expect(await registrations.openDoor(token!, before)).toEqual({ announcementId: id, label: "Main gate" });
    // The database keeps the token's hash only.
    const stored = JSON.stringify(await database.db.selectFrom("doorLinks").selectAll().execute());
    expect(stored).not.toContain(token);

    // Six hours after the event's end it opens nothing; nor does a made-up or altered token.
    expect(await registrations.openDoor(token!, new Date("2026-12-05T16:59:00.000Z"))).toBeDefined();
    expect(await registrations.openDoor(token!, new Date("2026-12-05T17:00:00.000Z"))).toBeUndefined();
    expect(await registrations.openDoor(`${token!.slice(0, 42)}${token!.endsWith("A") ? "B" : "A"}`, before)).toBeUndefined();
    expect(await registrations.openDoor("", before)).toBeUndefined();

    const second = await registrations.createDoorLink(id, "Side door", "admin-1", before);
    if (!second.ok) throw new Error(second.reason);
    const [sideDoor, mainGate] = await registrations.doorLinksFor(id, before);
    expect([sideDoor, mainGate].map((link) => `${link!.label}: ${link!.state}`)).toEqual(["Side door: open", "Main gate: open"]);
    expect(await registrations.revokeDoorLink(id, mainGate!.id, "admin-2", before)).toBe(true);
    expect(await registrations.revokeDoorLink(id, mainGate!.id, "admin-2", before)).toBe(false);
    expect(await registrations.revokeDoorLink(await announcement({}, { event: true }), sideDoor!.id, "admin-2", before)).toBe(false);
    expect(await registrations.openDoor(token!, before)).toBeUndefined();
    const states = (await registrations.doorLinksFor(id, new Date("2026-12-06T00:00:00.000Z"))).map((link) => link.state);
    expect(states).toEqual(["expired", "revoked"]);
    // Thirty days after they stopped working, housekeeping deletes them (and who they were for).
    expect(await registrations.deleteEndedDoorLinks(new Date("2027-01-04T16:00:00.000Z"))).toBe(1);
    expect((await registrations.doorLinksFor(id)).map((link) => link.label)).toEqual(["Side door"]);
    expect(await registrations.deleteEndedDoorLinks(new Date("2027-01-04T17:01:00.000Z"))).toBe(1);
    expect(await registrations.doorLinksFor(id)).toEqual([]);
    const audit = await database.db
      .selectFrom("auditLog")
      .select(["actor", "action"])
      .where("action", "like", "door-link.%")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => `${entry.actor} ${entry.action}`)).toEqual([
      "admin-1 door-link.create",
      "admin-1 door-link.create",
      "admin-2 door-link.revoke",
    ]);

    // None for an announcement without an event, for an event over, or for no announcement.
    expect(await registrations.createDoorLink(await announcement({}), "Gate", "admin-1", before)).toEqual({
      ok: false,
      reason: "no-event",
    });
    expect(await registrations.createDoorLink(id, "Gate", "admin-1", new Date("2026-12-05T17:00:00.000Z"))).toEqual({
      ok: false,
      reason: "ended",
    });
    expect(await registrations.createDoorLink(newId(), "Gate", "admin-1", before)).toEqual({ ok: false, reason: "missing" });
  });

  test("places opened by a raised capacity go to the waiting list in the order they confirmed", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 });
    for (const name of ["Amna", "Bilal", "Chand", "Dua"]) await register(registrations, id, person(name, { waitingList: true }));
    for (const name of ["Amna", "Chand", "Bilal", "Dua"]) await registrations.confirm(id, await linkToken(id, emailOf(name)));
    await database.db.updateTable("announcements").set({ registrationCapacity: 3 }).where("id", "=", id).execute();
    expect(await registrations.fillOpenedPlaces(id)).toBe(2);
    expect(await statuses(id)).toEqual(["Amna: registered", "Chand: registered", "Bilal: registered", "Dua: waiting"]);
    expect((await mails()).filter((mail) => mail.subject.startsWith("A place opened")).map((mail) => mail.to.name)).toEqual([
      "Chand",
      "Bilal",
    ]);
  });

  test("erasing a registrant by email gives their place to the first waiting, who is mailed, as Remove does", async () => {
    const { registrations, personalData } = services();
    const id = await announcement({ capacity: 1 }, { event: true });
    await registerAndConfirm(registrations, id, person("Amna"));
    await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true }));
    await registerAndConfirm(registrations, id, person("Chand", { waitingList: true }));
    woken = 0;

    expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toMatchObject({
      registrations: 1,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 2,
    });
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
    await endedNow(closed, "registrationClosesAt");
    await endedNow(expired, "expiresAt");

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
    await database.db.updateTable("registrations").set({ createdAt: "2020-01-01T00:00:00.000Z" }).where("name", "=", "Amna").execute();
    await endedNow(closed, "registrationClosesAt");

    expect(await personalData.setRetention(12, "admin-1")).toMatchObject({ registrations: 2 });
    expect(await statuses(open)).toEqual(["Bilal: registered"]);
    expect(await statuses(closed)).toEqual(["Bilal: waiting"]);
    const promoted = (await mails()).filter((mail) => mail.subject.startsWith("A place opened"));
    expect(promoted.map((mail) => mail.recordId)).toEqual([(await createRepos(database.db).registrations.listFor(open))[0]!.id]);
  });

  test("erasing an email, the retention sweep and deleting the announcement take registrations with their mails", async () => {
    const { registrations, personalData, announcements } = services();
    const id = await announcement({});
    await registerAndConfirm(registrations, id, person("Amna"));
    await registerAndConfirm(registrations, id, person("Bilal"));
    expect(await personalData.findByEmail("amna@example.org")).toEqual({
      requests: 0,
      messages: 0,
      registrations: 1,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 2,
    });
    expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toEqual({
      requests: 0,
      messages: 0,
      registrations: 1,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 2,
    });
    expect(await statuses(id)).toEqual(["Bilal: registered"]);

    expect(await announcements.delete(id, "admin-1")).toBe(true);
    expect(await database.db.selectFrom("registrations").select("id").execute()).toEqual([]);
    expect(await mails()).toEqual([]);

    const later = await announcement({});
    await register(registrations, later, person("Chand"));
    await personalData.setRetention(1, "admin-1", new Date(Date.now() + 60 * 24 * 3600_000));
    expect(await database.db.selectFrom("registrations").select("id").execute()).toEqual([]);
  });

  test("the admin's list: those holding a place, the waiting list, then the unconfirmed, with their counts", async () => {
    const { registrations } = services();
    const id = await announcement({ capacity: 1 });
    await register(registrations, id, person("Chand"));
    await registerAndConfirm(registrations, id, person("Bilal", { waitingList: true }));
    await registerAndConfirm(registrations, id, person("Amna", { waitingList: true }));
    const list = await registrations.listFor(id);
    expect(list?.registrations.map((registration) => `${registration.name}: ${registration.status}`)).toEqual([
      "Bilal: registered",
      "Amna: waiting",
      "Chand: unconfirmed",
    ]);
    expect(list?.counts).toEqual({ registered: 1, waiting: 1, unconfirmed: 1 });
    expect((await registrations.countsByAnnouncement()).get(id)).toEqual({ registered: 1, waiting: 1, unconfirmed: 1 });
  });

  test("the spreadsheet has a column per question, the ones asked now first, and says who is unconfirmed and who came", async () => {
    const rows: string[][] = [];
    const registration = (
      answers: { question: string; answer: string }[],
      status: "registered" | "waiting" | "unconfirmed",
      checkedInAt: string | null = null,
    ) => ({
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
      checkedInAt,
      checkedInBy: checkedInAt && "Sara",
      checkInScans: checkedInAt ? 1 : 0,
      locale: "en" as const,
    });
    const list = [
      registration([{ question: "Old wording", answer: "yes" }], "registered", "2026-12-05T04:05:00.000Z"),
      registration([{ question: "Your roll number", answer: "=1+1" }], "waiting"),
      registration([{ question: "Your roll number", answer: "7" }], "unconfirmed"),
    ];
    for await (const row of registrationsCsv(list, { questions: ["Your roll number"], timeZone: "Asia/Karachi" })) rows.push(row);
    expect(rows).toEqual([
      ["Registered", "Status", "Checked in", "Name", "Email", "Phone", "Class", "Your roll number", "Old wording"],
      ["2026-11-29 15:00", "Registered", "2026-12-05 09:05", "Amna", "amna@example.org", "0300", "2nd Year", "", "yes"],
      ["2026-11-29 15:00", "Waiting list", "", "Amna", "amna@example.org", "0300", "2nd Year", "=1+1", ""],
      ["2026-11-29 15:00", "Unconfirmed", "", "Amna", "amna@example.org", "0300", "2nd Year", "7", ""],
    ]);
  });
});
