import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { memberFilterSchema } from "#core/schemas/members.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { type OutboxPayload, renderMail } from "#server/mail/messages.ts";
import { createRepos, inTransaction } from "#server/repos/index.ts";
import { memberService, RENEWAL_WINDOW_MS, sessionOf } from "./members";
import { personalDataService, recordEraser } from "./personal-data";

/** 10:00 in Karachi on 5 December 2026. */
const NOW = new Date("2026-12-05T05:00:00.000Z");
const ACTOR = { id: "admin-1", email: "admin@example.org" };
const DAY = 24 * 60 * 60 * 1000;

const filter = (more: Record<string, string> = {}) => memberFilterSchema.parse(more);

describe("the session a day falls in", () => {
  test("runs from July to June, in the society's time zone", () => {
    expect(sessionOf(new Date("2026-12-05T05:00:00Z"), "Asia/Karachi")).toBe("2026–27");
    expect(sessionOf(new Date("2027-06-30T18:00:00Z"), "Asia/Karachi")).toBe("2026–27");
    // 30 June 19:00 UTC is already 1 July in Karachi.
    expect(sessionOf(new Date("2027-06-30T19:00:00Z"), "Asia/Karachi")).toBe("2027–28");
    expect(sessionOf(new Date("2099-08-01T00:00:00Z"), "Asia/Karachi")).toBe("2099–00");
  });
});

