import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { normalizeCertificateNumber } from "#core/certificates.ts";
import { publishedAnnouncement } from "#tests/shared/announcement-values.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { newId } from "#server/db/ids.ts";
import type { CertificateMail, OutboxPayload } from "#server/mail/messages.ts";
import { createLogger } from "#server/logger.ts";
import { mailFiles } from "#server/mail/mail-files.ts";
import { createRepos } from "#server/repos/index.ts";
import type { FileStorage } from "#server/storage/storage.ts";
import { certificateService } from "./certificates";
import { personalDataService, recordEraser } from "./personal-data";

/** How many images a PDF holds (the tests' site has no logo: the signature is the only one). */
async function imagesIn(pdf: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(pdf);
  return document.context
    .enumerateIndirectObjects()
    .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image")).length;
}

const STARTS = "2026-12-05T09:00:00.000Z";
const OWNER = { id: "owner-1" };
const GROUPED_NUMBER = /^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/;

describe.each(testEngines())("certificates on %s", (engine) => {
  let database: TestDatabase;
  let woken: number;
  /** The site's files, in memory: a signature image uploaded, read back to print. */
  let files: Map<string, { body: Buffer; contentType: string }>;
  const storage = {
    get: async (key: string) => files.get(key),
    put: async (key: string, body: Buffer, contentType: string) => void files.set(key, { body, contentType }),
  } as unknown as FileStorage;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    woken = 0;
    files = new Map();
  });
  afterEach(() => database.destroy());

  const service = () =>
    certificateService({
      db: database.db,
      storage,
      timeZone: "Asia/Karachi",
      // Read from the database, as the site's content is: on SQLite, inside a transaction that would wait forever.
      site: async () => {
        await database.db.selectFrom("settings").select("id").execute();
        return { siteName: "Students & Co", publicUrl: "https://society.example" };
      },
      printLogoKey: async () => undefined,
      wakeMailer: () => (woken += 1),
    });

  /** An event that started at STARTS, with Amna and Bilal checked in, Chand holding a place who did not come, Dua waiting. */
  async function eventWithAttendance(event = true) {
    const repos = createRepos(database.db);
    const id = newId();
    await repos.announcements.create(
      id,
      publishedAnnouncement({
        title: "First aid workshop",
        description: "Learn first aid in two hours",
        event: event ? { startsAt: STARTS, endsAt: null, location: "Hall 2" } : null,
        registration: { capacity: null, closesAt: null, questions: [] },
      }),
      "2026-11-01T00:00:00.000Z",
    );
    const people: Record<string, string> = {};
    for (const [name, state] of [
      ["Amna Khan", "in"],
      ["Bilal Ahmed", "in"],
      ["Chand Bibi", "absent"],
      ["Dua Noor", "waiting"],
    ] as const) {
      const registrationId = newId();
      people[name] = registrationId;
      const email = `${name.split(" ")[0]!.toLowerCase()}@example.org`;
      await repos.registrations.create({
        id: registrationId,
        announcementId: id,
        name,
        email,
        phone: "03001234567",
        class: "",
        answers: "[]",
        submissionKey: null,
        createdAt: STARTS,
        confirmTokenHash: null,
        confirmExpiresAt: null,
      });
      await repos.registrations.confirm(registrationId, id, state === "waiting" ? "waiting" : "registered");
      if (state === "in") await repos.registrations.checkIn(registrationId, STARTS, "Sara");
    }
    return { id, people };
  }

  const mails = async () =>
    (await database.db.selectFrom("mailOutbox").select(["kind", "payload", "recordId"]).orderBy("createdAt").orderBy("id").execute()).map(
      (row) => ({ kind: row.kind, recordId: row.recordId, payload: JSON.parse(row.payload) as OutboxPayload }),
    );

  test("issued once the event has started, to those checked in only, each once, with a mail; refused before, or with no signatory", async () => {
    const certificates = service();
    const { id } = await eventWithAttendance();
    const options = { role: "Participant" as const, hours: "2" };
    const before = new Date("2026-12-05T08:59:00.000Z");
    const after = new Date("2026-12-05T12:00:00.000Z");

    expect(await certificates.issue(id, options, OWNER, after)).toEqual({ ok: false, reason: "no-signatory" });
    await certificates.setSignatory({ name: "Dr Hina Shah", title: "President" }, OWNER);
    expect(await certificates.issue(id, options, OWNER, before)).toEqual({ ok: false, reason: "not-started" });
    expect(await certificates.issue(newId(), options, OWNER, after)).toEqual({ ok: false, reason: "missing" });
    expect(await certificates.issue((await eventWithAttendance(false)).id, options, OWNER, after)).toEqual({
      ok: false,
      reason: "no-event",
    });

    expect(await certificates.issue(id, options, OWNER, after)).toEqual({ ok: true, issued: 2 });
    expect(woken).toBe(1);
    const { certificates: listed, mails: progress } = await certificates.listFor(id);
    expect(listed.map((certificate) => `${certificate.name}: ${certificate.status}`).sort()).toEqual([
      "Amna Khan: valid",
      "Bilal Ahmed: valid",
    ]);
    expect(progress).toEqual({ waiting: 2, sent: 0, dead: 0 });
    // Issuing again issues nothing new: everyone checked in has one.
    expect(await certificates.issue(id, options, OWNER, after)).toEqual({ ok: false, reason: "none" });

    const queued = await mails();
    expect(queued.map((mail) => mail.kind)).toEqual(["certificate", "certificate"]);
    const amna = listed.find((certificate) => certificate.name === "Amna Khan")!;
    const amnaMail = queued.find((mail) => mail.recordId === amna.id)!.payload;
    expect(amnaMail).toMatchObject({ kind: "certificate", to: { name: "Amna Khan", address: "amna@example.org" }, certificateId: amna.id });
    expect((amnaMail as CertificateMail).text).toContain(`https://society.example/certificates/${amna.number}`);
    const audit = await database.db.selectFrom("auditLog").select(["action", "detail"]).where("action", "like", "certificate.%").execute();
    expect(audit).toEqual([
      { action: "certificate.signatory", detail: "" },
      { action: "certificate.issue", detail: `announcement=${id} count=2` },
    ]);
  });

  test("numbers are 140 random bits in seven groups of four, read back however they are typed; the page shows only what it certifies", async () => {
    const certificates = service();
    const { id } = await eventWithAttendance();
    await certificates.setSignatory({ name: "Dr Hina Shah", title: "President" }, OWNER);
    await certificates.issue(id, { role: "Volunteer", hours: null }, OWNER, new Date("2026-12-05T12:00:00.000Z"));
    const numbers = (await certificates.listFor(id)).certificates.map((certificate) => certificate.number);
    expect(numbers).toHaveLength(2);
    expect(new Set(numbers).size).toBe(2);
    for (const number of numbers) expect(number).toMatch(GROUPED_NUMBER);

    const [number] = numbers;
    const verified = await certificates.verify(number!);
    expect(verified).toEqual({
      number,
      status: "valid",
      name: expect.any(String),
      eventTitle: "First aid workshop",
      dateText: "5 December 2026",
      role: "Volunteer",
    });
    for (const typed of [number!.toLowerCase(), number!.replaceAll("-", ""), ` ${number!.replaceAll("-", " ")} `]) {
      expect(await certificates.verify(typed), typed).toEqual(verified);
    }
    expect(normalizeCertificateNumber(number!.replaceAll("0", "o").replaceAll("1", "l"))).toBe(number);
    for (const made of ["", "not a number", number!.slice(0, -1), `${number!}X`])
      expect(await certificates.verify(made), made).toBeUndefined();
  });

  test("reissued with a corrected name under a new number (the old reads as replaced), or revoked; only a valid one, only its event's; the PDF mails only while valid", async () => {
    const certificates = service();
    const { id } = await eventWithAttendance();
    const other = (await eventWithAttendance()).id;
    await certificates.setSignatory({ name: "Dr Hina Shah", title: "President" }, OWNER);
    await certificates.issue(id, { role: null, hours: null }, OWNER, new Date("2026-12-05T12:00:00.000Z"));
    const [first, second] = (await certificates.listFor(id)).certificates;

    expect(await certificates.reissue(other, first!.id, "Amna Khan Yousafzai", OWNER)).toBe(false);
    expect(await certificates.reissue(id, first!.id, "Amna Khan Yousafzai", OWNER)).toBe(true);
    expect(await certificates.reissue(id, first!.id, "Again", OWNER)).toBe(false);
    expect((await certificates.verify(first!.number))?.status).toBe("replaced");
    const corrected = (await certificates.listFor(id)).certificates.find(
      (certificate) => certificate.status === "valid" && certificate.id !== second!.id,
    )!;
    expect(corrected.name).toBe("Amna Khan Yousafzai");
    expect(corrected.number).not.toBe(first!.number);
    expect((await mails()).filter((mail) => mail.recordId === corrected.id)).toHaveLength(1);

    expect(await certificates.revoke(other, second!.id, OWNER)).toBe(false);
    expect(await certificates.revoke(id, second!.id, OWNER)).toBe(true);
    expect(await certificates.revoke(id, second!.id, OWNER)).toBe(false);
    expect((await certificates.verify(second!.number))?.status).toBe("revoked");
    // A mail still queued for a certificate that no longer holds goes without its PDF: the worker gives it up.
    expect(await certificates.mailablePdf(second!.id)).toBeUndefined();
    expect(await certificates.mailablePdf(first!.id)).toBeUndefined();
    const pdf = await certificates.mailablePdf(corrected.id);
    expect(pdf?.filename).toBe(`certificate-${corrected.number}.pdf`);
    expect(Buffer.from(pdf!.content).subarray(0, 5).toString()).toBe("%PDF-");
    // The admin may download any of the event's, ended ones too; not another event's.
    expect(await certificates.pdf(second!.id, id)).toBeDefined();
    expect(await certificates.pdf(second!.id, other)).toBeUndefined();

    const audit = await database.db
      .selectFrom("auditLog")
      .select("action")
      .where("action", "in", ["certificate.reissue", "certificate.revoke"])
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["certificate.reissue", "certificate.revoke"]);
  });

  test("erasing a person's data by email deletes their certificates and the mails of them: the number then verifies nothing", async () => {
    const certificates = service();
    const { id } = await eventWithAttendance();
    await certificates.setSignatory({ name: "Dr Hina Shah", title: "President" }, OWNER);
    await certificates.issue(id, { role: null, hours: null }, OWNER, new Date("2026-12-05T12:00:00.000Z"));
    const amna = (await certificates.listFor(id)).certificates.find((certificate) => certificate.name === "Amna Khan")!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-certificates-"));
    try {
      const files = mailFiles(dataDir);
      const erase = recordEraser({ db: database.db, mailFiles: files, logger: createLogger("silent") });
      const personalData = personalDataService({ db: database.db, mailFiles: files, erase, logger: createLogger("silent") });
      expect(await personalData.findByEmail("amna@example.org")).toMatchObject({ registrations: 1, certificates: 1, mails: 1 });
      expect(await personalData.eraseByEmail("amna@example.org", "admin-1")).toMatchObject({ certificates: 1, mails: 1 });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(await certificates.verify(amna.number)).toBeUndefined();
    expect((await mails()).map((mail) => mail.recordId)).not.toContain(amna.id);
    expect((await certificates.listFor(id)).certificates.map((certificate) => certificate.name)).toEqual(["Bilal Ahmed"]);
  });

  test("a signature image is kept as a PNG, never at a public key, and printed on the certificates issued after; a file that is no image is refused", async () => {
    const certificates = service();
    const { id } = await eventWithAttendance();
    const drawn = await sharp({ create: { width: 1600, height: 600, channels: 4, background: { r: 0, g: 0, b: 120, alpha: 0.8 } } })
      .jpeg()
      .toBuffer();
    expect(
      await certificates.setSignatory({ name: "Dr Hina Shah", title: "President", signature: new TextEncoder().encode("<svg/>") }, OWNER),
    ).toEqual({
      ok: false,
      message: "The signature must be a PNG, JPEG or WebP image of at most 25 megapixels",
    });
    expect(await certificates.signatory()).toBeNull();
    expect(await certificates.setSignatory({ name: "Dr Hina Shah", title: "President", signature: drawn }, OWNER)).toEqual({ ok: true });
    expect(await certificates.signatory()).toEqual({ name: "Dr Hina Shah", title: "President", hasSignature: true });
    const [key, kept] = [...files][0]!;
    expect(key).toMatch(/^private\/certificate-signatures\/[0-9a-f-]{36}\.png$/);
    expect(await sharp(kept.body).metadata()).toMatchObject({ format: "png", width: 1067, height: 400 });

    await certificates.issue(id, { role: null, hours: null }, OWNER, new Date("2026-12-05T12:00:00.000Z"));
    const [first] = (await certificates.listFor(id)).certificates;
    expect(await imagesIn((await certificates.pdf(first!.id))!.content)).toBe(1);
    // Taken off: certificates issued later print none; those issued before keep theirs.
    expect(await certificates.setSignatory({ name: "Dr Hina Shah", title: "President", removeSignature: true }, OWNER)).toEqual({
      ok: true,
    });
    expect(await certificates.signatory()).toMatchObject({ hasSignature: false });
    await certificates.reissue(id, first!.id, "Amna Khan Yousafzai", OWNER);
    const reissued = (await certificates.listFor(id)).certificates.find((certificate) => certificate.name === "Amna Khan Yousafzai")!;
    expect(await imagesIn((await certificates.pdf(reissued.id))!.content)).toBe(1);
    await certificates.revoke(id, reissued.id, OWNER);
    const [bilal] = (await certificates.listFor(id)).certificates.filter((certificate) => certificate.name === "Bilal Ahmed");
    await certificates.revoke(id, bilal!.id, OWNER);
    await certificates.issue(id, { role: null, hours: null }, OWNER, new Date("2026-12-05T12:00:00.000Z"));
    const unsigned = (await certificates.listFor(id)).certificates.find((certificate) => certificate.status === "valid")!;
    expect(await imagesIn((await certificates.pdf(unsigned.id))!.content)).toBe(0);
  });
});
