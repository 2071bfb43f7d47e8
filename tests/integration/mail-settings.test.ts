import { beforeEach, describe, expect, test } from "vitest";
import { site } from "#content/site.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, postToPage } from "./helpers/admin";
import { freshIp, joinApplication, postForm, storedId, waitFor } from "./helpers/forms";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The applicant's address as the form stores it (the helper pads and capitalises it, as people type). */
const storedEmail = (application: Record<string, unknown>) => String(application.email).trim().toLowerCase();

describe.each(answerTestEngines())("mail settings in the admin area on %s", (engine) => {
  // No MAIL_TO: the notifications go to the first admin until the admin area says otherwise.
  const setup = useTestServer(engine, { smtp: true, signedIn: true, env: { TRUST_PROXY: "loopback" } });
  let smtp: SmtpCatcher;
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ smtp, server, cookie } = setup);
    await postToPage(server, "/admin/mail", { intent: "notification-address", notificationEmail: "" }, { cookie });
    await postToPage(
      server,
      "/admin/mail",
      { intent: "confirmation", enabled: "on", subject: "Received, {name}", text: "Dear {name},\nwe have it." },
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

  // The settings' rules (where notifications go, the wording, a name not repeated, the form's messages) are
  // server/services/mail-settings.test.ts; here they reach real mails.
  test("the notification goes to the first admin, then to the address saved here; the applicant's confirmation is worded as saved and replies to it", async () => {
    const first = await apply();
    expect(mailsTo(ADMIN.email).some((mail) => mail.text.includes(`Email: ${first.email}`))).toBe(true);
    const confirmation = await waitFor(async () => mailsTo(first.email)[0]);
    expect(confirmation.header("subject")).toBe("Received, Ayesha Khan");
    expect(confirmation.text.replace(/\r\n/g, "\n")).toContain("Dear Ayesha Khan,\nwe have it.");
    expect(confirmation.header("reply-to")).toContain(ADMIN.email);

    const saved = await postToPage(
      server,
      "/admin/mail",
      { intent: "notification-address", notificationEmail: " Committee@Society.test " },
      { cookie },
    );
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    await postToPage(
      server,
      "/admin/mail",
      { intent: "confirmation", enabled: "on", subject: "Your application to {society}", text: "Thanks, {name}." },
      { cookie },
    );
    const second = await apply();
    expect(mailsTo("committee@society.test").map((mail) => mail.header("subject"))).toContain("New join application: Ayesha Khan");
    const worded = await waitFor(async () => mailsTo(second.email)[0]);
    expect(worded.header("subject")).toBe(`Your application to ${site.shortName}`);
    expect(worded.header("reply-to")).toContain("committee@society.test");

    // Deleting the request deletes its mails with it; switched off, an application queues the notification alone.
    expect((await postToPage(server, "/admin", { intent: "delete", id: second.id }, { cookie })).status).toBe(200);
    expect(await server.database.db.selectFrom("mailOutbox").select("kind").where("recordId", "=", second.id).execute()).toEqual([]);
    await postToPage(server, "/admin/mail", { intent: "confirmation", subject: "Received", text: "We have it." }, { cookie });
    const third = await apply();
    const queued = await server.database.db.selectFrom("mailOutbox").select("kind").where("recordId", "=", third.id).execute();
    expect(queued.map((row) => row.kind)).toEqual(["join"]);
  });
});
