import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { testEngines } from "#tests/shared/test-database.ts";
import { mailOutboxRepo } from "#server/repos/mail-outbox.ts";
import { ADMIN, auditActions, post, postToPage, signIn } from "./helpers/admin";
import { contactMessage, freshIp, joinApplication, postForm, storedCounts, waitFor } from "./helpers/forms";
import { waitForEveryDeliveryAttempt } from "./helpers/outbox";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import { startTestServer, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** Fast outbox timings, so retries after a failure happen within the test. */
const FAST_OUTBOX = {
  OUTBOX_POLL_MS: "50",
  OUTBOX_BACKOFF_BASE_MS: "100",
  OUTBOX_BACKOFF_MAX_MS: "400",
  OUTBOX_MAX_ATTEMPTS: "1000",
  TRUST_PROXY: "loopback",
};

const SMTP_SETTINGS = { MAIL_TRANSPORT: "smtp", SMTP_TIMEOUT_MS: "2000", MAIL_TO: "office@society.test", ...FAST_OUTBOX };

async function outboxRows(server: TestServer) {
  return server.database.db.selectFrom("mailOutbox").selectAll().orderBy("createdAt").execute();
}

/** Posts the same application to each address in turn, five per client address (the per-IP limit). */
async function submitApplications(servers: TestServer[], count: number, tag: string): Promise<void> {
  let ip = freshIp();
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) ip = freshIp();
    const response = await postForm(servers[i % servers.length]!, "/join", joinApplication({ fullname: `${tag} ${i}` }), ip);
    expect(response.status).toBe(200);
  }
}

