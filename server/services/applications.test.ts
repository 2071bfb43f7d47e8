import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { joinSubmissionSchema } from "#core/schemas/join.ts";
import { type ApplicationFilter } from "#core/schemas/applications.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { NewApplication } from "#server/db/schema.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { parseAnswers, serializeAnswers } from "#server/repos/applications.ts";
import { applicationService } from "./applications";
import { memberService } from "./members";
import { recordEraser } from "./personal-data";
import { PUBLIC_FORM_LIMIT, submissionStore } from "./public-submissions";

const QUESTIONS = ["Why join?", "What do you know of us?", "Iqbal?", "The Quran?", "Your hobbies", "Books you read"];
const ADMIN = { id: "admin-1", email: "owner@example.org" };
const NOW = new Date("2026-11-29T10:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

/** An application as the join form posts it, read through the form's own schema (emails trimmed and lower-cased). */
const application = (more: Record<string, unknown> = {}) =>
  joinSubmissionSchema.parse({
    fullname: "Ayesha Khan",
    class: "2nd Year",
    department: "MBBS",
    sargodhaAddress: "12 College Road",
    permanentAddress: "House 4, Lahore",
    email: " Ayesha@Example.ORG ",
    phone: "03001234567",
    bloodGroup: "B+",
    question1: "To serve",
    question2: "A lot",
    question3: "Selfhood",
    question4: "Daily",
    question5: [" reading ", "cricket", "reading"],
    question6: ["Bang-e-Dra"],
    submissionKey: crypto.randomUUID(),
    ...more,
  });

describe.each(testEngines())("join applications on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-applications-"));
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const service = () => {
    const logger = pino({ level: "silent" });
    const erase = recordEraser({ db: database.db, mailFiles: mailFiles(dir), logger });
    const members = memberService({
      db: database.db,
      timeZone: "Asia/Karachi",
      erase,
      site: async () => ({ siteName: "SMS", publicUrl: "https://society.example" }),
      wakeMailer: () => undefined,
    });
    return applicationService({
      db: database.db,
      store: submissionStore({ db: database.db, logger, wakeMailer: () => undefined }),
      publicUrl: "https://society.example",
      timeZone: "Asia/Karachi",
      questions: async () => QUESTIONS,
      localAddressLabel: async () => "Sargodha Address",
      erase,
      admitMembers: members.admit,
      confirmationFor: async ({ name, email }, locale) => ({
        kind: "confirmation",
        to: { name, address: email },
        society: "SMS",
        subject: locale === "ur" ? "موصول ہوئی" : "Received",
        text: "Thank you.",
      }),
    });
  };

  /** A stored request (as the join form stores it), `minutes` after 10 March 2026 00:00 in Karachi. */
  async function seed(minutes: number, more: Partial<NewApplication> = {}): Promise<string> {
    const id = newId();
    const createdAt = new Date(Date.parse("2026-03-09T19:00:00.000Z") + minutes * 60_000).toISOString();
    const who = { id, fullname: "Applicant", class: "2nd Year", department: "MBBS", email: "applicant@example.org" };
    const rest = { phone: "03001234567", sargodhaAddress: "12 College Road", permanentAddress: "House 4", bloodGroup: "B+" };
    const answers = serializeAnswers(QUESTIONS.map((question, i) => ({ question, answer: `Answer ${i + 1}` })));
    await database.db
      .insertInto("applications")
      .values({ ...who, ...rest, submissionKey: null, answers, createdAt, ...more })
      .execute();
    return id;
  }
  const filter = (more: Partial<ApplicationFilter> = {}): ApplicationFilter => ({ page: 1, ...more });
  const names = async (more: Partial<ApplicationFilter> = {}) =>
    (await service().listPage(filter(more))).applications.map((listed) => listed.fullname);
  const mails = async () =>
    (await database.db.selectFrom("mailOutbox").select(["kind", "payload", "recordId"]).orderBy("kind").execute()).map((row) => ({
      kind: row.kind,
      recordId: row.recordId,
      payload: JSON.parse(row.payload) as Record<string, unknown>,
    }));
  const audit = async () =>
    (await database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).orderBy("id").execute()).map(
      (row) => `${row.actor} ${row.action} ${row.detail}`,
    );

  test("an application is stored with its answers, the notification and the applicant's confirmation", async () => {
    const stored = await service().submit(application({ bloodGroup: "  " }), "198.51.100.1", "/admin", { now: NOW });
    expect(stored).toMatchObject({ ok: true });
    const id = (stored as { id: string }).id;
    const [row] = await database.db.selectFrom("applications").selectAll().execute();
    expect(row).toMatchObject({ id, fullname: "Ayesha Khan", email: "ayesha@example.org", bloodGroup: null, possibleDuplicate: 0 });
    expect(row!.status).toBe("new");
    expect(parseAnswers(row!.answers)).toEqual([
      ...["To serve", "A lot", "Selfhood", "Daily"].map((answer, i) => ({ question: QUESTIONS[i], answer })),
      { question: "Your hobbies", answer: "reading, cricket" },
      { question: "Books you read", answer: "Bang-e-Dra" },
    ]);
    expect(await mails()).toEqual([
      {
        kind: "confirmation",
        recordId: id,
        payload: expect.objectContaining({ to: { name: "Ayesha Khan", address: "ayesha@example.org" }, subject: "Received" }),
      },
      {
        kind: "join",
        recordId: id,
        payload: {
          kind: "join",
          replyTo: { name: "Ayesha Khan", address: "ayesha@example.org" },
          params: {
            name: "Ayesha Khan",
            email: "ayesha@example.org",
            phone: "03001234567",
            class: "2nd Year",
            department: "MBBS",
            sargodhaAddress: "12 College Road",
            permanentAddress: "House 4, Lahore",
            bloodGroup: "N/A",
            time: "29 November 2026 at 15:00",
            website_link: "https://society.example/admin?q=ayesha%40example.org",
          },
        },
      },
    ]);
  });

  test("an applicant through the Urdu form gets the confirmation in Urdu", async () => {
    expect(await service().submit(application(), "198.51.100.1", "/admin", { now: NOW, locale: "ur" })).toMatchObject({ ok: true });
    expect((await mails()).find((mail) => mail.kind === "confirmation")?.payload).toMatchObject({ subject: "موصول ہوئی" });
  });

  test("refused while Join Us is hidden, storing nothing", async () => {
    await database.db.updateTable("settings").set({ joinUsVisible: 0 }).execute();
    expect(await service().submit(application(), "198.51.100.1", "/admin", { now: NOW })).toEqual({ ok: false, reason: "closed" });
    expect(await database.db.selectFrom("applications").select("id").execute()).toEqual([]);
    expect(await mails()).toEqual([]);
  });

  test("a second application from one email within 30 days is taken and marked as a possible duplicate", async () => {
    const applications = service();
    const marks = async () =>
      (await database.db.selectFrom("applications").select("possibleDuplicate").orderBy("createdAt").execute()).map(
        (row) => row.possibleDuplicate,
      );
    await applications.submit(application(), "198.51.100.1", "/admin", { now: NOW });
    await applications.submit(application({ email: "other@example.org" }), "198.51.100.2", "/admin", {
      now: new Date(NOW.getTime() + 1000),
    });
    await applications.submit(application(), "198.51.100.3", "/admin", { now: new Date(NOW.getTime() + 29 * DAY) });
    await applications.submit(application(), "198.51.100.4", "/admin", { now: new Date(NOW.getTime() + 60 * DAY) });
    expect(await marks()).toEqual([0, 0, 1, 0]);
    const listed = (await applications.listPage(filter())).applications;
    expect(listed.map((application) => application.possibleDuplicate)).toEqual([false, true, false, false]);
  });

  test("limits: 30 per network (an IPv6 /64 is one) in ten minutes, 3 per email a day; a resubmission counts and stores once", async () => {
    const applications = service();
    let n = 0;
    const fresh = (more: Record<string, unknown> = {}) => application({ email: `applicant.${(n += 1)}@example.org`, ...more });
    const resent = fresh();
    for (let i = 0; i < 3; i++)
      expect(await applications.submit(resent, "2001:db8:1:2::1", "/admin", { now: NOW })).toMatchObject({ ok: true });
    for (let i = 1; i < PUBLIC_FORM_LIMIT.limit; i++) {
      expect(await applications.submit(fresh(), `2001:db8:1:2::${i.toString(16)}`, "/admin", { now: NOW })).toMatchObject({ ok: true });
    }
    const refused = await applications.submit(fresh(), "2001:db8:1:2:ffff::9", "/admin", { now: NOW });
    expect(refused).toEqual({ ok: false, reason: "limit-reached", scope: "address", retryAfterSeconds: 600 });
    expect(await applications.submit(fresh(), "2001:db8:1:3::1", "/admin", { now: NOW })).toMatchObject({ ok: true });

    // One email from anywhere, spelt any way: the fourth of a day is refused; the next day it is taken again.
    for (let i = 0; i < 3; i++)
      expect(await applications.submit(application(), `198.51.100.${i}`, "/admin", { now: NOW })).toMatchObject({ ok: true });
    const fourth = await applications.submit(application({ email: " AYESHA@example.org" }), "198.51.100.9", "/admin", { now: NOW });
    expect(fourth).toEqual({ ok: false, reason: "limit-reached", scope: "email", retryAfterSeconds: 24 * 3600 });
    expect(await applications.submit(application(), "198.51.100.9", "/admin", { now: new Date(NOW.getTime() + DAY) })).toMatchObject({
      ok: true,
    });
    expect(await database.db.selectFrom("applications").select("id").execute()).toHaveLength(PUBLIC_FORM_LIMIT.limit + 1 + 4);
    // Counters name a hash, never the address.
    const keys = (await database.db.selectFrom("rateLimits").select("key").execute()).map((row) => row.key).join(" ");
    expect(keys).not.toMatch(/2001:db8|198\.51|ayesha/);
  });

  test("the same submission twice at once (a double click) stores one application and its mails once", async () => {
    const applications = service();
    const twice = application();
    const [first, second] = await Promise.all([
      applications.submit(twice, "198.51.100.1", "/admin", { now: NOW }),
      applications.submit(twice, "198.51.100.1", "/admin", { now: NOW }),
    ]);
    expect(first).toEqual(second);
    expect(await database.db.selectFrom("applications").select("id").execute()).toHaveLength(1);
    expect((await mails()).map((mail) => mail.kind)).toEqual(["confirmation", "join"]);
  });

  test("the list: pages of 25 newest first, a page past the last gives the last, times in the society's time zone", async () => {
    for (let i = 0; i < 30; i++) await seed(i, { fullname: `Applicant ${String(i).padStart(2, "0")}` });
    const first = await service().listPage(filter());
    expect(first).toMatchObject({ matching: 30, total: 30, page: 1, pages: 2 });
    expect(first.applications).toHaveLength(25);
    expect(first.applications[0]).toMatchObject({ fullname: "Applicant 29", submitted: "10 March 2026 at 00:29" });
    const last = await service().listPage(filter({ page: 99 }));
    expect(last).toMatchObject({ page: 2, pages: 2 });
    expect(last.applications.map((listed) => listed.fullname)).toEqual(["04", "03", "02", "01", "00"].map((n) => `Applicant ${n}`));
  });

  test("search finds text in name, email, phone, class and department, in any case; % and _ are only characters", async () => {
    await seed(1, { fullname: "Ayesha Khan", email: "ayesha@example.org", phone: "03001112222" });
    await seed(2, { fullname: "Bilal Ahmed", email: "bilal@example.org", department: "Nursing", phone: "03009998888" });
    await seed(3, { fullname: "Sara 100%", email: "sara@example.org", class: "Final Year", phone: "03005550000" });
    for (const [q, found] of [
      ["KHAN", ["Ayesha Khan"]],
      ["bilal@", ["Bilal Ahmed"]],
      ["9998", ["Bilal Ahmed"]],
      ["nursing", ["Bilal Ahmed"]],
      ["final year", ["Sara 100%"]],
      ["%", ["Sara 100%"]],
      ["a_e", []],
    ] as const) {
      expect(await names({ q }), q).toEqual(found);
    }
    expect(await service().listPage(filter({ q: "nobody" }))).toMatchObject({ matching: 0, total: 3, pages: 1, applications: [] });
  });

  test("the status filter, and the submitted-between filter in the society's days, both days included", async () => {
    await seed(-1, { fullname: "Late on the 9th" });
    await seed(0, { fullname: "Early on the 10th", status: "accepted" });
    await seed(24 * 60 * 2 - 1, { fullname: "Late on the 11th" });
    await seed(24 * 60 * 2, { fullname: "On the 12th", status: "accepted" });
    expect(await names({ from: "2026-03-10", to: "2026-03-11" })).toEqual(["Late on the 11th", "Early on the 10th"]);
    expect(await names({ to: "2026-03-09" })).toEqual(["Late on the 9th"]);
    expect(await names({ from: "2026-03-12" })).toEqual(["On the 12th"]);
    expect(await names({ status: "accepted" })).toEqual(["On the 12th", "Early on the 10th"]);
    expect(await names({ status: "accepted", to: "2026-03-11" })).toEqual(["Early on the 10th"]);
  });

  test("the CSV holds every request the filter matches, a column per field and question: UTF-8 with a BOM, RFC 4180, formulas made text", async () => {
    const answers = serializeAnswers(
      ["=1+1", "@everyone", 'She said "read"', "-1", "reading, cricket", "بانگ درا"].map((answer, i) => ({
        question: QUESTIONS[i]!,
        answer,
      })),
    );
    await seed(5, {
      fullname: "عائشہ خان",
      department: '=HYPERLINK("http://evil.example","click")',
      phone: "+923001234567",
      permanentAddress: 'House 4, "Green" Street\nLahore',
      answers,
      possibleDuplicate: 1,
      status: "contacted",
    });
    await seed(6, { fullname: "No Blood Group", bloodGroup: null, status: "contacted", answers: "[broken" });
    await seed(7, { fullname: "Left Out" });
    // More than the export reads at a time, all at one instant: every one is written once.
    for (let i = 0; i < 501; i++) await seed(0, { fullname: `Nursing ${i}`, department: "Nursing", createdAt: "2026-04-01T00:00:00.000Z" });

    const exported = await service().exportCsv(filter({ status: "contacted" }), NOW);
    expect(exported.fileName).toBe("join-requests-2026-11-29.csv");
    const bytes = Buffer.from(await new Response(exported.body).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Byte for byte: a row per request, CRLF after each, a cell quoted (its quotes doubled) only when it must be.
    expect(bytes.subarray(3).toString("utf8")).toBe(
      [
        "Submitted,Status,Name,Email,Phone,Class,Department,Blood Group,Sargodha Address,Permanent Address," +
          "Why join?,What do you know of us?,Iqbal?,The Quran?,Your hobbies,Books you read,Possible duplicate",
        "2026-03-10 00:06,Contacted,No Blood Group,applicant@example.org,03001234567,2nd Year,MBBS,,12 College Road,House 4,,,,,,,No",
        `2026-03-10 00:05,Contacted,عائشہ خان,applicant@example.org,'+923001234567,2nd Year,"'=HYPERLINK(""http://evil.example"",""click"")",` +
          `B+,12 College Road,"House 4, ""Green"" Street\nLahore",'=1+1,'@everyone,"She said ""read""",'-1,"reading, cricket",بانگ درا,Yes`,
        "",
      ].join("\r\n"),
    );
    const nursing = await new Response((await service().exportCsv(filter({ q: "nursing" }), NOW)).body).text();
    const rows = parse(nursing, { bom: true }) as string[][];
    expect(rows).toHaveLength(502);
    expect(new Set(rows.slice(1).map((row) => row[2])).size).toBe(501);
  });

  test("status changes and notes: kept oldest first with who and when, audited by id only; the status a request has adds nothing", async () => {
    const applications = service();
    const [zainab, other, untouched] = [await seed(1, { fullname: "Zainab Private" }), await seed(2), await seed(3)];
    expect(await applications.setStatus([zainab, other, zainab, "not-an-id"], "contacted", ADMIN, NOW)).toBe(2);
    expect(await applications.addNote(zainab, "Called on Monday;\nwill come.", ADMIN, new Date(NOW.getTime() + 60_000))).toBe(true);
    expect(await applications.setStatus([zainab], "contacted", ADMIN)).toBe(1);
    const statuses = await database.db.selectFrom("applications").select(["id", "status"]).execute();
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [zainab]: "contacted",
      [other]: "contacted",
      [untouched]: "new",
    });

    const details = await applications.details(zainab);
    expect(details?.application).toMatchObject({ fullname: "Zainab Private", status: "contacted" });
    expect(details?.activity).toMatchObject([
      { kind: "status", status: "contacted", adminEmail: ADMIN.email, when: "29 November 2026 at 15:00" },
      { kind: "note", note: "Called on Monday;\nwill come.", adminEmail: ADMIN.email, when: "29 November 2026 at 15:01" },
    ]);
    expect(await audit()).toEqual(
      expect.arrayContaining([
        `admin-1 application.status application=${zainab} status=contacted`,
        `admin-1 application.status application=${other} status=contacted`,
        `admin-1 application.note application=${zainab}`,
      ]),
    );
    expect(await audit()).toHaveLength(3);

    // A request that is not there: nothing found, nothing written.
    const gone = newId();
    expect(await applications.setStatus([gone], "accepted", ADMIN)).toBe(0);
    expect(await applications.addNote(gone, "Hello", ADMIN)).toBe(false);
    expect(await applications.details(gone)).toBeUndefined();
    expect(await applications.details("not-an-id")).toBeUndefined();
    expect(await audit()).toHaveLength(3);
  });

  test("deleting several takes them with their history, their mails and the mails' files, and audits their ids only", async () => {
    const applications = service();
    await applications.submit(application({ fullname: "Zainab Private", email: "zainab@example.org" }), "198.51.100.1", "/admin", {
      now: NOW,
    });
    await applications.submit(application({ email: "kept@example.org" }), "198.51.100.2", "/admin", { now: NOW });
    const [zainab, kept] = (await database.db.selectFrom("applications").select(["id", "email"]).orderBy("email", "desc").execute()).map(
      (row) => row.id,
    );
    const other = await seed(1);
    await applications.addNote(zainab!, "A note about Zainab", ADMIN);
    const files = mailFiles(dir);
    fs.mkdirSync(files.dir, { recursive: true });
    const mailIds = await database.db.selectFrom("mailOutbox").select(["id", "recordId"]).execute();
    for (const { id } of mailIds) fs.writeFileSync(files.fileOf(id), "a mail");

    expect(await applications.delete([zainab!, other, zainab!, "not-an-id"], ADMIN.id)).toBe(2);
    expect((await database.db.selectFrom("applications").select("id").execute()).map((row) => row.id)).toEqual([kept]);
    expect(await database.db.selectFrom("applicationActivity").select("id").execute()).toEqual([]);
    const left = mailIds
      .filter((mail) => mail.recordId === kept)
      .map((mail) => `${mail.id}.eml`)
      .sort();
    expect((await mails()).map((mail) => mail.recordId)).toEqual([kept, kept]);
    expect(fs.readdirSync(files.dir).sort()).toEqual(left);
    expect((await audit()).filter((entry) => entry.includes("application.delete")).sort()).toEqual(
      [`admin-1 application.delete application=${zainab}`, `admin-1 application.delete application=${other}`].sort(),
    );
    expect(JSON.stringify(await audit())).not.toMatch(/Zainab|zainab@/);
    expect(await applications.delete([zainab!], ADMIN.id)).toBe(0);
  });
});
