import { beforeAll, describe, expect, test } from "vitest";
import { site } from "#content/site.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { parseAnswers } from "#server/repos/applications.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { contactMessage, freshIp, joinApplication, pageMessages, postForm, storedCounts } from "./helpers/forms";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const FAILURE = "Something went wrong while submitting. Try again.";
/** What the page that answered a post says. */
const messagesOf = async (response: Response) => pageMessages(await response.text());

describe.each(testEngines())("join applications and contact messages on %s", (engine) => {
  // No MAIL_TRANSPORT: SMTP_URL alone selects SMTP, so the mails below reach the catcher, not files.
  const setup = useTestServer(engine, {
    smtp: true,
    env: { MAIL_TO: "office@society.test", SITE_TIMEZONE: "Asia/Karachi", TRUST_PROXY: "loopback" },
  });
  let server: TestServer;
  let smtp: SmtpCatcher;
  beforeAll(() => void ({ server, smtp } = setup));

  /** Posts and checks that nothing was stored or queued. */
  async function refused(path: "/join" | "/contact", body: Record<string, unknown>, ip = freshIp()): Promise<Response> {
    const before = await storedCounts(server);
    const response = await postForm(server, path, body, ip);
    expect(await storedCounts(server)).toEqual(before);
    return response;
  }

  test("an application posted without JavaScript ends on the thanks, and its notification arrives over SMTP with every parameter", async () => {
    const response = await postForm(server, "/join", joinApplication({ email: "  Ayesha.Khan@Example.ORG ", bloodGroup: "" }), freshIp());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you for joining us, we will contact you soon!");
    const mail = await smtp.waitForMail("Name: Ayesha Khan");
    expect(mail.envelopeTo).toEqual(["office@society.test"]);
    expect(mail.header("reply-to")).toBe("Ayesha Khan <ayesha.khan@example.org>");
    expect(mail.header("from")).toBe("Website <website@society.test>");
    for (const line of [
      "Email: ayesha.khan@example.org",
      "Phone: 03001234567",
      "Class: 2nd Year",
      "Department: MBBS",
      "Sargodha address: 12 College Road, Sargodha",
      "Permanent address: House 4, Street 9, Lahore",
      "Blood group: N/A",
      `Review it in the admin panel: ${server.url}/admin?q=ayesha.khan%40example.org`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(mail.html).toContain('<th align="left" valign="top" style="padding:4px 12px 4px 0">Sargodha address</th>');
  });

  test("join: refusals are said on the page (a field at its field, the honeypot, closed) and store nothing", async () => {
    const field = await refused("/join", joinApplication({ phone: "030012345" }));
    expect(field.status).toBe(400);
    expect(await messagesOf(field)).toEqual({ fields: { phone: "Phone number is required" } });
    const bot = await refused("/join", joinApplication({ website: "https://spam.example" }));
    expect(bot.status).toBe(400);
    expect((await messagesOf(bot)).form).toBe(FAILURE);
    await settingsRepo(server.database.db).setJoinUsVisible(false);
    try {
      const closed = await refused("/join", joinApplication());
      expect(closed.status).toBe(403);
      expect((await messagesOf(closed)).form).toBe("Applications are closed at the moment.");
    } finally {
      await settingsRepo(server.database.db).setJoinUsVisible(true);
    }
  });

  test("join: past a limit the answer is 429 with Retry-After and says how long to wait, the network's or the email's", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await postForm(server, "/join", joinApplication(), ip)).status).toBe(200);
    const network = await refused("/join", joinApplication(), ip);
    expect(network.status).toBe(429);
    const retryAfter = Number(network.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await messagesOf(network)).form).toBe(
      `Too many applications from your network. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );

    const email = `limited.${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await postForm(server, "/join", joinApplication({ email }), freshIp())).status).toBe(200);
    const daily = await refused("/join", joinApplication({ email }), freshIp());
    expect(daily.status).toBe(429);
    expect(Number(daily.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect((await messagesOf(daily)).form).toBe("Too many applications with this email today. Please try again in 24 hours.");
  });

  test("contact: refusals are said on the page and store nothing; bidirectional and other invisible controls are taken out of what is stored", async () => {
    const empty = await refused("/contact", contactMessage({ message: "  " }));
    expect(empty.status).toBe(400);
    expect((await messagesOf(empty)).form).toBe("Please fill all fields");
    expect((await messagesOf(await refused("/contact", contactMessage({ email: "nope" })))).fields).toEqual({ email: "Invalid email" });
    const bot = await refused("/contact", contactMessage({ website: "x" }));
    expect(bot.status).toBe(400);
    expect((await messagesOf(bot)).form).toBe("Something went wrong while sending the email.");
    const onlyControls = await refused("/contact", contactMessage({ name: "\u202E\u202C\u200F" }));
    expect((await messagesOf(onlyControls)).form).toBe("Please fill all fields");

    const name = "Sara \u202Egpj.exe\u202C";
    const message = "First line\nsecond \u2066line\u2069\u0007 with a bell";
    expect((await postForm(server, "/contact", contactMessage({ name, message }), freshIp())).status).toBe(200);
    const stored = await server.database.db
      .selectFrom("contactMessages")
      .select(["name", "message"])
      .orderBy("createdAt", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "Sara gpj.exe", message: "First line\nsecond line with a bell" });
  });

  test("contact: the 31st message from one network within ten minutes gets 429 with Retry-After, says how long to wait, and stores nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await postForm(server, "/contact", contactMessage(), ip)).status).toBe(200);
    const response = await refused("/contact", contactMessage(), ip);
    expect(response.status).toBe(429);
    const wait = Math.ceil(Number(response.headers.get("retry-after")) / 60);
    expect(wait).toBeGreaterThan(8);
    expect((await messagesOf(response)).form).toBe(`Too many messages from your network. Please try again in ${wait} minutes.`);
  });

  test("contact: without JavaScript (no submission key) a message ends on its thank-you page, so a reload cannot send it again", async () => {
    const before = await storedCounts(server);
    const sent = await postForm(server, "/contact", contactMessage({ submissionKey: undefined, name: "No Script" }), freshIp());
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/contact?sent");
    expect((await storedCounts(server)).contactMessages).toBe(before.contactMessages + 1);
    expect(await (await fetch(`${server.url}/contact?sent`)).text()).toContain("Thank you for contacting us! Email sent successfully.");

    const empty = await refused("/contact", contactMessage({ submissionKey: undefined, name: "" }));
    expect(empty.status).toBe(400);
    expect((await messagesOf(empty)).form).toBe("Please fill all fields");
  });

  test("join: without JavaScript each step is a post; Next checks the first step, Back keeps it, the last post stores", async () => {
    // Without JavaScript a list answer is one text, its entries separated by commas.
    const application = joinApplication({ fullname: "Step By Step", question5: "reading, cricket" });
    const basics = Object.fromEntries(Object.entries(application).filter(([name]) => !/^(question\d|submissionKey)$/.test(name)));
    const ip = freshIp();
    const incomplete = await postForm(server, "/join", { ...basics, phone: "", intent: "next" }, ip);
    expect(incomplete.status).toBe(400);
    expect(await messagesOf(incomplete)).toEqual({ fields: { phone: "Phone number is required" } });
    const questions = await postForm(server, "/join", { ...basics, intent: "next" }, ip);
    expect(questions.status).toBe(200);
    const page = await questions.text();
    expect(page).toMatch(/<form[^>]*aria-label="Join us, step 1"[^>]*hidden=""|<form[^>]*hidden=""[^>]*aria-label="Join us, step 1"/);
    expect(page).toContain('type="hidden" name="fullname" value="Step By Step"');
    const back = await postForm(server, "/join", { ...basics, intent: "back" }, ip);
    expect(await back.text()).toContain('value="Step By Step"');
    const joined = await postForm(server, "/join", { ...application, intent: "submit" }, ip);
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("Thank you for joining us, we will contact you soon!");
    const row = await server.database.db
      .selectFrom("applications")
      .select("answers")
      .where("submissionKey", "=", String(application.submissionKey))
      .executeTakeFirstOrThrow();
    expect(parseAnswers(row.answers)[4]).toEqual({ question: site.joinQuestions[4], answer: "reading, cricket" });
  });
});
