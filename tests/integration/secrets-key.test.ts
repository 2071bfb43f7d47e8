/**
 * A copy of the database or a backup is not a key to the site: second-factor secrets are encrypted with a key kept
 * outside them (SECRETS_KEY, or DATA_DIR/secrets.key, which `npm run backup` leaves out). A backup restored on another
 * machine signs in with two factors when that machine has the key, and does not start without it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { Secret, TOTP } from "otpauth";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SECRETS_KEY_FILE } from "#server/secrets-at-rest.ts";
import { ADMIN, ADMIN_ENV, cookieFrom, getPage, post, postToPage, signIn } from "./helpers/admin";
import { useSmallContent } from "./helpers/small-content";
import { freePort, serverCommand, startTestServer, type TestServer } from "./helpers/test-server";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
/** A code of the next 30-second step, which the server takes at once: it is never the step the setup used up. */
const nextCode = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });

async function backupScript(command: "backup" | "restore", archive: string, dataDir: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/backup.ts", command, archive], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir },
  });
  return stdout;
}

/** A start on `dataDir` that is expected to stop: its exit code and what it wrote to stderr. */
async function failedStart(dataDir: string, env: Record<string, string> = {}): Promise<{ code: number | null; stderr: string }> {
  const child = serverCommand({ PORT: String(await freePort()), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, stderr };
}

/**
 * One site, with two factors on, backed up by `npm run backup` (which leaves the key out) and restored twice: on a
 * machine given the key file, and on one given it as SECRETS_KEY. The site runs with the small content, so its backup
 * holds a few photos rather than the demo's hundreds.
 */
describe("a backup restored on another machine", () => {
  let work: string;
  const servers: TestServer[] = [];
  beforeAll(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "society-restore-"));
  });
  afterAll(async () => {
    for (const server of servers.splice(0)) await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Password, then the app's code: the sign-in ends on the admin panel. */
  async function signInWithTwoFactors(server: TestServer, secret: string): Promise<void> {
    const login = await post(server, "/admin/login", ADMIN);
    expect(login.headers.get("location")).toBe("/admin/login/code");
    const done = await post(server, "/admin/login/code", { code: nextCode(secret) }, { cookie: cookieFrom(login.headers) });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin");
    expect(await (await getPage(server, "/admin", cookieFrom(done.headers))).text()).toContain("Admin Panel");
  }

  test("signs in with password and code where the key is; without it, or with another key, the start stops naming SECRETS_KEY", async () => {
    const site = await startTestServer("sqlite", ADMIN_ENV);
    servers.push(site);
    await useSmallContent(site);
    const cookie = await signIn(site);
    expect((await postToPage(site, "/admin/security", { intent: "start-two-factor" }, { cookie })).status).toBe(200);
    const page = await (await getPage(site, "/admin/security", cookie)).text();
    const secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    const confirm = { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) };
    expect((await postToPage(site, "/admin/security", { intent: "confirm-two-factor", ...confirm }, { cookie })).status).toBe(200);
    const stored = await site.database.db
      .selectFrom("admins")
      .select("totpSecret")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    expect(stored.totpSecret).not.toContain(secret);

    const archive = path.join(work, "site.tar.gz");
    expect(await backupScript("backup", archive, site.dataDir)).toContain("not the secrets key");
    const unpacked = path.join(work, "unpacked");
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    expect(fs.readdirSync(unpacked).sort()).toEqual(["backup.json", "site.db", "uploads"]);
    expect(fs.readFileSync(path.join(unpacked, "site.db")).toString("latin1")).not.toContain(secret);

    const keyFile = path.join(site.dataDir, SECRETS_KEY_FILE);
    const withFile = path.join(work, "machine-with-the-key-file");
    const withVariable = path.join(work, "machine-with-SECRETS_KEY");
    for (const dataDir of [withFile, withVariable]) {
      expect(await backupScript("restore", archive, dataDir)).toContain("Start the site with the secrets key it ran with");
    }

    const withoutKey = await failedStart(withFile);
    expect(withoutKey.code).toBe(1);
    expect(withoutKey.stderr.trim().split("\n")).toEqual([
      `SECRETS_KEY is not set and there is no ${path.join(withFile, SECRETS_KEY_FILE)}, but this database's secrets were encrypted with a key: set SECRETS_KEY to it, or put its key file back (if the key is lost for good: npm run admin -- forget-secrets-key)`,
    ]);
    expect(fs.existsSync(path.join(withFile, SECRETS_KEY_FILE))).toBe(false);
    const anotherKey = await failedStart(withVariable, { SECRETS_KEY: Buffer.alloc(32, 0x33).toString("hex") });
    expect(anotherKey.code).toBe(1);
    expect(anotherKey.stderr.trim().split("\n")).toEqual([
      "SECRETS_KEY is not the key this database's secrets were encrypted with: set the key the site ran with (if the key is lost for good: npm run admin -- forget-secrets-key)",
    ]);

    fs.copyFileSync(keyFile, path.join(withFile, SECRETS_KEY_FILE));
    const second = await startTestServer("sqlite", {}, { dataDir: withFile });
    servers.push(second);
    await signInWithTwoFactors(second, secret);

    const third = await startTestServer("sqlite", { SECRETS_KEY: fs.readFileSync(keyFile, "utf8").trim() }, { dataDir: withVariable });
    servers.push(third);
    await signInWithTwoFactors(third, secret);
    expect(fs.existsSync(path.join(withVariable, SECRETS_KEY_FILE))).toBe(false);
  }, 180_000);
});
