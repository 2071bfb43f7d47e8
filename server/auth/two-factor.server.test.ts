import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import type { AdminRecord } from "#server/repos/admins.ts";
import { SealedSecretError, secretsKey } from "#server/secrets-key.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./sessions.server";
import { openTotpSecret } from "./totp-secret";
import { RECOVERY_CODE_COUNT, SECOND_FACTOR_LIMIT, SETUP_OPEN_FOR_MS, twoFactorService } from "./two-factor.server";

const START = Date.parse("2026-11-29T10:00:00Z");

/** The code an authenticator app shows for `secret` at `at`, computed as the app does. */
const appCode = (secret: string, at: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
/** A session whose admin entered the password at `at`. */
const passwordEntered = (at: number) => ({ authenticatedAt: new Date(at).toISOString() });

describe.each(testEngines())("two-factor sign-in on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let admin: AdminRecord;
  let now: number;
  const secrets = secretsKey(crypto.randomBytes(32));
  const service = (key = secrets) =>
    twoFactorService({ db: database.db, siteName: async () => "SMC Society", secrets: key, now: () => new Date(now) });
  const storedSecret = async (adminId = admin.id) =>
    (await database.db.selectFrom("admins").select("totpSecret").where("id", "=", adminId).executeTakeFirstOrThrow()).totpSecret;

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    now = START;
    admin = await repos.admins.create({ email: "chair@society.example", passwordHash: "x" });
  });
  afterEach(async () => {
    await database.destroy();
  });

  async function turnOn(): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await service().startSetup(admin);
    const confirmed = await service().confirmSetup(admin.id, appCode(setup!.secret, now));
    if (!confirmed.ok) throw new Error("setup not confirmed");
    return { secret: setup!.secret, recoveryCodes: confirmed.recoveryCodes };
  }

  test("setup: a secret with its QR code and otpauth URI, in force only once the app's first code confirms it", async () => {
    const setup = await service().startSetup(admin);
    expect(setup?.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup?.uri).toBe(
      `otpauth://totp/SMC%20Society:chair%40society.example?issuer=SMC%20Society&secret=${setup?.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(setup?.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect(await service().state(admin.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await service().pendingSetup(admin, passwordEntered(now)))?.secret).toBe(setup?.secret);

    expect(await service().confirmSetup(admin.id, "000000")).toEqual({ ok: false, reason: "wrong-code" });
    const confirmed = await service().confirmSetup(admin.id, appCode(setup!.secret, now));
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    expect(confirmed.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirmed.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}(-[a-z2-9]{5}){4}$/);
    expect(await service().state(admin.id)).toEqual({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    expect(await service().pendingSetup(admin, passwordEntered(now))).toBeUndefined();
    // On, a new setup cannot replace the secret.
    expect(await service().startSetup(admin)).toBeUndefined();
    // Only the codes' hashes are stored.
    const stored = JSON.stringify(await database.db.selectFrom("recoveryCodes").selectAll().execute());
    for (const code of confirmed.recoveryCodes) expect(stored).not.toContain(code);
  });

  test("a started setup is shown again for 10 minutes, to a session whose password is recent; then it starts afresh", async () => {
    const setup = await service().startSetup(admin);
    now = START + SETUP_OPEN_FOR_MS - 1;
    expect((await service().pendingSetup(admin, passwordEntered(START)))?.secret).toBe(setup?.secret);
    // The password entered over 10 minutes ago: the secret is not shown (the setup's start asks for it again).
    expect(await service().pendingSetup(admin, passwordEntered(now - REAUTHENTICATION_WINDOW_MS))).toBeUndefined();

    now = START + SETUP_OPEN_FOR_MS;
    expect(await service().pendingSetup(admin, passwordEntered(now))).toBeUndefined();
    expect(await service().confirmSetup(admin.id, appCode(setup!.secret, now))).toEqual({ ok: false, reason: "setup-expired" });
    expect(await service().state(admin.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const again = await service().startSetup(admin);
    expect(again?.secret).not.toBe(setup?.secret);
    expect((await service().pendingSetup(admin, passwordEntered(now)))?.secret).toBe(again?.secret);
    expect((await service().confirmSetup(admin.id, appCode(again!.secret, now))).ok).toBe(true);
  });

  test("a sign-in's code: the app's current one (or the step either side) is taken once; the confirming code is used up", async () => {
    const { secret } = await turnOn();
    expect(await service().verify(admin.id, appCode(secret, now))).toEqual({ ok: false, reason: "wrong-code" });
    now += 30_000;
    const code = appCode(secret, now);
    expect(await service().verify(admin.id, code)).toEqual({ ok: true, method: "totp" });
    expect(await service().verify(admin.id, code)).toEqual({ ok: false, reason: "wrong-code" });
    now += 60_000;
    // A phone 30 s behind: the previous step's code still works.
    expect(await service().verify(admin.id, ` ${appCode(secret, now - 30_000)} `)).toEqual({ ok: true, method: "totp" });
    now += 30_000;
    expect(await service().verify(admin.id, appCode(secret, now - 90_000))).toEqual({ ok: false, reason: "wrong-code" });
  });

  test("two sign-ins racing with the same code: one gets in", async () => {
    const { secret } = await turnOn();
    now += 30_000;
    const code = appCode(secret, now);
    const results = await Promise.all([service().verify(admin.id, code), service().verify(admin.id, code)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  test("a recovery code signs in once, typed in any case and without its dashes; new codes replace the old", async () => {
    const { recoveryCodes } = await turnOn();
    const [first, second] = recoveryCodes;
    expect(await service().verify(admin.id, first!.toUpperCase().replace(/-/g, ""))).toEqual({
      ok: true,
      method: "recovery-code",
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });
    expect(await service().verify(admin.id, first!)).toEqual({ ok: false, reason: "wrong-code" });
    const fresh = await service().regenerateRecoveryCodes(admin.id);
    expect(await service().verify(admin.id, second!)).toEqual({ ok: false, reason: "wrong-code" });
    expect(await service().verify(admin.id, fresh[0]!)).toMatchObject({ ok: true, recoveryCodesLeft: RECOVERY_CODE_COUNT - 1 });
  });

  test("five wrong codes lock the code screen for the window, even for the right code; the window's end opens it", async () => {
    const { secret } = await turnOn();
    for (let i = 1; i < SECOND_FACTOR_LIMIT.limit; i += 1) {
      expect(await service().verify(admin.id, "123456")).toMatchObject({ ok: false, reason: "wrong-code" });
    }
    // The fifth ends the sign-in at once.
    expect(await service().verify(admin.id, "123456")).toMatchObject({ ok: false, reason: "rate-limited" });
    now += 30_000;
    expect(await service().verify(admin.id, appCode(secret, now))).toMatchObject({ ok: false, reason: "rate-limited" });
    expect(await service().lockedFor(admin.id)).toBeGreaterThan(0);
    now += SECOND_FACTOR_LIMIT.windowMs;
    expect(await service().verify(admin.id, appCode(secret, now))).toEqual({ ok: true, method: "totp" });
  });

  test("turned off, the secret and the recovery codes are gone, and no code is taken", async () => {
    const { secret, recoveryCodes } = await turnOn();
    await service().disable(admin.id, admin.id);
    expect(await service().state(admin.id)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    now += 30_000;
    expect(await service().verify(admin.id, appCode(secret, now))).toEqual({ ok: false, reason: "wrong-code" });
    expect(await service().verify(admin.id, recoveryCodes[0]!)).toEqual({ ok: false, reason: "wrong-code" });
    expect((await repos.auditLog.listRecent(5)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["two-factor.enable", "two-factor.disable"]),
    );
  });

  test("the secret is stored encrypted: not the base32 secret, and it opens only with the secrets key and only in its admin's row", async () => {
    const pending = await service().startSetup(admin);
    const storedPending = await storedSecret();
    expect(storedPending).toMatch(/^v1:/);
    expect(storedPending).not.toContain(pending!.secret);
    expect(openTotpSecret(secrets, admin.id, storedPending!)).toBe(pending!.secret);

    const { secret } = await turnOn();
    const stored = (await storedSecret())!;
    expect(stored).not.toContain(secret);
    expect(JSON.stringify(await database.db.selectFrom("admins").selectAll().execute())).not.toContain(secret);
    expect(openTotpSecret(secrets, admin.id, stored)).toBe(secret);
    const otherKey = secretsKey(crypto.randomBytes(32));
    expect(() => openTotpSecret(otherKey, admin.id, stored)).toThrow(SealedSecretError);
    // A service with another key refuses plainly rather than taking or refusing codes.
    now += 30_000;
    await expect(service(otherKey).verify(admin.id, appCode(secret, now))).rejects.toThrow(SealedSecretError);

    // Copied into another admin's row, the secret does not open there.
    const other = await repos.admins.create({ email: "treasurer@society.example", passwordHash: "x" });
    await database.db
      .updateTable("admins")
      .set({ totpSecret: stored, totpEnabledAt: new Date(now).toISOString() })
      .where("id", "=", other.id)
      .execute();
    expect(() => openTotpSecret(secrets, other.id, stored)).toThrow(SealedSecretError);
    await expect(service().verify(other.id, appCode(secret, now))).rejects.toThrow(SealedSecretError);
    expect(await service().verify(admin.id, appCode(secret, now))).toEqual({ ok: true, method: "totp" });
  });

  // SQLite only: it reads the database's own file and write-ahead log, which PostgreSQL keeps out of a test's reach.
  test.runIf(engine === "sqlite")(
    "a replaced pending secret and a secret turned off leave no copy in the database file or its log",
    async () => {
      const { rows } = await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(database.db);
      const file = rows.find((row) => row.name === "main")!.file;
      const onDisk = () =>
        [file, `${file}-wal`].map((name) => (fs.existsSync(name) ? fs.readFileSync(name).toString("latin1") : "")).join("");

      await service().startSetup(admin);
      const replaced = (await storedSecret())!;
      await service().startSetup(admin);
      expect(onDisk()).not.toContain(replaced);

      await turnOn();
      const turnedOff = (await storedSecret())!;
      expect(onDisk()).toContain(turnedOff);
      await service().disable(admin.id, admin.id);
      expect(onDisk()).not.toContain(turnedOff);
    },
  );
});
