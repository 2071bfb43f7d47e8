import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { hashPassword, verifyPassword } from "#server/auth/password.server.ts";
import { sessionStore } from "#server/auth/sessions.server.ts";
import type { DatabaseHandle } from "#server/db/database.ts";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createRepos } from "#server/repos/index.ts";
import { comparableContent, writeSmallSite } from "#tests/shared/small-content.ts";
import { runAdminCli } from "./lib/admin-cli";

const USAGE =
  "usage: admin create <email> | admin set-password <email> | admin turn-off-two-factor <email> | admin content export <dir> | admin content import <dir> [--yes] | admin forget-secrets-key [--yes]";

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI in process, as scripts/admin.ts runs it, with `stdin` piped in and `env` over the test's environment. */
function runCli(args: string[], stdin: string, env: Record<string, string>): Promise<CliRun> {
  return runAdminCli(args, { env: { ...process.env, ...env }, stdin: Readable.from([stdin]), stderr: new PassThrough() });
}

/** The CLI as the operator runs it: a process of its own reading the piped password, its exit code and one line. */
function spawnCli(args: string[], stdin: string, env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, ...env, LOG_LEVEL: "silent" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(testEngines())("the admin CLI on %s", (engine) => {
  // The CLI reaches the test's database through `place.env` alone: a DATA_DIR, and for PostgreSQL a DATABASE_URL.
  let place: TestDatabase;
  let database: DatabaseHandle;
  beforeEach(async () => {
    database = place = await openTestDatabase(engine);
  });
  afterEach(() => place.destroy());

  test(
    "set-password takes the password from stdin, replaces the hash and signs the admin out everywhere",
    { timeout: 30_000 },
    async () => {
      const repos = createRepos(database.db);
      const admin = await repos.admins.create({
        email: "admin@example.org",
        passwordHash: await hashPassword("forgotten one"),
        mustChangePassword: true,
      });
      const sessions = sessionStore(repos.sessions);
      const open = [await sessions.create(admin.id), await sessions.create(admin.id)];

      const run = await runCli(["set-password", "Admin@Example.org"], "remembered at last\n", place.env);
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(run.stdout).toContain("admin@example.org");

      const updated = await repos.admins.findById(admin.id);
      expect(updated?.passwordHash).not.toBe(admin.passwordHash);
      expect(await verifyPassword(updated?.passwordHash, "remembered at last")).toBe(true);
      expect(updated?.mustChangePassword).toBe(false);
      for (const { token } of open) expect(await sessions.findByToken(token)).toBeUndefined();
      expect((await repos.auditLog.listRecent(1))[0]).toMatchObject({ actor: "cli", action: "admin.set-password" });
    },
  );

  test("a too-short password exits 1 with one line and changes nothing", { timeout: 30_000 }, async () => {
    const repos = createRepos(database.db);
    const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: await hashPassword("current one") });
    const { token } = await sessionStore(repos.sessions).create(admin.id);

    const run = await runCli(["set-password", "admin@example.org"], "1234567\n", place.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("admin: New password must be at least 8 characters\n");
    expect((await repos.admins.findById(admin.id))?.passwordHash).toBe(admin.passwordHash);
    expect(await sessionStore(repos.sessions).findByToken(token)).toBeDefined();
    expect(await repos.auditLog.listRecent(5)).toEqual([]);
  });

  test("create makes a new admin from the piped password", { timeout: 30_000 }, async () => {
    const run = await runCli(["create", "chair@society.example"], "chosen password\n", place.env);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const admin = await createRepos(database.db).admins.findByEmail("chair@society.example");
    expect(await verifyPassword(admin?.passwordHash, "chosen password")).toBe(true);
    expect(admin?.mustChangePassword).toBe(false);
  });

  test("an unknown account exits 1 with one line", { timeout: 30_000 }, async () => {
    const run = await runCli(["set-password", "nobody@example.org"], "remembered at last\n", place.env);
    expect(run).toMatchObject({ code: 1, stdout: "", stderr: "admin: no admin has the email nobody@example.org\n" });
  });

  test("creating an existing account exits 1 with one line", { timeout: 30_000 }, async () => {
    await createRepos(database.db).admins.create({ email: "admin@example.org", passwordHash: "h" });
    const run = await runCli(["create", "ADMIN@example.org"], "remembered at last\n", place.env);
    expect(run).toMatchObject({ code: 1, stderr: "admin: an admin with the email ADMIN@example.org already exists\n" });
    expect(await createRepos(database.db).admins.count()).toBe(1);
  });

  test("a password given as an argument is refused with the usage line", { timeout: 30_000 }, async () => {
    const run = await runCli(["set-password", "admin@example.org", "remembered at last"], "", place.env);
    expect(run).toMatchObject({ code: 1, stderr: `admin: ${USAGE}\n` });
  });

  test("turn-off-two-factor: the password alone signs in again; an unknown email exits 1", { timeout: 30_000 }, async () => {
    const repos = createRepos(database.db);
    const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: "h" });
    await repos.admins.setPendingTotpSecret(admin.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    await repos.admins.enableTotp(admin.id, new Date().toISOString(), 1);
    const run = await runCli(["turn-off-two-factor", "Admin@Example.org"], "", place.env);
    expect(run).toMatchObject({ code: 0, stdout: "Two-factor sign-in of admin@example.org turned off; 0 session(s) signed out.\n" });
    expect((await repos.admins.findById(admin.id))?.totpEnabledAt).toBeNull();
    expect(await runCli(["turn-off-two-factor", "nobody@example.org"], "", place.env)).toMatchObject({ code: 1 });
  });

  test(
    "forget-secrets-key asks first; then every admin's two factors go and the next start takes a new key",
    { timeout: 60_000 },
    async () => {
      const repos = createRepos(database.db);
      const admin = await repos.admins.create({ email: "admin@example.org", passwordHash: "h" });
      await repos.admins.setPendingTotpSecret(admin.id, "v1:encrypted-with-the-lost-key");
      await repos.admins.enableTotp(admin.id, new Date().toISOString(), 1);
      await repos.settings.claimSecretsKeyFingerprint("the lost key's");

      expect(await runCli(["forget-secrets-key"], "no\n", place.env)).toMatchObject({
        code: 1,
        stderr: "admin: nothing changed (the answer was not yes)\n",
      });
      expect(await repos.settings.secretsKeyFingerprint()).toBe("the lost key's");

      const run = await runCli(["forget-secrets-key"], "yes\n", place.env);
      expect(run).toMatchObject({ code: 0 });
      expect(run.stdout).toBe(
        "Secrets key forgotten: two-factor sign-in turned off for 1 admin(s), 0 session(s) signed out. The next start uses SECRETS_KEY, or makes a new DATA_DIR/secrets.key.\n",
      );
      expect(await repos.admins.findById(admin.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
      expect(await repos.settings.secretsKeyFingerprint()).toBeNull();
    },
  );

  test("nothing on stdin exits 1", { timeout: 30_000 }, async () => {
    await createRepos(database.db).admins.create({ email: "admin@example.org", passwordHash: "h" });
    const run = await runCli(["set-password", "admin@example.org"], "", place.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^admin: no password on stdin/);
    expect((await createRepos(database.db).admins.findByEmail("admin@example.org"))?.passwordHash).toBe("h");
  });

  test(
    "as a process: the piped password sets the account up and exits 0; a refusal exits 1 with one line",
    { timeout: 60_000 },
    async () => {
      const created = await spawnCli(["create", "chair@society.example"], "chosen password\n", place.env);
      expect(created).toEqual({ code: 0, stdout: "Admin chair@society.example created.\n", stderr: "" });
      const admin = await createRepos(database.db).admins.findByEmail("chair@society.example");
      expect(await verifyPassword(admin?.passwordHash, "chosen password")).toBe(true);
      const again = await spawnCli(["create", "chair@society.example"], "chosen password\n", place.env);
      expect(again).toEqual({ code: 1, stdout: "", stderr: "admin: an admin with the email chair@society.example already exists\n" });
    },
  );

  describe("content", () => {
    let dir: string;
    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "society-cli-content-"));
      await writeSmallSite(path.join(dir, "start"));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
    const content = () => createRepos(database.db).siteContent.read();

    test("import asks first: anything but yes changes nothing", { timeout: 60_000 }, async () => {
      const run = await runCli(["content", "import", path.join(dir, "start")], "no\n", place.env);
      expect(run).toMatchObject({ code: 1, stdout: "", stderr: "admin: nothing changed (the answer was not yes)\n" });
      expect(await content()).toBeUndefined();
      expect(await createRepos(database.db).auditLog.listRecent(5)).toEqual([]);
    });

    test("a folder whose site.ts names a missing photo is refused before anything is asked", { timeout: 60_000 }, async () => {
      fs.rmSync(path.join(dir, "start", "photos", "explore", "1.jpg"));
      const run = await runCli(["content", "import", path.join(dir, "start"), "--yes"], "", place.env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`explorePhotos[0]: ${path.join(dir, "start")}/photos/explore/1.jpg does not exist`);
      expect(await content()).toBeUndefined();
    });

    test("import replaces the content; export then import gives back the same site", { timeout: 120_000 }, async () => {
      const imported = await runCli(["content", "import", path.join(dir, "start")], "yes\n", place.env);
      expect(imported).toMatchObject({ code: 0 });
      expect(imported.stdout).toContain("Content imported");
      const first = (await content())!;
      expect(first.name).toBe("Test Society");
      expect((await createRepos(database.db).auditLog.listRecent(1))[0]).toMatchObject({ actor: "cli", action: "content.import" });

      const exported = await runCli(["content", "export", path.join(dir, "exported")], "", place.env);
      expect(exported).toMatchObject({ code: 0, stdout: `Content exported to ${path.join(dir, "exported")}: site.ts and 5 photo(s).\n` });
      const again = await runCli(["content", "import", path.join(dir, "exported"), "--yes"], "", place.env);
      expect(again).toMatchObject({ code: 0 });
      expect(comparableContent((await content())!)).toEqual(comparableContent(first));
    });
  });
});
