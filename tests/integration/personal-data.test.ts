import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { postToPage, seedApplication } from "./helpers/admin";
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
  const tables = ["applications", "applicationActivity", "contactMessages", "mailOutbox", "rateLimits", "auditLog"] as const;
  const found: string[] = [];
  for (const table of tables) {
    for (const row of await server.database.db.selectFrom(table).selectAll().execute()) {
      if (pattern.test(JSON.stringify(row))) found.push(`${table}: ${JSON.stringify(row).slice(0, 120)}`);
    }
  }
  return found;
}

describe.each(answerTestEngines())("personal data on %s", (engine) => {
  // The log transport: every mail becomes a file under DATA_DIR/mail, a copy that erasure must find too.
  const setup = useTestServer(engine, { signedIn: true, env: { MAIL_TRANSPORT: "log", TRUST_PROXY: "loopback", OUTBOX_POLL_MS: "50" } });
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ server, cookie } = setup);
    for (const table of ["applications", "contactMessages", "mailOutbox"] as const) await server.database.db.deleteFrom(table).execute();
  });

  const mailFiles = () => (fs.existsSync(path.join(server.dataDir, "mail")) ? fs.readdirSync(path.join(server.dataDir, "mail")) : []);

  test("erase by email: find says what is held, erase takes every copy: no row and no file under DATA_DIR holds the address; others stay", async () => {
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
      const rows = await server.database.db.selectFrom("mailOutbox").select("status").execute();
      return rows.length === 7 && rows.every((row) => row.status === "sent") && mailFiles().length >= 7;
    });
    expect(filesHolding(server.dataDir, email).length).toBeGreaterThan(0);

    const found = await postToPage(server, "/admin/personal-data", { email: ` ${email} `, intent: "find" }, { cookie });
    expect(found).toMatchObject({ status: 200, body: { email, held: { requests: 2, messages: 1, mails: 5 } } });
    const erased = await postToPage(server, "/admin/personal-data", { email, intent: "erase" }, { cookie });
    expect(erased).toMatchObject({ status: 200, body: { email, erased: { requests: 2, messages: 1, mails: 5 } } });
    expect(await rowsHolding(server, email)).toEqual([]);
    // No file under DATA_DIR holds the address: not the mails' files, and (on SQLite) not the database or its log.
    expect(filesHolding(server.dataDir, email)).toEqual([]);
    expect(await server.database.db.selectFrom("applications").select("email").execute()).toEqual([{ email: other }]);
    expect(filesHolding(server.dataDir, other).length).toBeGreaterThan(0);
  });

  test("retention answers what a shorter period deleted at once; a period the form does not offer, or not an address, is refused at its field", async () => {
    const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 3600_000).toISOString();
    await seedApplication(server, { fullname: "Old Applicant", createdAt: monthsAgo(13) });
    await seedApplication(server, { fullname: "Recent Applicant", createdAt: monthsAgo(11) });
    const retention = (value: string) => postToPage(server, "/admin/personal-data", { intent: "retention", retention: value }, { cookie });
    expect(await retention("never")).toMatchObject({ status: 200, body: { deleted: { requests: 0, messages: 0, mails: 0 } } });
    expect(await retention("12")).toMatchObject({ status: 200, body: { deleted: { requests: 1, messages: 0, mails: 0 } } });
    expect(await server.database.db.selectFrom("applications").select("fullname").execute()).toEqual([{ fullname: "Recent Applicant" }]);
    expect((await retention("7")).status).toBe(400);
    await retention("24");
    expect(await postToPage(server, "/admin/personal-data", { email: "not an address", intent: "find" }, { cookie })).toMatchObject({
      status: 400,
      body: { errors: { email: "Enter an email address" } },
    });
  });
});
