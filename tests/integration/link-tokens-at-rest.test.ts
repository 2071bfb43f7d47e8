import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import * as tar from "tar";
import { beforeAll, describe, expect, test } from "vitest";
import { testEngines } from "#tests/shared/test-database.ts";
import { ADMIN, getPage, post, postToPage, signIn } from "./helpers/admin";
import { waitFor } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import { expectCleanServerLog } from "./helpers/server-log";
import { parseMail, type SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const INVITEE = "new.editor@example.org";
const LINK = /\/admin\/(invitation|reset-password)\?token=([A-Za-z0-9_-]{43})/;

/** The invitation's and the reset's tokens in these mail texts, remembered as secrets no server log line may hold. */
function tokensIn(texts: string[]): { invitation: string; reset: string } {
  const found = new Map(texts.map((text) => LINK.exec(text)).flatMap((match) => (match ? [[match[1], match[2]] as const] : [])));
  const tokens = { invitation: found.get("invitation") ?? "", reset: found.get("reset-password") ?? "" };
  expect(tokens.invitation).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(tokens.reset).toMatch(/^[A-Za-z0-9_-]{43}$/);
  rememberSecret(tokens.invitation);
  rememberSecret(tokens.reset);
  return tokens;
}

/**
 * Every file under `dir` (the database, its -wal and -shm, mail/, uploads/: whatever is there) whose bytes hold one of
 * the texts, read raw and as a mail program reads an .eml file (quoted-printable lines joined).
 */
function filesHolding(dir: string, texts: string[]): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const bytes = fs.readFileSync(file).toString("latin1");
      const joined = bytes.replace(/=\r?\n/g, "");
      return texts.some((text) => bytes.includes(text) || joined.includes(text));
    })
    .map((file) => path.relative(dir, file));
}

/** Every row of every table of the server's database whose columns, as text, hold one of the texts. */
async function rowsHolding(server: TestServer, texts: string[]): Promise<string[]> {
  const { db } = server.database;
  const tables =
    server.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
          db,
        );
  expect(tables.rows.map((table) => table.name)).toEqual(expect.arrayContaining(["mail_outbox", "admin_links", "audit_log"]));
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const row of rows) if (texts.some((text) => JSON.stringify(row).includes(text))) found.push(`${name}: ${String(row.id)}`);
  }
  return found;
}

/** Resolves once the two account mails are marked sent. */
const accountMailsSent = (server: TestServer) =>
  waitFor(async () => {
    const rows = await server.database.db.selectFrom("mailOutbox").select("status").where("kind", "=", "account").execute();
    return rows.length === 2 && rows.every((row) => row.status === "sent");
  });

/**
 * Waits until no file under DATA_DIR holds the tokens: the worker empties SQLite's log just after marking the mail
 * sent. Gives up quietly after the wait, for the assertion after it to say which files still do.
 */
const filesForget = (dir: string, tokens: string[]) =>
  waitFor(async () => filesHolding(dir, tokens).length === 0, 10_000).catch(() => undefined);

/** `npm run backup` on the server's DATA_DIR, unpacked: the folder holding the archive's files. */
async function backupOf(server: TestServer): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-backup-scan-"));
  const archive = path.join(dir, "site.tar.gz");
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/backup.ts", "backup", archive], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { PATH: process.env.PATH ?? "", DATA_DIR: server.dataDir },
      stdio: "ignore",
    });
    child.on("error", reject);
    child.on("exit", resolve);
  });
  expect(code).toBe(0);
  const unpacked = path.join(dir, "unpacked");
  fs.mkdirSync(unpacked);
  await tar.extract({ file: archive, cwd: unpacked });
  return unpacked;
}

/**
 * A copy of the database, its files or a backup is not a key to the site: once an invitation and a password reset are
 * mailed, no row, no file under DATA_DIR (the database, its write-ahead log, mail/) and no backup holds their tokens,
 * while the links still work for whoever got the mail.
 */
