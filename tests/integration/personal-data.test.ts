import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "../shared/test-database";
import { auditActions, post, seedApplication } from "./helpers/admin";
import { contactMessage, joinApplication, postForm, waitFor } from "./helpers/forms";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** `email` on its own, not as the end or start of a longer address (a.zainab@… holds zainab@… as text). */
const addressPattern = (email: string) =>
  new RegExp(`(?<![A-Za-z0-9._%+-])${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9.-])`, "i");

/** Every file under `dir` whose bytes hold the address. */
function filesHolding(dir: string, email: string): string[] {
  const pattern = addressPattern(email);
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => pattern.test(fs.readFileSync(file).toString("latin1")));
}

/** Every table row (as text) that holds the address. */
async function rowsHolding(server: TestServer, email: string): Promise<string[]> {
  const pattern = addressPattern(email);
  const tables = ["applications", "application_activity", "contact_messages", "mail_outbox", "rate_limits", "audit_log"] as const;
  const found: string[] = [];
  for (const table of tables) {
    for (const row of await server.database.db.selectFrom(table).selectAll().execute()) {
      if (pattern.test(JSON.stringify(row))) found.push(`${table}: ${JSON.stringify(row).slice(0, 120)}`);
    }
  }
  return found;
}

describe.each(testEngines())("personal data on %s", (engine) => {
  // The log transport: every mail becomes a file under DATA_DIR/mail, a copy that erasure must find too.
  const setup = useTestServer(engine, { signedIn: true, env: { MAIL_TRANSPORT: "log", TRUST_PROXY: "loopback", OUTBOX_POLL_MS: "50" } });
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ server, cookie } = setup);
    for (const table of ["applications", "contact_messages", "mail_outbox"] as const) await server.database.db.deleteFrom(table).execute();
  });

  const mailFiles = () => (fs.existsSync(path.join(server.dataDir, "mail")) ? fs.readdirSync(path.join(server.dataDir, "mail")) : []);

  test("erase by email: what is held is shown, then every copy goes (rows, mails, their files, the counters); others stay", async () => {
    const email = "zainab.erase@example.org";
    for (const fields of [joinApplication({ email }), joinApplication({ email: ` ${email.toUpperCase()} ` })]) {
      expect((await postForm(server, "/join", fields)).status).toBeLessThan(400);
    }
    expect((await postForm(server, "/contact", contactMessage({ email }))).status).toBeLessThan(400);
    // Someone whose address holds the first one's must keep everything.
    const other = "a.zainab.erase@example.org";
    expect((await postForm(server, "/join", joinApplication({ email: other }))).status).toBeLessThan(400);
    // Every mail delivered, i.e. written to its file: each application's notification and confirmation, the message's.
    await waitFor(async () => {
      const rows = await server.database.db.selectFrom("mail_outbox").select("status").execute();
      return rows.length === 7 && rows.every((row) => row.status === "sent") && mailFiles().length >= 7;
    });
    const id = (await server.database.db.selectFrom("applications").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    await post(server, `/admin/requests/${id}/notes`, { note: "Called her on Monday" }, { cookie });
    expect(filesHolding(server.dataDir, email).length).toBeGreaterThan(0);

    const found = await post(server, "/admin/personal-data/erase", { email: ` ${email} `, intent: "find" }, { cookie });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ email, held: { requests: 2, messages: 1, mails: 5 } });
    expect(await rowsHolding(server, email)).not.toEqual([]);

    const erased = await post(server, "/admin/personal-data/erase", { email, intent: "erase" }, { cookie });
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({ email, erased: { requests: 2, messages: 1, mails: 5 } });

    expect(await rowsHolding(server, email)).toEqual([]);
    expect(await server.database.db.selectFrom("application_activity").selectAll().execute()).toEqual([]);
    // No file under DATA_DIR holds the address: not the mails' files, and (on SQLite) not the database or its log.
    expect(filesHolding(server.dataDir, email)).toEqual([]);
    // The other applicant's request, mail and its file are all still there.
    expect(await server.database.db.selectFrom("applications").select("email").execute()).toEqual([{ email: other }]);
    expect(filesHolding(server.dataDir, other).length).toBeGreaterThan(0);

    const audit = (await auditActions(server)).at(-1)!;
    expect(audit).toMatchObject({ action: "personal-data.erase", detail: "requests=2 messages=1 registrations=0 mails=5" });
    expect(JSON.stringify(await auditActions(server))).not.toContain("zainab");

    const again = await post(server, "/admin/personal-data/erase", { email, intent: "find" }, { cookie });
    expect(again.body).toMatchObject({ held: { requests: 0, messages: 0, mails: 0 } });
  });

  test("deleting a request by hand deletes its mails and their files too", async () => {
    const email = "deleted.by.hand@example.org";
    await postForm(server, "/join", joinApplication({ email }));
    // Both its mails (the notification and the confirmation) delivered: a mail is marked sent once its file is written.
    await waitFor(async () => {
      const rows = await server.database.db.selectFrom("mail_outbox").select("status").execute();
      return rows.length === 2 && rows.every((row) => row.status === "sent");
    });
    expect(filesHolding(server.dataDir, email).length).toBeGreaterThan(0);
    const id = (await server.database.db.selectFrom("applications").select("id").executeTakeFirstOrThrow()).id;
    expect((await post(server, `/admin/requests/${id}/delete`, {}, { cookie })).status).toBe(200);
    expect(await server.database.db.selectFrom("mail_outbox").selectAll().execute()).toEqual([]);
    expect(filesHolding(server.dataDir, email)).toEqual([]);
  });

  test("a retention period set shorter deletes at once what is older; 'never' keeps everything", async () => {
    const now = Date.now();
    const monthsAgo = (months: number) => new Date(now - months * 31 * 24 * 3600_000).toISOString();
    await seedApplication(server, { fullname: "Old Applicant", createdAt: monthsAgo(13) });
    await seedApplication(server, { fullname: "Recent Applicant", createdAt: monthsAgo(11) });

    const never = await post(server, "/admin/personal-data/retention", { retention: "never" }, { cookie });
    expect(never).toMatchObject({ status: 200, body: { deleted: { requests: 0, messages: 0, mails: 0 } } });
    expect(await server.database.db.selectFrom("applications").select("id").execute()).toHaveLength(2);

    const twelve = await post(server, "/admin/personal-data/retention", { retention: "12" }, { cookie });
    expect(twelve).toMatchObject({ status: 200, body: { deleted: { requests: 1, messages: 0, mails: 0 } } });
    expect(await server.database.db.selectFrom("applications").select("fullname").execute()).toEqual([{ fullname: "Recent Applicant" }]);
    const actions = (await auditActions(server)).map((entry) => `${entry.action} ${entry.detail}`);
    expect(actions).toEqual(
      expect.arrayContaining(["retention.set months=12", "retention.sweep requests=1 messages=0 registrations=0 mails=0"]),
    );

    expect((await post(server, "/admin/personal-data/retention", { retention: "7" }, { cookie })).status).toBe(400);
    await post(server, "/admin/personal-data/retention", { retention: "24" }, { cookie });
  });

  test("refusals: not an email address; no session", async () => {
    expect(await post(server, "/admin/personal-data/erase", { email: "not an address", intent: "find" }, { cookie })).toMatchObject({
      status: 400,
      body: { errors: { email: "Enter an email address" } },
    });
    expect((await post(server, "/admin/personal-data/erase", { email: "a@example.org", intent: "erase" })).status).toBe(401);
    expect((await post(server, "/admin/personal-data/retention", { retention: "6" })).status).toBe(401);
  });
});
