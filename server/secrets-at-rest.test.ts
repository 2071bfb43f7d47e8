import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, Migrator, PostgresAdapter, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { openTotpSecret } from "./auth/totp-secret";
import { migrateToLatest } from "./db/database";
import { migrations } from "./db/migrations";
import type { Database } from "./db/schema";
import { createLogger } from "./logger";
import { createRepos, type Repos } from "./repos";
import { forgetSecretsKey, openSecretsKey, SECRETS_KEY_FILE, SecretsKeyError } from "./secrets-at-rest";
import { parseSecretsKey, SealedSecretError, secretsKey } from "./secrets-key";

const logger = createLogger("silent");
const PENDING = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const CONFIRMED = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

/** The migrator as the start runs it, pinned to a PostgreSQL test run's own schema. */
async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  const provider = { getMigrations: async () => migrations };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return new Migrator({ db, provider });
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({ db, provider, migrationTableSchema: rows[0]!.schema });
}

describe.each(testEngines())("the secrets key at start on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let dataDir: string;
  const keyFile = () => path.join(dataDir, SECRETS_KEY_FILE);
  const open = (configured?: Buffer) => openSecretsKey({ configured, dataDir, db: database.db, logger });
  /** What the start says when it stops: the error's one line. */
  const refusal = async (configured?: Buffer): Promise<string> => {
    const error: unknown = await open(configured).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SecretsKeyError);
    return (error as Error).message;
  };

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "society-secrets-"));
  });
  afterEach(async () => {
    await database.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the first start makes DATA_DIR/secrets.key, readable by the service user only, and the next start reads the same key", async () => {
    const first = await open();
    const text = fs.readFileSync(keyFile(), "utf8");
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(text)).toHaveLength(32);
    expect(secretsKey(parseSecretsKey(text)!).fingerprint).toBe(first.fingerprint);
    expect(await repos.settings.secretsKeyFingerprint()).toBe(first.fingerprint);
    expect(fs.readdirSync(dataDir)).toEqual([SECRETS_KEY_FILE]);

    const second = await open();
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(second.auditNetworkCode("203.0.113.0/24")).toBe(first.auditNetworkCode("203.0.113.0/24"));
    expect(fs.readFileSync(keyFile(), "utf8")).toBe(text);
  });

  test("SECRETS_KEY is the key when set: no key file is made", async () => {
    const key = crypto.randomBytes(32);
    expect((await open(key)).fingerprint).toBe(secretsKey(key).fingerprint);
    expect(fs.existsSync(keyFile())).toBe(false);
    expect(await repos.settings.secretsKeyFingerprint()).toBe(secretsKey(key).fingerprint);
  });

  test("a start with another key than the database's stops with one line naming SECRETS_KEY", async () => {
    await open(crypto.randomBytes(32));
    const wrongVariable = await refusal(crypto.randomBytes(32));
    expect(wrongVariable).toMatch(/^SECRETS_KEY is not the key this database's secrets were encrypted with: /);
    expect(wrongVariable).not.toContain("\n");

    fs.writeFileSync(keyFile(), `${crypto.randomBytes(32).toString("base64")}\n`);
    const wrongFile = await refusal();
    expect(wrongFile).toContain(`SECRETS_KEY is not set, and ${keyFile()} is not the key this database's secrets were encrypted with`);
    expect(wrongFile).not.toContain("\n");
  });

  test("a start without the key, on a database used with one (a restore without it), stops with one line naming SECRETS_KEY", async () => {
    await open(crypto.randomBytes(32));
    const message = await refusal();
    expect(message).toMatch(
      /^SECRETS_KEY is not set and there is no .*secrets\.key, but this database's secrets were encrypted with a key: /,
    );
    expect(message).toContain("npm run admin -- forget-secrets-key");
    expect(message).not.toContain("\n");
    expect(fs.existsSync(keyFile())).toBe(false);

    // Encrypted secrets alone say so too.
    await database.db.updateTable("settings").set({ secretsKeyFingerprint: null }).execute();
    const admin = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
    await repos.admins.setPendingTotpSecret(admin.id, secretsKey(crypto.randomBytes(32)).seal(PENDING, "anywhere"));
    expect(await refusal()).toMatch(/^SECRETS_KEY is not set and there is no /);
  });

  test("a key file that holds no key stops the start, naming the file and SECRETS_KEY", async () => {
    fs.writeFileSync(keyFile(), "not a key\n");
    expect(await refusal()).toBe(
      `SECRETS_KEY is not set, and ${keyFile()} does not hold a secrets key (32 random bytes as 64 hex digits or base64, e.g. the output of \`openssl rand -base64 32\`): put back the file the site made, or set SECRETS_KEY`,
    );
  });

  test("secrets stored in the clear, being set up or in force, are encrypted at start for their own admin; a second start changes nothing", async () => {
    const pending = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
    const confirmed = await repos.admins.create({ email: "treasurer@society.example", passwordHash: "x" });
    await repos.admins.setPendingTotpSecret(pending.id, PENDING);
    await repos.admins.setPendingTotpSecret(confirmed.id, CONFIRMED);
    await repos.admins.enableTotp(confirmed.id, new Date().toISOString(), 1);

    const secrets = await open();
    const stored = async () =>
      Object.fromEntries(
        (await database.db.selectFrom("admins").select(["id", "totpSecret"]).execute()).map((row) => [row.id, row.totpSecret!]),
      );
    const first = await stored();
    expect(JSON.stringify(first)).not.toMatch(new RegExp(`${PENDING}|${CONFIRMED}`));
    expect(openTotpSecret(secrets, pending.id, first[pending.id]!)).toBe(PENDING);
    expect(openTotpSecret(secrets, confirmed.id, first[confirmed.id]!)).toBe(CONFIRMED);
    expect(() => openTotpSecret(secrets, confirmed.id, first[pending.id]!)).toThrow(SealedSecretError);
    expect(() => openTotpSecret(secretsKey(crypto.randomBytes(32)), pending.id, first[pending.id]!)).toThrow(SealedSecretError);
    expect((await repos.admins.findById(confirmed.id))?.totpEnabledAt).not.toBeNull();

    await open();
    expect(await stored()).toEqual(first);
  });

  // SQLite only: it reads the database's own file and write-ahead log, which PostgreSQL keeps out of a test's reach.
  test.runIf(engine === "sqlite")("the clear secrets leave no copy in the database file or its log", async () => {
    const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(database.db);
    const file = rows.find((row) => row.name === "main")!.file;
    const admin = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
    await repos.admins.setPendingTotpSecret(admin.id, PENDING);
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
    const onDisk = () =>
      [file, `${file}-wal`].map((name) => (fs.existsSync(name) ? fs.readFileSync(name).toString("latin1") : "")).join("");
    expect(onDisk()).toContain(PENDING);

    await open();
    expect(onDisk()).not.toContain(PENDING);
  });

  test("a key lost for good is forgotten: two factors go with their codes and sessions, codes made with it are marked, and the next start takes a new key", async () => {
    const lost = await open(crypto.randomBytes(32));
    const withTwoFactor = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
    const without = await repos.admins.create({ email: "treasurer@society.example", passwordHash: "x" });
    await repos.admins.setPendingTotpSecret(withTwoFactor.id, lost.seal(PENDING, "x"));
    await repos.admins.enableTotp(withTwoFactor.id, new Date().toISOString(), 1);
    await repos.recoveryCodes.replace(withTwoFactor.id, ["hash"], new Date().toISOString());
    const session = (id: string) =>
      repos.sessions.create({
        id: crypto.randomUUID(),
        tokenHash: crypto.randomBytes(8).toString("hex"),
        adminId: id,
        createdAt: new Date().toISOString(),
        lastSeenAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        userAgent: null,
        networkCode: lost.sessionNetworkCode("203.0.113.0/24"),
      });
    await session(withTwoFactor.id);
    const kept = await session(without.id);
    const code = lost.auditNetworkCode("203.0.113.0/24");
    await database.db
      .insertInto("auditLog")
      .values({
        id: crypto.randomUUID(),
        at: new Date().toISOString(),
        actor: without.id,
        action: "logout",
        detail: null,
        addressHash: code,
      })
      .execute();

    expect(await forgetSecretsKey(database.db)).toEqual({ twoFactorTurnedOff: 1, revokedSessions: 1 });
    expect(await repos.admins.findById(withTwoFactor.id)).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await repos.recoveryCodes.unusedCount(withTwoFactor.id)).toBe(0);
    expect(await repos.sessions.listForAdmin(withTwoFactor.id)).toEqual([]);
    expect(await repos.sessions.listForAdmin(without.id)).toEqual([{ ...kept, networkCode: null }]);
    const entries = await repos.auditLog.listRecent(10);
    expect(entries.find((entry) => entry.action === "logout")?.addressHash).toBe(`old:${code}`);
    expect(entries.find((entry) => entry.action === "secrets-key.forget")).toMatchObject({
      actor: "cli",
      detail: "two_factor_turned_off=1 sessions_revoked=1",
    });

    const next = await open();
    expect(next.fingerprint).not.toBe(lost.fingerprint);
    expect(await repos.settings.secretsKeyFingerprint()).toBe(next.fingerprint);
  });

  test("the migration to keys outside the database: the old audit key goes, its codes are marked old, sessions' networks go", async () => {
    const migrator = await migratorOf(database.db);
    const { error } = await migrator.migrateTo("2026-12-02T10-00-00_link-secrets");
    expect(error).toBeUndefined();
    await sql`update settings set audit_address_key = 'b2xkIGtleQ=='`.execute(database.db);
    await sql`insert into audit_log (id, at, actor, action, detail, address_hash) values ('e1', '2026-12-01T00:00:00.000Z', 'cli', 'logout', null, 'abcdef0123456789'), ('e2', '2026-12-01T00:00:00.000Z', 'cli', 'admin.create', null, null)`.execute(
      database.db,
    );
    const admin = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
    await sql`insert into sessions (id, token_hash, admin_id, created_at, last_seen_at, expires_at, address_prefix) values ('s1', 'h1', ${admin.id}, '2026-12-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2026-12-08T00:00:00.000Z', '203.0.113.0/24')`.execute(
      database.db,
    );

    await migrateToLatest(database.db);
    const settings = await database.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(settings)).not.toContain("audit_address_key");
    expect(JSON.stringify(settings)).not.toContain("b2xkIGtleQ==");
    const codes = await database.db.selectFrom("auditLog").select(["id", "addressHash"]).orderBy("id").execute();
    expect(codes).toEqual([
      { id: "e1", addressHash: "old:abcdef0123456789" },
      { id: "e2", addressHash: null },
    ]);
    const sessions = await database.db.selectFrom("sessions").selectAll().execute();
    expect(sessions.map((row) => row.networkCode)).toEqual([null]);
    expect(JSON.stringify(sessions)).not.toContain("203.0.113");
  });
});