describe.each(testEngines())("link tokens at rest, mailed by SMTP, on %s", (engine) => {
  const setup = useTestServer(engine, { smtp: true, env: { TRUST_PROXY: "loopback" } });
  let server: TestServer;
  let smtp: SmtpCatcher;
  beforeAll(() => void ({ server, smtp } = setup));

  test("once an invitation and a reset are delivered, no table, file or backup holds their tokens, and both links still work", async () => {
    const owner = await signIn(server);
    expect(
      (await postToPage(server, "/admin/accounts", { intent: "invite", email: INVITEE, role: "editor" }, { cookie: owner })).status,
    ).toBe(200);
    expect((await post(server, "/admin/forgot-password", { email: ADMIN.email })).status).toBe(200);
    const mails = await smtp.waitForMails(2);
    const tokens = tokensIn(mails.map((mail) => mail.text));
    const secrets = [tokens.invitation, tokens.reset];
    await accountMailsSent(server);
    await filesForget(server.dataDir, secrets);

    expect(filesHolding(server.dataDir, secrets)).toEqual([]);
    expect(await rowsHolding(server, secrets)).toEqual([]);
    // The scan reads what is there: the invitee's address is in the database (SQLite: its files).
    expect(await rowsHolding(server, [INVITEE])).not.toEqual([]);
    if (engine === "sqlite") {
      expect(filesHolding(server.dataDir, [INVITEE])).not.toEqual([]);
      const backup = await backupOf(server);
      try {
        expect(filesHolding(backup, secrets)).toEqual([]);
        expect(filesHolding(backup, [INVITEE])).toEqual(["site.db"]);
      } finally {
        fs.rmSync(path.dirname(backup), { recursive: true, force: true });
      }
    }
    // The links the mails carry still open their pages.
    expect(await (await getPage(server, `/admin/invitation?token=${tokens.invitation}`)).text()).toContain(
      "You are invited to run this site",
    );
    expect((await getPage(server, `/admin/reset-password?token=${tokens.reset}`)).status).toBe(200);
  });

  test("the server logged no error, no link token and no password", () => {
    expectCleanServerLog(server);
  });
});

/** No mail server set up: the `log` transport's .eml file is the delivery, and holds the link until it is used. */
describe("link tokens at rest, with no mail server (log transport)", () => {
  const setup = useTestServer("sqlite", { env: { MAIL_TRANSPORT: "log", OUTBOX_POLL_MS: "50", TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("only each link's .eml file holds its token, until the link is used; then the file is gone too", async () => {
    const owner = await signIn(server);
    expect(
      (await postToPage(server, "/admin/accounts", { intent: "invite", email: INVITEE, role: "editor" }, { cookie: owner })).status,
    ).toBe(200);
    expect((await post(server, "/admin/forgot-password", { email: ADMIN.email })).status).toBe(200);
    await accountMailsSent(server);
    const mailDir = path.join(server.dataDir, "mail");
    const emlFiles = fs.readdirSync(mailDir).filter((name) => name.endsWith(".eml"));
    expect(emlFiles).toHaveLength(2);
    const tokens = tokensIn(emlFiles.map((name) => parseMail(fs.readFileSync(path.join(mailDir, name), "utf8")).text));

    // Until the worker has emptied SQLite's log (just after marking the mails sent), the log holds the tokens too.
    const fileOf = (token: string) => filesHolding(server.dataDir, [token]);
    await waitFor(async () => fileOf(tokens.invitation).length === 1 && fileOf(tokens.reset).length === 1, 10_000).catch(() => undefined);
    expect(fileOf(tokens.invitation)).toEqual([expect.stringMatching(/^mail\/[^/]+\.eml$/)]);
    expect(fileOf(tokens.reset)).toEqual([expect.stringMatching(/^mail\/[^/]+\.eml$/)]);
    expect(await rowsHolding(server, [tokens.invitation, tokens.reset])).toEqual([]);

    const password = "tiger lily gravel";
    const accepted = await post(server, `/admin/invitation?token=${tokens.invitation}`, {
      token: tokens.invitation,
      name: "New Editor",
      newPassword: password,
      confirmPassword: password,
    });
    expect(accepted.status).toBe(302);
    expect(fileOf(tokens.invitation)).toEqual([]);
    expect(fileOf(tokens.reset)).toHaveLength(1);

    const reset = await post(server, `/admin/reset-password?token=${tokens.reset}`, {
      token: tokens.reset,
      newPassword: "a brand new secret",
      confirmPassword: "a brand new secret",
    });
    expect(reset.status).toBe(200);
    expect(filesHolding(server.dataDir, [tokens.invitation, tokens.reset])).toEqual([]);
    expect(await rowsHolding(server, [tokens.invitation, tokens.reset])).toEqual([]);
    expect(fs.readdirSync(mailDir).filter((name) => name.endsWith(".eml"))).toEqual([]);
  });

  test("the server logged no error, no link token and no password", () => {
    expectCleanServerLog(server);
  });
});
