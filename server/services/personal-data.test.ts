import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { createRepos } from "#server/repos/index.ts";
import { serializeAnswers } from "#server/repos/applications.ts";
import { personalDataService, recordEraser, retentionCutoff } from "./personal-data";
import { emailLimitKey, recipientLimitKey } from "./public-submissions";

describe("the retention cutoff", () => {
  test("is calendar months back from now", () => {
    expect(retentionCutoff(new Date("2026-11-29T10:00:00.000Z"), 24).toISOString()).toBe("2024-11-29T10:00:00.000Z");
    expect(retentionCutoff(new Date("2026-03-31T00:00:00.000Z"), 1).toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(retentionCutoff(new Date("2028-03-31T08:00:00.000Z"), 1).toISOString()).toBe("2028-02-29T08:00:00.000Z");
  });
});

describe.each(testEngines())("keeping personal data on %s", (engine) => {
  let database: TestDatabase;
  let dataDir: string;
  let service: ReturnType<typeof personalDataService>;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-personal-"));
    const files = mailFiles(dataDir);
    service = personalDataService({
      db: database.db,
      mailFiles: files,
      erase: recordEraser({ db: database.db, mailFiles: files, logger: createLogger("silent") }),
      logger: createLogger("silent"),
    });
  });
  afterEach(async () => {
    await database?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A request submitted at `at`, with its notification mail and the file the log transport wrote of it. */
  async function request(fullname: string, at: string, email?: string): Promise<{ id: string; mailId: string }> {
    const repos = createRepos(database.db);
    const id = newId();
    await repos.applications.create({
      id,
      fullname,
      class: "2nd Year",
      department: "MBBS",
      sargodhaAddress: "12 College Road",
      permanentAddress: "House 4",
      email: email ?? `${fullname.toLowerCase().replace(/ /g, ".")}@example.org`,
      phone: "03001234567",
      bloodGroup: null,
      answers: serializeAnswers([]),
      submissionKey: null,
      createdAt: at,
    });
    const mailId = await repos.mailOutbox.enqueue("join", { name: fullname, email }, new Date(at), id);
    fs.mkdirSync(mailFiles(dataDir).dir, { recursive: true });
    fs.writeFileSync(mailFiles(dataDir).fileOf(mailId), `To: society\n\nA request from ${fullname}`);
    return { id, mailId };
  }
  const names = async () =>
    (await database.db.selectFrom("applications").select("fullname").orderBy("fullname").execute()).map((row) => row.fullname);
  const files = () => fs.readdirSync(mailFiles(dataDir).dir).sort();

  test("erasing an email forgets the counters kept of it: its submissions, and the mails its mailbox was sent", async () => {
    const repos = createRepos(database.db);
    const email = "sara@example.org";
    const keys = [emailLimitKey("join", email), emailLimitKey("contact", email), recipientLimitKey(email)];
    for (const key of [...keys, recipientLimitKey("bilal@example.org")]) await repos.rateLimits.hit(key, 3, 60_000);
    await service.eraseByEmail(email, "admin-1");
    expect((await database.db.selectFrom("rateLimits").select("key").execute()).map((row) => row.key)).toEqual([
      recipientLimitKey("bilal@example.org"),
    ]);
  });

  test("erasing an email: what is held is counted, then every copy goes (rows, history, mails, files); a longer address that holds it stays", async () => {
    const repos = createRepos(database.db);
    const email = "zainab@example.org";
    const first = await request("Zainab", new Date().toISOString(), email);
    await request("Zainab Again", new Date().toISOString(), email);
    const other = await request("A Zainab", new Date().toISOString(), `a.${email}`);
    await repos.applicationActivity.record([
      { applicationId: first.id, at: new Date().toISOString(), adminEmail: "owner@example.org", kind: "note", note: "Called" },
    ]);
    const at = new Date().toISOString();
    await repos.contactMessages.create({ id: newId(), name: "Zainab", email, message: "Hi", submissionKey: null, createdAt: at });
    // A mail that names the address without being of one of its records (a registrant's, say).
    await repos.mailOutbox.enqueue("confirmation", { to: { name: "Zainab", address: email } }, new Date());

    expect(await service.findByEmail(email)).toEqual({
      requests: 2,
      messages: 1,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 3,
    });
    expect(await service.eraseByEmail(email, "admin-1")).toEqual({
      requests: 2,
      messages: 1,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 3,
    });
    expect(await service.findByEmail(email)).toEqual({
      requests: 0,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 0,
    });
    expect(await names()).toEqual(["A Zainab"]);
    expect(await database.db.selectFrom("applicationActivity").select("id").execute()).toEqual([]);
    expect(files()).toEqual([`${other.mailId}.eml`]);
    const audit = await database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).execute();
    expect(audit).toEqual([
      {
        actor: "admin-1",
        action: "personal-data.erase",
        detail: "requests=2 messages=1 registrations=0 donors=0 members=0 certificates=0 mails=3",
      },
    ]);
    if (engine === "sqlite") {
      // Nor does the database file or its log keep a byte of it.
      const { rows } = await sql<{ file: string }>`pragma database_list`.execute(database.db);
      const file = rows[0]!.file;
      for (const copy of [file, `${file}-wal`].filter((name) => fs.existsSync(name))) {
        expect(fs.readFileSync(copy).toString("latin1"), copy).not.toMatch(/(?<!a\.)zainab@example\.org/);
      }
    }
  });

  test("the sweep deletes what is older than the retention period, with its mails and their files, and only that", async () => {
    const now = new Date("2026-11-29T10:00:00.000Z");
    const old = await request("Old Applicant", "2024-11-29T09:59:59.000Z");
    const kept = await request("Kept Applicant", "2024-11-29T10:00:00.000Z");
    // A file whose mail is gone (written while it was being deleted): the sweep takes it too.
    fs.writeFileSync(mailFiles(dataDir).fileOf(newId()), "an orphan");

    expect(await service.sweep(now)).toEqual({
      requests: 1,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 1,
    });
    expect(await names()).toEqual(["Kept Applicant"]);
    expect(files()).toEqual([`${kept.mailId}.eml`]);
    expect(await database.db.selectFrom("mailOutbox").select("id").execute()).toEqual([{ id: kept.mailId }]);
    expect(old.id).not.toBe(kept.id);
  });

  test("'never' keeps everything; a shorter period set deletes at once", async () => {
    await request("Two Years Old", new Date(Date.now() - 2 * 365 * 24 * 3600_000).toISOString());
    expect(await service.setRetention(null, "admin-1")).toEqual({
      requests: 0,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 0,
    });
    expect(await service.sweep(new Date(Date.now() + 10 * 365 * 24 * 3600_000))).toEqual({
      requests: 0,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 0,
    });
    expect(await names()).toEqual(["Two Years Old"]);
    expect(await service.setRetention(12, "admin-1")).toEqual({
      requests: 1,
      messages: 0,
      registrations: 0,
      donors: 0,
      members: 0,
      certificates: 0,
      mails: 1,
    });
    expect(await service.retentionMonths()).toBe(12);
    // Audited with the months and how much went, never whose.
    const audit = await database.db.selectFrom("auditLog").select(["actor", "action", "detail"]).orderBy("at").orderBy("id").execute();
    expect(audit.map((entry) => `${entry.actor} ${entry.action} ${entry.detail}`)).toEqual([
      "admin-1 retention.set months=never",
      "admin-1 retention.set months=12",
      "admin-1 retention.sweep requests=1 messages=0 registrations=0 donors=0 members=0 certificates=0 mails=1",
    ]);
  });

  test("the daily sweep runs once a day, whichever instance asks first", async () => {
    const day = new Date("2026-11-29T03:00:00.000Z");
    const second = personalDataService({
      db: database.db,
      mailFiles: mailFiles(dataDir),
      erase: recordEraser({ db: database.db, mailFiles: mailFiles(dataDir), logger: createLogger("silent") }),
      logger: createLogger("silent"),
    });
    await service.sweepDaily(day);
    // Past keeping only now, but the day's sweep has run: another instance asking the same day leaves it.
    await request("Expired Later", "2024-11-29T02:00:00.000Z");
    await second.sweepDaily(new Date(day.getTime() + 60_000));
    await service.sweepDaily(new Date(day.getTime() + 23 * 3600_000));
    expect(await names()).toEqual(["Expired Later"]);
    // A day after the last sweep, the first to ask runs it.
    await second.sweepDaily(new Date(day.getTime() + 24 * 3600_000));
    expect(await names()).toEqual([]);
  });
});
