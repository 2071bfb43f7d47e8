import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { REGISTRATION_MESSAGES, registeredMessage } from "../../core/schemas/registration-messages";
import { testEngines } from "../shared/test-database";
import { ADMIN_ENV, auditActions, clearRateLimits, getPage, post, signIn } from "./helpers/admin";
import { freshIp, pageMessages } from "./helpers/forms";
import { type SmtpCatcher, smtpCatcher } from "./helpers/smtp-catcher";
import { freePort, siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";

/** A registration as the form sends it without JavaScript. */
function registration(name: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`,
    phone: "03001234567",
    class: "2nd Year",
    answer1: "Yes",
    submissionKey: crypto.randomUUID(),
    ...more,
  };
}

/** Text as React writes it into a page. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

/** Posts the registration form as a browser without JavaScript does: the answer is the page. */
async function register(server: TestServer, announcementId: string, fields: Record<string, string>, ip = freshIp()) {
  const response = await fetch(`${server.url}/announcement/${announcementId}/register`, {
    method: "POST",
    headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, html, ...pageMessages(html) };
}

/** An announcement that collects registrations here, made through the admin's form as the dialog sends it. */
async function createAnnouncement(server: TestServer, cookie: string, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  const values: Record<string, string> = {
    title: "First aid workshop",
    description: "Two hours of first aid with the college's trainers.",
    registration: "here",
    capacity: "2",
    eventStartsAt: "2026-12-20T10:00",
    eventLocation: "Hall 2",
    "questions[0].label": "Have you done a first aid course before?",
    "questions[0].kind": "choice",
    "questions[0].choices": "Yes\nNo",
    "questions[0].required": "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const answer = await post(server, "/admin/announcements", form, { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const row = await server.database.db
    .selectFrom("announcements")
    .select("id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

const names = async (server: TestServer, announcementId: string) =>
  (
    await server.database.db
      .selectFrom("registrations")
      .select(["name", "status"])
      .where("announcement_id", "=", announcementId)
      .orderBy("status")
      .orderBy("created_at")
      .orderBy("id")
      .execute()
  ).map((row) => `${row.name}: ${row.status}`);

describe.each(testEngines())("registrations collected on the site, on %s", (engine) => {
  let server: TestServer;
  let smtp: SmtpCatcher;
  let cookie: string;
  beforeAll(async () => {
    smtp = smtpCatcher(await freePort());
    await smtp.start();
    server = await startTestServer(engine, {
      ...ADMIN_ENV,
      TRUST_PROXY: "loopback",
      MAIL_TRANSPORT: "smtp",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Website <website@society.test>",
      MAIL_TO: "office@society.test",
      OUTBOX_POLL_MS: "100",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.stop();
  });
  beforeEach(async () => {
    await clearRateLimits(server);
    await server.database.db.deleteFrom("registrations").execute();
    await server.database.db.deleteFrom("announcements").execute();
    cookie = await signIn(server);
  });

  test("places, then the waiting list on request; each registrant mailed with the event's calendar file", async () => {
    const id = await createAnnouncement(server, cookie);
    const board = await (await getPage(server, "/announcement")).text();
    expect(board).toContain(`href="/announcement/${id}/register"`);
    const form = await (await getPage(server, `/announcement/${id}/register`)).text();
    expect(form).toContain("2 places left.");
    expect(form).toContain("Have you done a first aid course before?");

    const first = await register(server, id, registration("Amna Khan"));
    expect(first.status).toBe(200);
    expect(first.html).toContain(html(registeredMessage));
    expect((await register(server, id, registration("Bilal Ahmed"))).status).toBe(200);

    const full = await register(server, id, registration("Chand Bibi"));
    expect(full.status).toBe(409);
    expect(full.html).toContain(html(REGISTRATION_MESSAGES.full));
    expect(full.html).toContain("Join the waiting list");
    const waiting = await register(server, id, registration("Chand Bibi", { waitingList: "yes" }));
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain("waiting list (number 1)");
    expect(await names(server, id)).toEqual(["Amna Khan: registered", "Bilal Ahmed: registered", "Chand Bibi: waiting"]);

    const mail = await smtp.waitForMail('You\'re registered for "First aid workshop"');
    expect(mail.envelopeTo).toContain("amna.khan@example.org");
    expect(mail.header("subject")).toBe("Registered: First aid workshop");
    expect(mail.text).toContain("When: 20 December 2026 at 10:00");
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatchObject({ filename: "event.ics" });
    expect(mail.attachments[0]!.contentType).toContain("text/calendar");
    expect(mail.attachments[0]!.content).toContain("BEGIN:VEVENT");
    const waitingMail = await smtp.waitForMail("waiting list (number 1)");
    expect(waitingMail.envelopeTo).toContain("chand.bibi@example.org");
    expect(waitingMail.attachments).toEqual([]);
  });

  test("the server's refusals: at the field, the same email twice, a resubmission stored once, closed, no such form", async () => {
    const id = await createAnnouncement(server, cookie, { capacity: "" });
    const bad = await register(server, id, registration("", { email: "not-an-email", answer1: "Maybe" }));
    expect(bad.status).toBe(400);
    expect(bad.fields).toMatchObject({ name: "Name is required", email: "Invalid email", answer1: REGISTRATION_MESSAGES.chooseOne });
    expect(await names(server, id)).toEqual([]);

    const bot = await register(server, id, registration("Bot", { website: "https://spam.example" }));
    expect(bot).toMatchObject({ status: 400, form: REGISTRATION_MESSAGES.failure });

    const once = registration("Amna Khan");
    expect((await register(server, id, once)).status).toBe(200);
    expect((await register(server, id, once)).status).toBe(200);
    const again = await register(server, id, { ...once, submissionKey: crypto.randomUUID() });
    expect(again).toMatchObject({ status: 409, fields: { email: REGISTRATION_MESSAGES.alreadyRegistered } });
    expect(await names(server, id)).toEqual(["Amna Khan: registered"]);

    const closed = await createAnnouncement(server, cookie, { registrationClosesAt: "2020-01-01T10:00" });
    expect((await getPage(server, `/announcement/${closed}/register`)).status).toBe(200);
    expect(await (await getPage(server, `/announcement/${closed}/register`)).text()).toContain(REGISTRATION_MESSAGES.closed);
    const refused = await register(server, closed, registration("Bilal"));
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(REGISTRATION_MESSAGES.closed);
    expect(await (await getPage(server, "/announcement")).text()).not.toContain(`/announcement/${closed}/register`);

    const linked = await createAnnouncement(server, cookie, { registration: "link", url: "https://forms.gle/x" });
    expect((await getPage(server, `/announcement/${linked}/register`)).status).toBe(404);
    expect((await register(server, linked, registration("Bilal"))).status).toBe(404);
    expect((await getPage(server, `/announcement/${crypto.randomUUID()}/register`)).status).toBe(404);
  });

  test("the admin's list with counts, the CSV, and removal moving the waiting list up", async () => {
    const id = await createAnnouncement(server, cookie, { capacity: "1" });
    await register(server, id, registration("Amna Khan"));
    await register(server, id, registration('=HYPERLINK("x")', { email: "formula@example.org", waitingList: "yes" }));

    const list = await (await getPage(server, `/admin/announcements/${id}/registrations`, cookie)).text();
    expect(list).toContain("1 registered of 1 place, 1 on the waiting list.");
    expect(list).toContain("Amna Khan");
    const admin = (await (await getPage(server, "/admin-announcement", cookie)).text()).replaceAll("<!-- -->", "");
    expect(admin).toContain("Registrations (1 registered, 1 waiting)");
    expect((await getPage(server, `/admin/announcements/${id}/registrations`)).status).toBe(302);

    const csv = await getPage(server, `/admin/announcements/${id}/registrations.csv`, cookie);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="registrations-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    // Read with its byte order mark (Response.text() drops it), which spreadsheets need to read UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith("\uFEFFRegistered,Status,Name,Email,Phone,Class,Have you done a first aid course before?\r\n")).toBe(true);
    expect(text).toContain(",Registered,Amna Khan,amna.khan@example.org,");
    expect(text).toContain(`,Waiting list,"'=HYPERLINK(""x"")",`);
    expect((await getPage(server, `/admin/announcements/${id}/registrations.csv`)).status).toBe(302);

    const amna = await server.database.db
      .selectFrom("registrations")
      .select("id")
      .where("name", "=", "Amna Khan")
      .executeTakeFirstOrThrow();
    expect((await post(server, `/admin/announcements/${id}/registrations/${amna.id}/delete`)).status).toBe(401);
    const removed = await post(server, `/admin/announcements/${id}/registrations/${amna.id}/delete`, {}, { cookie });
    expect(removed.status).toBe(200);
    expect(await names(server, id)).toEqual(['=HYPERLINK("x"): registered']);
    const promoted = await smtp.waitForMail("A place opened");
    expect(promoted.header("subject")).toBe("A place opened: you're registered for First aid workshop");
    expect((await auditActions(server)).map((entry) => entry.action)).toContain("registration.remove");
    const gone = await post(server, `/admin/announcements/${id}/registrations/${amna.id}/delete`, {}, { cookie });
    expect(gone.status).toBe(404);
  });
});

const RACE_CAPACITY = 50;
const RACE_REGISTRANTS = 300;

// PostgreSQL only (two processes on one SQLite file are not how the site is run): skipped without TEST_DATABASE_URL.
describe.skipIf(!process.env.TEST_DATABASE_URL)("300 registering at once through two instances on PostgreSQL", () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    const env = { ...ADMIN_ENV, TRUST_PROXY: "loopback" };
    first = await startTestServer("postgres", env);
    second = await startTestServer("postgres", env, { shareDatabaseOf: first });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  test("exactly the capacity registered, everyone else on the waiting list in distinct places, no one lost", async () => {
    const id = await createAnnouncement(first, await signIn(first), { capacity: String(RACE_CAPACITY) });
    // One college network, as a class on its Wi-Fi; half of them reach each instance, all at once.
    const answers = await Promise.all(
      Array.from({ length: RACE_REGISTRANTS }, (_, i) =>
        register(i % 2 === 0 ? first : second, id, registration(`Student ${i}`, { waitingList: "yes" }), "203.0.113.7"),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(RACE_REGISTRANTS).fill(200));
    const positions = answers.flatMap((answer) => {
      const position = /waiting list \(number (\d+)\)/.exec(answer.html)?.[1];
      return position ? [Number(position)] : [];
    });
    expect(positions).toHaveLength(RACE_REGISTRANTS - RACE_CAPACITY);
    expect(new Set(positions).size).toBe(RACE_REGISTRANTS - RACE_CAPACITY);
    const statuses = await names(first, id);
    expect(statuses.filter((entry) => entry.endsWith(": registered"))).toHaveLength(RACE_CAPACITY);
    expect(statuses.filter((entry) => entry.endsWith(": waiting"))).toHaveLength(RACE_REGISTRANTS - RACE_CAPACITY);
    const mails = await first.database.db.selectFrom("mail_outbox").select("id").where("kind", "=", "registration").execute();
    expect(mails).toHaveLength(RACE_REGISTRANTS);
    // 300 form posts through two servers on two cores: well inside a minute alone, longer beside other work.
  }, 120_000);
});
