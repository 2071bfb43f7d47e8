import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { configProblems } from "#tests/shared/config-problems.ts";
import { parseConfig } from "#server/config.ts";
import { createLogger } from "#server/logger.ts";
import { adminLink, headerSafe, renderMail } from "./messages";
import { backoffMs } from "./outbox-worker";
import { MailDeliveryError } from "./delivery-error";
import { classifyEmailJsStatus, classifySmtpError, createMailTransport } from "./transports";

/** Where the notifications go in these tests. */
const NOTIFY = "committee@example.org";

const joinPayload = {
  kind: "join" as const,
  replyTo: { name: "Ayesha\r\nBcc: x@example.org", address: "ayesha@example.org" },
  params: {
    name: "Ayesha\r\nBcc: x@example.org",
    email: "ayesha@example.org",
    phone: "03001234567",
    class: "2nd Year",
    department: "MBBS",
    sargodhaAddress: "12 College Road",
    permanentAddress: "House 4",
    bloodGroup: "N/A",
    time: "23 November 2026 at 15:04",
    website_link: "https://society.example.org/admin",
  },
};

describe("mail messages", () => {
  test("the join mail carries every template parameter by the spec's names", () => {
    expect(Object.keys(renderMail(joinPayload, NOTIFY).templateParams)).toEqual([
      "name",
      "email",
      "phone",
      "class",
      "department",
      "sargodhaAddress",
      "permanentAddress",
      "bloodGroup",
      "time",
      "website_link",
    ]);
  });

  test("no line break survives into the subject, the Reply-To name or a one-line field of the body", () => {
    const mail = renderMail(joinPayload, NOTIFY);
    expect(mail.subject).toBe("New join application: Ayesha Bcc: x@example.org");
    expect(mail.replyTo).toEqual({ name: "Ayesha Bcc: x@example.org", address: "ayesha@example.org" });
    expect(mail.text).toContain("Name: Ayesha Bcc: x@example.org\n");
    expect(headerSafe("a\u2028b\u0000c")).toBe("a b c");
  });

  test("HTML is escaped; the contact message keeps its line breaks", () => {
    const mail = renderMail(
      {
        kind: "contact",
        replyTo: { name: "<b>Sara</b>", address: "sara@example.org" },
        params: { name: "<b>Sara</b>", email: "sara@example.org", time: "now", message: "line 1\r\nline 2" },
      },
      NOTIFY,
    );
    expect(mail.html).toContain("&lt;b&gt;Sara&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Sara</b>");
    expect(mail.text).toContain("Message: \nline 1\nline 2");
    // Queued before the inbox existed: no link to it.
    expect(mail.text).not.toContain("admin area");
  });

  test("the test mail says what it is, and carries the contact template's parameters for EmailJS", () => {
    const mail = renderMail(
      { kind: "test", params: { time: "29 November 2026 at 10:00" }, replyTo: { name: "Admin", address: "owner@example.org" } },
      NOTIFY,
    );
    expect(mail.subject).toBe("Test mail from the society website");
    expect(mail.text).toContain("This is a test mail, sent from the admin area.");
    expect(mail.text).toContain("Sent: 29 November 2026 at 10:00");
    expect(Object.keys(mail.templateParams).sort()).toEqual(["email", "message", "name", "time"]);
  });

  test("the confirmation goes to the applicant as written, replying to the notification address (as MAIL_TO gives it)", () => {
    const mail = renderMail(
      {
        kind: "confirmation",
        to: { name: "Ayesha\r\nBcc: x@example.org", address: "ayesha@example.org" },
        society: "SMS",
        subject: "We received your application\r\nBcc: x@example.org",
        text: "Dear <Ayesha>,\r\n\r\nThank you.",
      },
      NOTIFY,
    );
    expect(mail.to).toEqual({ name: "Ayesha Bcc: x@example.org", address: "ayesha@example.org" });
    expect(mail.replyTo).toBe(NOTIFY);
    expect(mail.subject).toBe("We received your application Bcc: x@example.org");
    expect(mail.text).toBe("Dear <Ayesha>,\n\nThank you.\n");
    expect(mail.html).toContain("Dear &lt;Ayesha&gt;,\n\nThank you.");
    // Its direction follows its first letter: an Urdu mail reads right to left.
    expect(mail.html).toContain('<p dir="auto"');
    expect(Object.keys(mail.templateParams).sort()).toEqual(["message", "reply_to", "subject", "to_name"]);
    const committee = "Committee <committee@example.org>, secretary@example.org";
    expect(
      renderMail({ kind: "confirmation", to: { name: "", address: "a@example.org" }, society: "SMS", subject: "s", text: "t" }, committee)
        .replyTo,
    ).toBe(committee);
  });

  test("while there is no notification address, notifications wait (a transient failure) and confirmations go without Reply-To", () => {
    expect(() => renderMail(joinPayload, undefined)).toThrow(
      expect.objectContaining({ reason: "no notification address", permanent: false }),
    );
    const confirmation = {
      kind: "confirmation" as const,
      to: { name: "Sara", address: "sara@example.org" },
      society: "SMS",
      subject: "s",
      text: "t",
    };
    expect(renderMail(confirmation, undefined).replyTo).toBeUndefined();
  });

  test("a contact mail links to its sender's messages in the inbox", () => {
    const link = adminLink("https://society.example.org", "/admin/messages", "sara+1@example.org");
    expect(link).toBe("https://society.example.org/admin/messages?q=sara%2B1%40example.org");
    const mail = renderMail(
      {
        kind: "contact",
        replyTo: { name: "Sara", address: "sara+1@example.org" },
        params: { name: "Sara", email: "sara+1@example.org", time: "now", message: "Hello", website_link: link },
      },
      NOTIFY,
    );
    expect(mail.text).toContain(`Read it in the admin area: ${link}`);
    expect(mail.html).toContain(`<a href="${link}">Read it in the admin area</a>`);
  });
});