describe.each(testEngines())("mail delivery on %s", (engine) => {
  const setup = useTestServer(engine, { smtp: true, env: SMTP_SETTINGS });
  let smtp: SmtpCatcher;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, smtp } = setup);
    // These tests follow the notifications through the outbox: the applicant's confirmation is off (it has its own
    // tests in mail-settings.test.ts), so each application makes one mail.
    const answer = await postToPage(
      server,
      "/admin/mail",
      { intent: "confirmation", subject: "Received", text: "We have it." },
      { cookie: await signIn(server) },
    );
    expect(answer.status).toBe(200);
  });

  test("SMTP down during 50 applications, then up: all 50 stored, all 50 mails delivered exactly once", async () => {
    // The mail server goes down: every delivery attempt meets a refused connection.
    await smtp.stop();
    const before = await storedCounts(server);
    await submitApplications([server], 50, "Outage");
    expect((await storedCounts(server)).applications).toBe(before.applications + 50);
    await waitFor(async () => (await outboxRows(server)).some((r) => r.attempts >= 2 && r.lastError !== null));
    expect(smtp.mails).toHaveLength(0);
    expect(await mailOutboxRepo(server.database.db).counts()).toEqual({ waiting: 50, dead: 0 });

    await smtp.start();
    await smtp.waitForMails(50, 30_000);
    await waitFor(async () => (await mailOutboxRepo(server.database.db).counts()).waiting === 0, 10_000);
    // Fails when a job is delivered twice: a second claim leaves an attempt unaccounted for, or a second mail.
    await waitForEveryDeliveryAttempt([server], "Outage ");
    const names = smtp.mails.map((m) => /Name: (Outage \d+)/.exec(m.text)?.[1]);
    expect(new Set(names).size).toBe(50);
    expect(names).toHaveLength(50);
    expect((await outboxRows(server)).every((r) => r.status === "sent" && r.sentAt !== null)).toBe(true);
    expect(await mailOutboxRepo(server.database.db).counts()).toEqual({ waiting: 0, dead: 0 });
  });

  test("an SMTP 4xx answer is retried after a backoff and the mail arrives once", async () => {
    let refusals = 0;
    smtp.reply = (mail) => (mail.text.includes("Name: Greylisted") && refusals++ < 2 ? 451 : undefined);
    expect((await postForm(server, "/join", joinApplication({ fullname: "Greylisted" }), freshIp())).status).toBe(200);
    await smtp.waitForMail("Name: Greylisted");
    const row = await waitFor(async () => (await outboxRows(server)).find((r) => r.payload.includes("Greylisted") && r.status === "sent"));
    expect(row.attempts).toBe(3);
    expect(smtp.mails.filter((m) => m.text.includes("Name: Greylisted"))).toHaveLength(1);
  });

  test("an SMTP 5xx answer marks the job dead on the first try, logged once without personal data", async () => {
    smtp.reply = (mail) => (mail.text.includes("Name: Rejected") ? 550 : undefined);
    const offeredBefore = smtp.offered;
    expect(
      (await postForm(server, "/join", joinApplication({ fullname: "Rejected", email: "rejected@example.org" }), freshIp())).status,
    ).toBe(200);
    const row = await waitFor(async () => (await outboxRows(server)).find((r) => r.payload.includes("Rejected") && r.status === "dead"));
    expect(row).toMatchObject({ attempts: 1, lastError: "SMTP 550" });
    // A dead job is never claimed again, and its one claim (attempts: 1) made the one offer before it was marked: no
    // later offer can come, so none needs waiting for. Fails when a 5xx is retried (more attempts, more offers).
    expect(smtp.offered - offeredBefore).toBe(1);
    expect(await mailOutboxRepo(server.database.db).counts()).toMatchObject({ dead: 1 });
    // The worker logs right after it marks the job dead: the line may reach the output a moment after the row.
    const deadLinesOf = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes("mail dead"));
    await waitFor(async () => deadLinesOf().length > 0);
    const deadLines = deadLinesOf();
    expect(deadLines).toHaveLength(1);
    expect(JSON.parse(deadLines[0]!)).toMatchObject({
      level: "error",
      jobId: row.id,
      kind: "join",
      attempts: 1,
      reason: "SMTP 550",
      permanent: true,
    });
    expect(deadLines[0]).not.toContain("rejected@example.org");
    expect(deadLines[0]).not.toContain("Rejected");
  });

  test("a name with CR/LF and 'Bcc:' adds no header and no recipient", async () => {
    const name = "Mallory\r\nBcc: victim@example.org\r\nX-Injected: yes";
    expect((await postForm(server, "/join", joinApplication({ fullname: name }), freshIp())).status).toBe(200);
    expect((await postForm(server, "/contact", contactMessage({ name }), freshIp())).status).toBe(200);
    await waitFor(async () => smtp.mails.filter((m) => m.raw.includes("Mallory")).length === 2 || undefined);
    for (const mail of smtp.mails.filter((m) => m.raw.includes("Mallory"))) {
      expect(mail.envelopeTo).toEqual(["office@society.test"]);
      expect(mail.headers.map(([header]) => header)).not.toContain("bcc");
      expect(mail.headers.map(([header]) => header)).not.toContain("x-injected");
      const headerBlock = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/));
      expect(headerBlock).not.toMatch(/^Bcc:/im);
      expect(headerBlock).not.toMatch(/^X-Injected:/im);
      expect(mail.text).not.toMatch(/^Bcc:/im);
      expect(mail.header("reply-to")).toContain("Mallory Bcc: victim@example.org X-Injected: yes");
    }
  });

  test("Send test mail: queued like any mail, it reaches the notification address, replying to the admin who sent it", async () => {
    const cookie = await signIn(server);
    expect(await post(server, "/admin/mail/test", {}, { cookie })).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await smtp.waitForMail("This is a test mail");
    expect(mail.envelopeTo).toEqual(["office@society.test"]);
    expect(mail.header("subject")).toBe("Test mail from the society website");
    expect(mail.header("reply-to")).toContain(ADMIN.email);
    expect((await auditActions(server)).at(-1)).toMatchObject({ action: "mail.test", detail: null });
    expect((await post(server, "/admin/mail/test")).status).toBe(401);
  });

  test("two server processes on one database deliver each job exactly once", async () => {
    const second = await startTestServer(engine, setup.env, { shareDatabaseOf: server });
    try {
      await submitApplications([server, second], 30, "Shared");
      await waitFor(async () => smtp.mails.filter((m) => m.text.includes("Name: Shared ")).length >= 30 || undefined, 30_000);
      // Fails when both processes deliver a job: two claims for one sent job, or a second mail.
      await waitForEveryDeliveryAttempt([server, second], "Shared ");
      const names = smtp.mails.map((m) => /Name: (Shared \d+)/.exec(m.text)?.[1]).filter(Boolean);
      expect(names).toHaveLength(30);
      expect(new Set(names).size).toBe(30);
    } finally {
      await second.stop();
    }
  });
});

describe("the default log transport", () => {
  const setup = useTestServer("sqlite", { env: { ...FAST_OUTBOX, LOG_LEVEL: "info" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("writes each mail as an .eml file under DATA_DIR/mail and logs one line", async () => {
    expect((await postForm(server, "/contact", contactMessage({ name: "Logged Visitor" }), freshIp())).status).toBe(200);
    const dir = path.join(server.dataDir, "mail");
    // A mail is written as `<id>.eml.partial`, then renamed: the test waits for the rename, not just the first byte.
    const written = () => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);
    const files = await waitFor(async () => written().length > 0 && written().every((file) => !file.endsWith(".partial")) && written());
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    expect(eml).toContain("Subject: New contact message: Logged Visitor");
    expect(eml).toContain("Reply-To: Logged Visitor <sara@example.org>");
    // The line is logged after the file is written, and reaches this process through a pipe: wait for it too.
    const lines = await waitFor(async () => {
      const written = server
        .output()
        .split("\n")
        .filter((line) => line.includes("mail written"));
      return written.length > 0 ? written : undefined;
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain("sara@example.org");
  });
});
