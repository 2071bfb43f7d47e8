import { beforeAll, describe, expect, test } from "vitest";
import { site } from "../../content/site";
import { testEngines } from "../shared/test-database";
import { parseAnswers } from "../../server/repos/applications";
import { settingsRepo } from "../../server/repos/settings";
import { contactMessage, freshIp, joinApplication, pageMessages, postForm, storedCounts, storedId, waitFor } from "./helpers/forms";
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

  test("an application is stored with its answers and the notification arrives with every parameter", async () => {
    const application = joinApplication({ email: "  Ayesha.Khan@Example.ORG ", question5: [" reading ", "cricket", "reading", ""] });
    const response = await postForm(server, "/join", application, freshIp());
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you for joining us, we will contact you soon!");
    const id = await storedId(server, "applications", application.submissionKey);

    const row = await server.database.db.selectFrom("applications").selectAll().where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      fullname: "Ayesha Khan",
      class: "2nd Year",
      department: "MBBS",
      sargodha_address: "12 College Road, Sargodha",
      permanent_address: "House 4, Street 9, Lahore",
      email: "ayesha.khan@example.org",
      phone: "03001234567",
      blood_group: "B+",
    });
    expect(parseAnswers(row.answers)).toEqual([
      { question: site.joinQuestions[0], answer: "A society built on faith and service." },
      { question: site.joinQuestions[1], answer: "To serve my fellow students." },
      { question: site.joinQuestions[2], answer: "Selfhood and striving." },
      { question: site.joinQuestions[3], answer: "I read it every morning." },
      { question: site.joinQuestions[4], answer: "reading, cricket" },
      { question: site.joinQuestions[5], answer: "Bang-e-Dra, The Alchemist" },
    ]);

    const mail = await smtp.waitForMail("Name: Ayesha Khan");
    expect(mail.envelopeTo).toEqual(["office@society.test"]);
    expect(mail.header("reply-to")).toBe("Ayesha Khan <ayesha.khan@example.org>");
    expect(mail.header("from")).toBe("Website <website@society.test>");
    for (const line of [
      "Name: Ayesha Khan",
      "Email: ayesha.khan@example.org",
      "Phone: 03001234567",
      "Class: 2nd Year",
      "Department: MBBS",
      "Sargodha address: 12 College Road, Sargodha",
      "Permanent address: House 4, Street 9, Lahore",
      "Blood group: B+",
      `Review it in the admin panel: ${server.url}/admin`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(mail.html).toContain('<th align="left" valign="top" style="padding:4px 12px 4px 0">Sargodha address</th>');
    const outbox = await server.database.db.selectFrom("mail_outbox").selectAll().execute();
    const job = outbox.find((o) => o.kind === "join" && JSON.parse(o.payload).params.email === "ayesha.khan@example.org");
    expect(JSON.parse(job!.payload).params).toEqual({
      name: "Ayesha Khan",
      email: "ayesha.khan@example.org",
      phone: "03001234567",
      class: "2nd Year",
      department: "MBBS",
      sargodhaAddress: "12 College Road, Sargodha",
      permanentAddress: "House 4, Street 9, Lahore",
      bloodGroup: "B+",
      time: expect.stringMatching(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/),
      website_link: `${server.url}/admin?q=ayesha.khan%40example.org`,
    });
    await waitFor(
      async () =>
        (await server.database.db.selectFrom("mail_outbox").select("status").where("id", "=", job!.id).executeTakeFirst())?.status ===
        "sent",
    );
  });

  test("an empty blood group is stored as none and mailed as 'N/A'", async () => {
    const application = joinApplication({ bloodGroup: "  ", fullname: "No Blood Group" });
    expect((await postForm(server, "/join", application, freshIp())).status).toBe(200);
    const id = await storedId(server, "applications", application.submissionKey);
    const row = await server.database.db.selectFrom("applications").select("blood_group").where("id", "=", id!).executeTakeFirstOrThrow();
    expect(row.blood_group).toBeNull();
    const mail = await smtp.waitForMail("Name: No Blood Group");
    expect(mail.text).toContain("Blood group: N/A");
  });

  test("a contact message is stored and its mail arrives with name, email, time, message and a link to it in the inbox", async () => {
    const response = await postForm(server, "/contact", contactMessage(), freshIp());
    expect(response.status).toBe(200);
    const rows = await server.database.db.selectFrom("contact_messages").selectAll().execute();
    expect(rows.at(-1)).toMatchObject({ name: "Sara Malik", email: "sara@example.org", message: "When is the next study circle?" });
    const mail = await smtp.waitForMail("Name: Sara Malik");
    expect(mail.header("reply-to")).toBe("Sara Malik <sara@example.org>");
    expect(mail.text).toContain("Name: Sara Malik");
    expect(mail.text).toContain("Email: sara@example.org");
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d{2}:\d{2}/);
    expect(mail.text).toContain("Message: When is the next study circle?");
    expect(mail.text).toContain(`Read it in the admin area: ${server.url}/admin/messages?q=sara%40example.org`);
  });

  test.each([
    ["fullname", "", "Name is required"],
    ["fullname", "   ", "Name is required"],
    ["fullname", "x".repeat(101), "Name must be at most 100 characters"],
    ["class", "", "Class is required"],
    ["class", "x".repeat(51), "Class must be at most 50 characters"],
    ["department", "", "Department is required"],
    ["department", "x".repeat(101), "Department must be at most 100 characters"],
    ["sargodhaAddress", "", "Street address is required"],
    ["sargodhaAddress", "x".repeat(301), "Street address must be at most 300 characters"],
    ["permanentAddress", "", "Permanent address is required"],
    ["permanentAddress", "x".repeat(301), "Permanent address must be at most 300 characters"],
    ["email", "", "Invalid email"],
    ["email", "not-an-email", "Invalid email"],
    ["email", `${"x".repeat(250)}@example.org`, "Email must be at most 254 characters"],
    ["phone", "", "Phone number is required"],
    ["phone", "030012345", "Phone number is required"],
    ["phone", "0".repeat(21), "Phone number must be at most 20 characters"],
    ["bloodGroup", "x".repeat(11), "Blood group must be at most 10 characters"],
    ["question1", "", "This question is required"],
    ["question2", " ", "This question is required"],
    ["question3", "", "This question is required"],
    ["question4", "", "This question is required"],
    ["question4", "x".repeat(2001), "Answer must be at most 2000 characters"],
    ["question5", [], "This question is required"],
    ["question6", [], "This question is required"],
    ["question6", ["x".repeat(101)], "Each entry must be at most 100 characters"],
  ])("join: %s = %j is refused with '%s' and stores nothing", async (field, value, message) => {
    const response = await refused("/join", joinApplication({ [field]: value }));
    expect(response.status).toBe(400);
    expect(await messagesOf(response)).toEqual({ fields: { [field]: message } });
  });

  test("join: the honeypot filled in is refused and stores nothing", async () => {
    const response = await refused("/join", joinApplication({ website: "https://spam.example" }));
    expect(response.status).toBe(400);
    expect((await messagesOf(response)).form).toBe(FAILURE);
  });

  test("join: refused with a clear message while Join Us is hidden", async () => {
    await settingsRepo(server.database.db).setJoinUsVisible(false);
    try {
      const response = await refused("/join", joinApplication());
      expect(response.status).toBe(403);
      expect((await messagesOf(response)).form).toBe("Applications are closed at the moment.");
    } finally {
      await settingsRepo(server.database.db).setJoinUsVisible(true);
    }
  });

  /** Posts `count` applications (each from its own applicant), expecting every one to be taken. */
  async function applyTimes(count: number, ip: () => string): Promise<void> {
    for (let i = 0; i < count; i++) expect((await postForm(server, "/join", joinApplication(), ip())).status).toBe(200);
  }

  test("join: one network may send 30 applications in ten minutes; the 31st gets 429, says how long to wait, and stores nothing", async () => {
    const ip = freshIp();
    await applyTimes(30, () => ip);
    const response = await refused("/join", joinApplication(), ip);
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await messagesOf(response)).form).toBe(
      `Too many applications from your network. Please try again in ${Math.ceil(retryAfter / 60)} minutes.`,
    );
    expect((await postForm(server, "/join", joinApplication(), freshIp())).status).toBe(200);
  });

  test("join: IPv6 clients count by their /64, so stepping through one network's addresses does not reset the limit", async () => {
    const network = `2001:db8:${(Date.now() % 0xffff).toString(16)}:7`;
    let host = 0;
    await applyTimes(30, () => `${network}::${(host += 1).toString(16)}`);
    expect((await refused("/join", joinApplication(), `${network}:9f3c:55aa:1:2`)).status).toBe(429);
    expect((await postForm(server, "/join", joinApplication(), `${network.replace(/:7$/, ":8")}::1`)).status).toBe(200);
  });

  test("join: a submission sent again (one submission key) counts once against the limit", async () => {
    const ip = freshIp();
    const resent = joinApplication({ fullname: "Sent Three Times" });
    for (let i = 0; i < 3; i++) expect((await postForm(server, "/join", resent, ip)).status).toBe(200);
    await applyTimes(29, () => ip);
    expect((await refused("/join", joinApplication(), ip)).status).toBe(429);
  });

  test("join: one email may apply 3 times a day from anywhere; the 4th is refused at once, saying so, and stores nothing", async () => {
    const email = `limited.${Date.now()}@example.org`;
    for (let i = 0; i < 3; i++) expect((await postForm(server, "/join", joinApplication({ email }), freshIp())).status).toBe(200);
    const response = await refused("/join", joinApplication({ email: ` ${email.toUpperCase()} ` }), freshIp());
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    expect((await messagesOf(response)).form).toBe("Too many applications with this email today. Please try again in 24 hours.");
  });

  test("join: a second application from one email within 30 days is taken and marked as a possible duplicate", async () => {
    const email = `twice.${Date.now()}@example.org`;
    const first = joinApplication({ email });
    const second = joinApplication({ email });
    for (const application of [first, second]) expect((await postForm(server, "/join", application, freshIp())).status).toBe(200);
    const marks = async (application: Record<string, unknown>) =>
      (
        await server.database.db
          .selectFrom("applications")
          .select("possible_duplicate")
          .where("id", "=", (await storedId(server, "applications", application.submissionKey))!)
          .executeTakeFirstOrThrow()
      ).possible_duplicate;
    expect(await marks(first)).toBe(0);
    expect(await marks(second)).toBe(1);
  });

  test("join: a double click (the same submission twice at once) stores one application and its two mails once", async () => {
    const before = await storedCounts(server);
    const application = joinApplication({ fullname: "Double Click" });
    const ip = freshIp();
    const responses = await Promise.all([postForm(server, "/join", application, ip), postForm(server, "/join", application, ip)]);
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    // The notification and the applicant's confirmation.
    const once = { ...before, applications: before.applications + 1, outbox: before.outbox + 2 };
    expect(await storedCounts(server)).toEqual(once);
    const retry = await postForm(server, "/join", application, ip);
    expect(retry.status).toBe(200);
    expect(await storedCounts(server)).toEqual(once);
    await smtp.waitForMail("Name: Double Click");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.text.includes("Name: Double Click"))).toHaveLength(1);
  });

  test("a form body over 64 KB is refused with 413 before it is read", async () => {
    const response = await refused("/join", joinApplication({ question1: "x".repeat(70 * 1024) }));
    expect(response.status).toBe(413);
  });

  test.each([
    ["name", ""],
    ["email", ""],
    ["message", "  "],
  ])("contact: an empty %s gives 'Please fill all fields' and stores nothing", async (field, value) => {
    const response = await refused("/contact", contactMessage({ [field]: value }));
    expect(response.status).toBe(400);
    expect((await messagesOf(response)).form).toBe("Please fill all fields");
  });

  test("contact: an invalid email, an over-long message and the honeypot are refused and store nothing", async () => {
    expect((await messagesOf(await refused("/contact", contactMessage({ email: "nope" })))).fields).toEqual({ email: "Invalid email" });
    expect((await messagesOf(await refused("/contact", contactMessage({ message: "x".repeat(5001) })))).fields).toEqual({
      message: "Message must be at most 5000 characters",
    });
    const bot = await refused("/contact", contactMessage({ website: "x" }));
    expect(bot.status).toBe(400);
    expect((await messagesOf(bot)).form).toBe("Something went wrong while sending the email.");
  });

  test("contact: bidirectional and other invisible controls are taken out of what is stored; a name of nothing else is refused", async () => {
    const name = "Sara \u202Egpj.exe\u202C";
    const message = "First line\nsecond \u2066line\u2069\u0007 with a bell";
    expect((await postForm(server, "/contact", contactMessage({ name, message }), freshIp())).status).toBe(200);
    const stored = await server.database.db
      .selectFrom("contact_messages")
      .select(["name", "message"])
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: "Sara gpj.exe", message: "First line\nsecond line with a bell" });
    const onlyControls = await refused("/contact", contactMessage({ name: "\u202E\u202C\u200F" }));
    expect((await messagesOf(onlyControls)).form).toBe("Please fill all fields");
  });

  test("contact: the 31st message from one network within ten minutes gets 429, says how long to wait, and stores nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) expect((await postForm(server, "/contact", contactMessage(), ip)).status).toBe(200);
    const response = await refused("/contact", contactMessage(), ip);
    expect(response.status).toBe(429);
    const wait = Math.ceil(Number(response.headers.get("retry-after")) / 60);
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
    const {
      submissionKey,
      question1,
      question2,
      question3,
      question4,
      question5: _lists,
      question6,
      ...basics
    } = joinApplication({
      fullname: "Step By Step",
    });
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
    const answers = { question1, question2, question3, question4, question5: "reading, cricket", question6 };
    const joined = await postForm(server, "/join", { ...basics, ...answers, submissionKey, intent: "submit" }, ip);
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain("Thank you for joining us, we will contact you soon!");
    const row = await server.database.db
      .selectFrom("applications")
      .select("answers")
      .where("submission_key", "=", String(submissionKey))
      .executeTakeFirstOrThrow();
    expect(parseAnswers(row.answers)[4]).toEqual({ question: site.joinQuestions[4], answer: "reading, cricket" });
  });
});