describe("delivery failures", () => {
  test("exponential backoff with jitter, within the upper half of base × 2^(attempt − 1), capped", () => {
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(500);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1000);
    expect(backoffMs(4, 1000, 60_000, () => 1)).toBe(8000);
    expect(backoffMs(20, 1000, 60_000, () => 1)).toBe(60_000);
    expect(backoffMs(20, 1000, 60_000, () => 0)).toBe(30_000);
  });

  test.each([
    [{ responseCode: 451 }, "SMTP 451", false],
    [{ responseCode: 421 }, "SMTP 421", false],
    [{ responseCode: 550 }, "SMTP 550", true],
    [{ responseCode: 535, code: "EAUTH" }, "SMTP 535", true],
    [{ code: "ESOCKET", cause: { code: "ECONNREFUSED" } }, "ECONNREFUSED", false],
    [{ code: "ETIMEDOUT" }, "ETIMEDOUT", false],
    [new Error("???"), "unknown error", false],
  ])("SMTP failure %j is %s (permanent: %s)", (error, reason, permanent) => {
    expect(classifySmtpError(error)).toMatchObject({ reason, permanent });
  });

  test.each([
    [451, true],
    [403, true],
    [400, true],
    [429, false],
    [500, false],
    [503, false],
  ])("EmailJS status %i is permanent: %s", (status, permanent) => {
    expect(classifyEmailJsStatus(status)).toMatchObject({ reason: `EmailJS ${status}`, permanent });
  });
});