describe.each(testEngines())("members on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-members-"));
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function services() {
    const logger = pino({ level: "silent" });
    const files = mailFiles(dir);
    const erase = recordEraser({ db: database.db, mailFiles: files, logger });
    const members = memberService({
      db: database.db,
      timeZone: "Asia/Karachi",
      erase,
      site: async () => ({ siteName: "SWS", publicUrl: "https://society.example" }),
      wakeMailer: () => undefined,
    });
    return { members, personalData: personalDataService({ db: database.db, mailFiles: files, erase, logger }) };
  }

  /** A join request as the join form stores one. */
  async function application(name: string, more: { email?: string; class?: string; createdAt?: string } = {}): Promise<string> {
    const id = newId();
    await database.db
      .insertInto("applications")
      .values({
        id,
        fullname: name,
        class: more.class ?? "2nd Year",
        department: "MBBS",
        sargodhaAddress: "Hostel 2",
        permanentAddress: "Lahore",
        email: more.email ?? `${name.toLowerCase().replace(/\W+/g, ".")}@example.org`,
        phone: "03001234567",
        bloodGroup: null,
        answers: "[]",
        submissionKey: null,
        createdAt: more.createdAt ?? new Date(NOW.getTime() - 3 * DAY).toISOString(),
      })
      .execute();
    return id;
  }

  const admit = (ids: string[], at = NOW) => inTransaction(database.db, (trx) => services().members.admit(trx, ids, ACTOR, at));
  const names = async (more: Record<string, string> = {}) =>
    (await services().members.listPage(filter(more))).members.map((member) => member.name);

  test("an accepted applicant becomes a current member of the current session, with the request as their history; once", async () => {
    const { members } = services();
    const requestId = await application("Ayesha Khan");
    await admit([requestId]);
    await admit([requestId]);
    const page = await members.listPage(filter());
    expect(page).toMatchObject({ matching: 1, total: 1, page: 1, pages: 1 });
    const [listed] = page.members;
    expect(listed).toMatchObject({
      name: "Ayesha Khan",
      email: "ayesha.khan@example.org",
      class: "2nd Year",
      session: "2026–27",
      status: "current",
    });
    const details = await members.details(listed!.id);
    expect(details).toMatchObject({ applicationId: requestId, applied: "2 December 2026 at 10:00", position: null });
    expect(details!.history.map((entry) => [entry.kind, entry.detail, entry.adminEmail])).toEqual([
      ["accepted", "2026–27", "admin@example.org"],
    ]);
    expect(details!.registrations).toEqual([]);
  });

  test("a member's details list the events they registered for, and those they attended (checked in at the door)", async () => {
    const { members } = services();
    await admit([await application("Ayesha Khan")]);
    const repos = createRepos(database.db);
    const events: string[] = [];
    for (const title of ["First aid workshop", "Blood drive"]) {
      const id = newId();
      await repos.announcements.create(
        id,
        {
          title,
          description: "x",
          imageId: null,
          linkUrl: null,
          linkLabel: null,
          publishAt: NOW.toISOString(),
          expiresAt: null,
          event: null,
          registration: null,
          pinned: false,
        },
        NOW.toISOString(),
      );
      events.push(id);
    }
    for (const [index, announcementId] of events.entries()) {
      const id = newId();
      const createdAt = new Date(NOW.getTime() + index * DAY).toISOString();
      await repos.registrations.create({
        id,
        announcementId,
        name: "Ayesha Khan",
        email: "ayesha.khan@example.org",
        phone: "03001234567",
        class: "2nd Year",
        answers: "[]",
        submissionKey: null,
        createdAt,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
      await repos.registrations.confirm(id, announcementId, "registered");
      if (index === 0) await repos.registrations.checkIn(id, new Date(NOW.getTime() + DAY / 2).toISOString(), "Sara");
    }
    const [member] = (await members.listPage(filter())).members;
    const details = await members.details(member!.id);
    expect(details!.registrations.map(({ heading, status, attended }) => ({ heading, status, attended }))).toEqual([
      { heading: "Blood drive", status: "registered", attended: null },
      { heading: "First aid workshop", status: "registered", attended: "5 December 2026 at 22:00" },
    ]);
  });

  test("the list searches name, email and phone, filters by session, class, position and status, 25 a page", async () => {
    const { members } = services();
    const ids = [];
    for (let i = 0; i < 30; i += 1)
      ids.push(await application(`Member ${String(i).padStart(2, "0")}`, { class: i % 2 ? "1st Year" : "2nd Year" }));
    await admit(ids);
    const first = await members.listPage(filter());
    expect(first.members).toHaveLength(25);
    expect((await members.listPage(filter({ page: "2" }))).members.map((member) => member.name)).toEqual([
      "Member 25",
      "Member 26",
      "Member 27",
      "Member 28",
      "Member 29",
    ]);
    expect(await names({ q: "member 07" })).toEqual(["Member 07"]);
    expect(await names({ q: "member.12@" })).toEqual(["Member 12"]);
    expect((await members.listPage(filter({ class: "1st Year" }))).matching).toBe(15);
    const [someone] = first.members;
    await members.setPosition(someone!.id, "President", ACTOR);
    expect(await names({ position: "President" })).toEqual([someone!.name]);
    expect((await members.listPage(filter())).choices).toEqual({
      sessions: ["2026–27"],
      classes: ["1st Year", "2nd Year"],
      positions: ["President"],
    });
    expect(await names({ session: "2025–26" })).toEqual([]);
    expect(await names({ status: "past" })).toEqual([]);
  });

  test("the CSV holds every member that matches, with a BOM", async () => {
    const { members } = services();
    await admit([await application("Zara Shah"), await application("Bilal Ahmed")]);
    const csv = await members.exportCsv(filter(), NOW);
    expect(csv.fileName).toBe("members-2026-12-05.csv");
    const bytes = Buffer.from(await new Response(csv.body).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString("utf8")) as string[][];
    expect(rows[0]).toEqual(["Name", "Email", "Phone", "Class", "Department", "Session", "Position", "Status", "Applied", "Accepted"]);
    expect(rows.slice(1).map((row) => row[0])).toEqual(["Bilal Ahmed", "Zara Shah"]);
  });

  test("a new session asks every current member to stay; who answers stays, who does not lapses after 30 days", async () => {
    const { members } = services();
    await admit([await application("Stays Member"), await application("Silent Member")]);
    expect(await members.startSession("2027–28", ACTOR, NOW)).toBe(2);
    expect(await members.currentSession()).toBe("2027–28");
    const mails = await database.db.selectFrom("mailOutbox").select(["payload", "secretLink", "recordId"]).orderBy("id").execute();
    expect(mails).toHaveLength(2);
    const rendered = mails.map((mail) => renderMail(JSON.parse(mail.payload) as OutboxPayload, undefined, mail.secretLink));
    expect(rendered[0]!.subject).toBe("Stay a member for 2027–28? SWS");
    expect(rendered[0]!.text).toContain('press "Yes, keep me a member for 2027–28"');
    const stays = await database.db
      .selectFrom("members")
      .select(["id", "name"])
      .where("name", "=", "Stays Member")
      .executeTakeFirstOrThrow();
    const link = mails.find((mail) => mail.recordId === stays.id)!.secretLink!;
    const token = new URL(link).searchParams.get("token")!;
    expect(link.startsWith("https://society.example/members/renew?token=")).toBe(true);
    expect(await members.renewalPage(token, NOW)).toEqual({ name: "Stays Member", session: "2027–28", open: true });
    expect(await members.renew(token, new Date(NOW.getTime() + 5 * DAY))).toBe(true);
    expect(await members.renew(token, new Date(NOW.getTime() + 5 * DAY))).toBe(false);
    expect(await members.lapseOverdue(new Date(NOW.getTime() + 29 * DAY))).toBe(0);
    expect(await members.lapseOverdue(new Date(NOW.getTime() + RENEWAL_WINDOW_MS + 1000))).toBe(1);
    expect(await names({ status: "all" })).toEqual(["Silent Member", "Stays Member"]);
    expect(await names()).toEqual(["Stays Member"]);
    expect(await names({ status: "past" })).toEqual(["Silent Member"]);
    expect((await members.listPage(filter({ status: "all" }))).members.map((member) => member.session)).toEqual(["2026–27", "2027–28"]);
    // Starting the same session again asks no one who is in it.
    expect(await members.startSession("2027–28", ACTOR, NOW)).toBe(0);
  });

  test("a past member accepted again rejoins the current session; retention removes past members only", async () => {
    const { members, personalData } = services();
    const first = await application("Returning Member", { email: "back@example.org" });
    await admit([first]);
    await members.startSession("2027–28", ACTOR, NOW);
    await members.lapseOverdue(new Date(NOW.getTime() + 31 * DAY));
    const [lapsed] = (await members.listPage(filter({ status: "past" }))).members;
    await members.setPosition(lapsed!.id, "Treasurer", ACTOR, new Date(NOW.getTime() + 35 * DAY));
    await admit(
      [await application("Returning Member", { email: "back@example.org", class: "3rd Year" })],
      new Date(NOW.getTime() + 40 * DAY),
    );
    const [member] = (await members.listPage(filter())).members;
    expect(member).toMatchObject({ session: "2027–28", status: "current" });
    const history = (await members.details(member!.id))!.history.map((entry) => entry.kind);
    expect(history).toEqual(["accepted", "lapsed", "position", "rejoined"]);
    // The new request's details are the member's now.
    expect(member).toMatchObject({ class: "3rd Year", position: null });

    // A current member stays whatever the retention; a past one goes once lapsed longer ago than it.
    await createRepos(database.db).settings.setRetentionMonths(6);
    expect((await personalData.sweep(new Date(NOW.getTime() + 400 * DAY))).members).toBe(0);
    await members.startSession("2028–29", ACTOR, new Date(NOW.getTime() + 400 * DAY));
    await members.lapseOverdue(new Date(NOW.getTime() + 431 * DAY));
    expect((await personalData.sweep(new Date(NOW.getTime() + 500 * DAY))).members).toBe(0);
    expect((await personalData.sweep(new Date(NOW.getTime() + 700 * DAY))).members).toBe(1);
    expect(await names({ status: "all" })).toEqual([]);
  });

  test("erasure by email and removal take the member with their history and mails; the join request stays on removal", async () => {
    const { members, personalData } = services();
    const requestId = await application("Erased Member", { email: "erase@example.org" });
    const kept = await application("Removed Member", { email: "removed@example.org" });
    await admit([requestId, kept]);
    await members.startSession("2027–28", ACTOR, NOW);
    expect(await personalData.findByEmail("erase@example.org")).toMatchObject({ requests: 1, members: 1, mails: 1 });
    expect(await personalData.eraseByEmail("erase@example.org", "owner-1")).toMatchObject({ requests: 1, members: 1, mails: 1 });
    const removed = (await members.listPage(filter())).members[0]!;
    expect(await members.remove(removed.id, "admin-1")).toBe(true);
    expect(await members.remove(removed.id, "admin-1")).toBe(false);
    expect(await database.db.selectFrom("members").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("memberActivity").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([]);
    expect(await database.db.selectFrom("applications").select("id").execute()).toEqual([{ id: kept }]);
  });
});
