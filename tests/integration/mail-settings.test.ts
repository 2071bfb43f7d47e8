import { beforeEach, describe, expect, test } from "vitest";
import { site } from "../../content/site";
import { testEngines } from "../shared/test-database";
import { ADMIN, auditActions, getPage, post } from "./helpers/admin";
import { contactMessage, freshIp, joinApplication, postForm, storedId, waitFor } from "./helpers/forms";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The applicant's address as the form stores it (the helper pads and capitalises it, as people type). */
const storedEmail = (application: Record<string, unknown>) => String(application.email).trim().toLowerCase();

describe.each(testEngines())("mail settings in the admin area on %s", (engine) => {
  // No MAIL_TO: the notifications go to the first admin until the admin area says otherwise.
  const setup = useTestServer(engine, { smtp: true, signedIn: true, env: { TRUST_PROXY: "loopback" } });
  let smtp: SmtpCatcher;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ smtp, server, cookie } = setup);
    await post(server, "/admin/mail/notification-address", { notificationEmail: "" }, { cookie });
    await post(
      server,
      "/admin/mail/confirmation",
      { enabled: "on", subject: "Received, {name}", text: "Dear {name},\nwe have it." },
      { cookie },
    );
  });

  /** Submits an application and waits for its notification; answers the applicant's address. */
  async function apply(): Promise<{ email: string; id: string }> {
    const application = joinApplication();
    expect((await postForm(server, "/join", application, freshIp())).status).toBe(200);
    const email = storedEmail(application);
    await smtp.waitForMail(`Email: ${email}`);
    return { email, id: (await storedId(server, "applications", application.submissionKey))! };
  }
  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.envelopeTo.includes(address));

  test("notifications go to the first admin by default, then to the address saved here", async () => {
    const first = await apply();
    expect(mailsTo(ADMIN.email).some((mail) => mail.text.includes(`Email: ${first.email}`))).toBe(true);

    const saved = await post(server, "/admin/mail/notification-address", { notificationEmail: " Committee@Society.test " }, { cookie });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    const second = await apply();
    expect(mailsTo("committee@society.test").map((mail) => mail.header("subject"))).toContain("New join application: Ayesha Khan");
    expect(mailsTo(ADMIN.email).some((mail) => mail.text.includes(second.email))).toBe(false);

    expect((await postForm(server, "/contact", contactMessage({ email: "sender@example.org" }), freshIp())).status).toBe(200);
    const contact = await smtp.waitForMail("Email: sender@example.org");
    expect(contact.envelopeTo).toEqual(["committee@society.test"]);

    expect(await post(server, "/admin/mail/test", {}, { cookie })).toMatchObject({
      status: 200,
      body: { ok: true, to: "committee@society.test" },
    });
    expect((await smtp.waitForMail("This is a test mail")).envelopeTo).toEqual(["committee@society.test"]);

    const page = await (await getPage(server, "/admin/mail", cookie)).text();
    expect(page).toContain("mailed to committee@society.test (set here)");
    expect((await auditActions(server)).filter((entry) => entry.action === "mail.notification-address").map((e) => e.detail)).toContain(
      "set",
    );
  });

  test("the applicant gets the confirmation as the committee wrote it, replying to the notification address", async () => {
    const { email } = await apply();
    const confirmation = await waitFor(async () => mailsTo(email)[0]);
    expect(confirmation.header("subject")).toBe("Received, Ayesha Khan");
    expect(confirmation.text.replace(/\r\n/g, "\n")).toContain("Dear Ayesha Khan,\nwe have it.");
    expect(confirmation.header("reply-to")).toContain(ADMIN.email);

    // The built-in wording names the society.
    await post(
      server,
      "/admin/mail/confirmation",
      { enabled: "on", subject: "We received your application to {society}", text: "Thank you, {name}." },
      { cookie },
    );
    const next = await apply();
    expect((await waitFor(async () => mailsTo(next.email)[0])).header("subject")).toBe(`We received your application to ${site.shortName}`);
  });

  test("a name with CR/LF and 'Bcc:' adds no header and no recipient to the confirmation, and is not repeated in it", async () => {
    const application = joinApplication({ fullname: "Mallory\r\nBcc: victim@example.org\r\nX-Injected: yes" });
    expect((await postForm(server, "/join", application, freshIp())).status).toBe(200);
    const email = storedEmail(application);
    const confirmation = await waitFor(async () => mailsTo(email)[0]);
    expect(confirmation.envelopeTo).toEqual([email]);
    const headers = confirmation.headers.map(([header]) => header);
    expect(headers).not.toContain("bcc");
    expect(headers).not.toContain("x-injected");
    // Not a name a person has: the confirmation greets the "applicant" instead of repeating it to the address typed.
    expect(confirmation.header("subject")).toBe("Received, applicant");
    expect(smtp.mails.some((mail) => mail.envelopeTo.includes("victim@example.org"))).toBe(false);
  });

  test("switched off, the applicant gets no confirmation and the committee still gets its notification", async () => {
    const off = await post(server, "/admin/mail/confirmation", { subject: "Received", text: "We have it." }, { cookie });
    expect(off).toMatchObject({ status: 200, body: { ok: true } });
    const { id, email } = await apply();
    const queued = await server.database.db.selectFrom("mail_outbox").select("kind").where("record_id", "=", id).execute();
    expect(queued.map((row) => row.kind)).toEqual(["join"]);
    expect(mailsTo(email)).toEqual([]);
    expect((await auditActions(server)).at(-1)).toMatchObject({ action: "mail.confirmation", detail: "enabled=false" });
  });

  test("deleting the request deletes its confirmation mail with it", async () => {
    const { id, email } = await apply();
    await waitFor(async () => mailsTo(email)[0]);
    const kinds = async () =>
      (await server.database.db.selectFrom("mail_outbox").select("kind").where("record_id", "=", id).execute()).map((r) => r.kind).sort();
    expect(await kinds()).toEqual(["confirmation", "join"]);
    expect((await post(server, `/admin/requests/${id}/delete`, {}, { cookie })).status).toBe(200);
    expect(await kinds()).toEqual([]);
  });

  test("bad input is refused at its field and changes nothing; without a session nothing is changed", async () => {
    const before = await server.database.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    expect(await post(server, "/admin/mail/notification-address", { notificationEmail: "committee" }, { cookie })).toMatchObject({
      status: 400,
      body: { errors: { notificationEmail: "Enter a valid email address" } },
    });
    expect(
      await post(server, "/admin/mail/confirmation", { enabled: "on", subject: "", text: "x".repeat(5001) }, { cookie }),
    ).toMatchObject({
      status: 400,
      body: { errors: { subject: "Subject is required", text: "Text must be at most 5000 characters" } },
    });
    expect(
      await post(server, "/admin/mail/confirmation", { enabled: "on", subject: "Line\r\nBcc: x@example.org", text: "ok" }, { cookie }),
    ).toMatchObject({
      status: 400,
      body: { errors: { subject: "Subject must be one line" } },
    });
    expect((await post(server, "/admin/mail/notification-address", { notificationEmail: "mallory@example.org" })).status).toBe(401);
    expect((await post(server, "/admin/mail/confirmation", { subject: "x", text: "y" })).status).toBe(401);
    expect((await getPage(server, "/admin/mail")).status).toBe(302);
    expect(await server.database.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow()).toEqual(before);
  });
});