describe("the EmailJS transport", () => {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function fakeEmailJs(status: number, env: Record<string, string> = {}) {
    const requests: unknown[] = [];
    const server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        requests.push(JSON.parse(body));
        res.writeHead(status, { "Content-Type": "text/plain" }).end(status === 200 ? "OK" : "nope");
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.0/email/send`;
    const config = parseConfig({
      MAIL_TRANSPORT: "emailjs",
      EMAILJS_URL: url,
      EMAILJS_SERVICE_ID: "service_1",
      EMAILJS_TEMPLATE_ID_JOIN: "template_join",
      EMAILJS_TEMPLATE_ID_CONTACT: "template_contact",
      EMAILJS_PUBLIC_KEY: "public_key",
      EMAILJS_PRIVATE_KEY: "private_key",
      ...env,
    });
    return { requests, transport: createMailTransport(config.mail, "/nonexistent", createLogger("silent")) };
  }

  test("posts the spec's payload: service id, template id, user id, template params and the access token", async () => {
    const { requests, transport } = await fakeEmailJs(200);
    await transport.send(renderMail(joinPayload, NOTIFY), "job-1");
    expect(requests).toEqual([
      {
        service_id: "service_1",
        template_id: "template_join",
        user_id: "public_key",
        // The spec's parameters, and the recipient for a template whose "To Email" is {{to_email}}.
        template_params: { ...joinPayload.params, to_email: NOTIFY },
        accessToken: "private_key",
      },
    ]);
  });

  test("a test mail goes with the contact message's template (EmailJS has none of its own for it)", async () => {
    const { requests, transport } = await fakeEmailJs(200);
    await transport.send(
      renderMail({ kind: "test", params: { time: "now" }, replyTo: { name: "Admin", address: "owner@example.org" } }, NOTIFY),
      "job-2",
    );
    expect(requests).toEqual([expect.objectContaining({ template_id: "template_contact" })]);
  });

  test("a confirmation goes with its own template, to the applicant; without that template it fails for good", async () => {
    const confirmation = renderMail(
      { kind: "confirmation", to: { name: "Sara", address: "sara@example.org" }, society: "SMS", subject: "Received", text: "Thanks" },
      NOTIFY,
    );
    const { requests, transport } = await fakeEmailJs(200, { EMAILJS_TEMPLATE_ID_CONFIRMATION: "template_confirmation" });
    await transport.send(confirmation, "job-3");
    expect(requests).toEqual([
      expect.objectContaining({
        template_id: "template_confirmation",
        template_params: { to_name: "Sara", to_email: "sara@example.org", subject: "Received", message: "Thanks", reply_to: NOTIFY },
      }),
    ]);
    const withoutTemplate = await fakeEmailJs(200);
    const error = await withoutTemplate.transport.send(confirmation, "job-4").catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "EmailJS template not set", permanent: true });
    expect(withoutTemplate.requests).toEqual([]);
  });

  test("a registrant's mail: the ticket's link in its text, its QR code shown and attached; one queued before tickets as it was written", () => {
    const link = "https://society.example/ticket?token=t";
    const to = { name: "Sara", address: "sara@example.org" };
    const mail = renderMail(
      { kind: "registration", to, subject: "Registered", before: "Hello,", after: "Bye", calendar: null },
      NOTIFY,
      link,
    );
    expect(mail.text).toBe(`Hello,\n${link}\nBye\n`);
    expect(mail.attachments).toEqual([
      { filename: "ticket.png", contentType: "image/png", content: expect.any(Buffer), cid: "ticket-qr", contentDisposition: "attachment" },
    ]);
    expect(mail.html).toContain('<img src="cid:ticket-qr" alt="Your ticket\'s QR code"');
    // The QR code described in the mail's own language, where its template says it.
    const inUrdu = { kind: "registration" as const, to, subject: "رجسٹریشن", before: "السلام علیکم،", after: "", calendar: null };
    expect(renderMail({ ...inUrdu, qrAlt: "آپ کے ٹکٹ کا QR کوڈ" }, NOTIFY, link).html).toContain('alt="آپ کے ٹکٹ کا QR کوڈ"');
    expect(() =>
      renderMail({ kind: "registration", to, subject: "Registered", before: "Hello,", after: "Bye", calendar: null }, NOTIFY, null),
    ).toThrow("link already wiped");

    const older = renderMail({ kind: "registration", to, subject: "Registered", text: "Hello,\nBye", calendar: "BEGIN:VCALENDAR" }, NOTIFY);
    expect(older.text).toBe("Hello,\nBye\n");
    expect(older.attachments?.map((file) => file.filename)).toEqual(["event.ics"]);
  });

  test("a registrant's 'Confirm your place' goes with the confirmation template, to the registrant, its link put back in its text", async () => {
    const { requests, transport } = await fakeEmailJs(200, { EMAILJS_TEMPLATE_ID_CONFIRMATION: "template_confirmation" });
    const link = "https://society.example/announcement/a1/confirm?token=t";
    const payload = { to: { name: "", address: "sara@example.org" }, subject: "Confirm your place", before: "Hello,", after: "Bye" };
    const mail = renderMail({ kind: "registration-confirm", ...payload }, NOTIFY, link);
    expect(mail).toMatchObject({ kind: "registration-confirm", to: { name: "", address: "sara@example.org" }, replyTo: NOTIFY });
    expect(mail.text).toBe(`Hello,\n${link}\nBye\n`);
    // Wiped once sent or dead: such a mail is never sent again.
    expect(() => renderMail({ kind: "registration-confirm", ...payload }, NOTIFY, null)).toThrow("link already wiped");
    await transport.send(mail, "job-5");
    expect(requests).toEqual([
      expect.objectContaining({
        template_id: "template_confirmation",
        template_params: expect.objectContaining({ to_email: "sara@example.org" }),
      }),
    ]);
  });

  test.each([
    [451, true],
    [403, true],
    [429, false],
  ])("an answer %i fails the delivery (permanent: %s)", async (status, permanent) => {
    const { transport } = await fakeEmailJs(status);
    const error = await transport.send(renderMail(joinPayload, NOTIFY), "job-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(error).toMatchObject({ reason: `EmailJS ${status}`, permanent });
  });
});

describe("mail configuration", () => {
  test("the log transport by default, Asia/Karachi time, and outbox timings", () => {
    const { mail, trustProxy, siteTimeZone } = parseConfig({});
    expect(mail.transport).toEqual({ kind: "log" });
    expect(siteTimeZone).toBe("Asia/Karachi");
    expect(mail.outbox).toEqual({ pollMs: 2000, backoffBaseMs: 30_000, backoffMaxMs: 3_600_000, maxAttempts: 10, leaseMs: 120_000 });
    expect(trustProxy).toBe(false);
  });

  test("SMTP needs SMTP_URL and MAIL_FROM, and says which are missing", () => {
    expect(() => parseConfig({ MAIL_TRANSPORT: "smtp" })).toThrow(
      "Missing environment variable SMTP_URL: MAIL_TRANSPORT=smtp needs it\nMissing environment variable MAIL_FROM: MAIL_TRANSPORT=smtp needs it",
    );
  });

  test("MAIL_TO is optional: without it the notifications go where the admin area says (the first admin by default)", () => {
    const config = parseConfig({ SMTP_URL: "smtp://mail.example.org:587", MAIL_FROM: "site@example.org" });
    expect(config.mail.to).toBeUndefined();
    expect(parseConfig({ MAIL_TO: "committee@example.org" }).mail.to).toBe("committee@example.org");
  });

  const smtpEnv = { SMTP_URL: "smtp://user:secret@mail.example.org:587", MAIL_FROM: "site@example.org", MAIL_TO: "committee@example.org" };
  const emailJsEnv = {
    EMAILJS_SERVICE_ID: "service",
    EMAILJS_TEMPLATE_ID_JOIN: "join",
    EMAILJS_TEMPLATE_ID_CONTACT: "contact",
    EMAILJS_PUBLIC_KEY: "public",
  };

  test("without MAIL_TRANSPORT, the service whose variables are given sends the mail", () => {
    expect(parseConfig(smtpEnv).mail.transport).toMatchObject({ kind: "smtp", url: smtpEnv.SMTP_URL });
    expect(parseConfig(emailJsEnv).mail.transport).toMatchObject({ kind: "emailjs", serviceId: "service" });
    expect(parseConfig({ ...smtpEnv, ...emailJsEnv, MAIL_TRANSPORT: "emailjs" }).mail.transport).toMatchObject({ kind: "emailjs" });
  });

  test("SMTP_URL without MAIL_TRANSPORT still needs MAIL_FROM, and says why", () => {
    expect(() => parseConfig({ SMTP_URL: smtpEnv.SMTP_URL })).toThrow(
      "Missing environment variable MAIL_FROM: mail by SMTP (SMTP_URL is set) needs it",
    );
  });

  test.each([
    [{ ...smtpEnv, MAIL_TRANSPORT: "log" }, "MAIL_TRANSPORT=log writes mail to files, but SMTP_URL is set: set MAIL_TRANSPORT to smtp"],
    [{ EMAILJS_PUBLIC_KEY: "public", MAIL_TRANSPORT: "log" }, "MAIL_TRANSPORT=log writes mail to files, but EMAILJS_PUBLIC_KEY is set"],
    [{ ...smtpEnv, ...emailJsEnv }, "Both SMTP_URL and EMAILJS_* variables are set: set MAIL_TRANSPORT to smtp or emailjs"],
  ])("a configured mail service is never silently replaced by files or by the other: %j stops the start", (env, message) => {
    const problems = configProblems(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
    expect(problems[0]).not.toContain("secret");
  });

  test.each([
    ["SITE_TIMEZONE", "Mars/Olympus", "an IANA time zone"],
    ["MAIL_TRANSPORT", "pigeon", "one of log, smtp, emailjs"],
    ["OUTBOX_POLL_MS", "0", "a number of milliseconds above 0"],
  ])("a bad %s (%s) stops the start", (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}: expected ${message}`);
  });

  test("a bad SMTP_URL is named without repeating its password", () => {
    expect(() => parseConfig({ SMTP_URL: "smpt://user:secret@host" })).toThrow(
      "Invalid environment variable SMTP_URL: expected an smtp://",
    );
    expect(() => parseConfig({ SMTP_URL: "smpt://user:secret@host" })).not.toThrow(/secret/);
  });
});
