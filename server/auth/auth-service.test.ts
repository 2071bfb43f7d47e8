import crypto from "node:crypto";
import os from "node:os";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "../../tests/shared/test-database";
import { withClientAddress } from "../client-address-scope";
import { createLogger } from "../logger";
import { createRepos } from "../repos";
import { openSecretsKey } from "../secrets-at-rest";
import { type SecretsKey, secretsKey } from "../secrets-key";
import { authService } from "./auth-service";
import { hashPassword } from "./password.server";
import { twoFactorService } from "./two-factor.server";

const ADMIN = { email: "chair@society.example", password: "correct horse battery" };

describe.each(testEngines())("sessions' networks on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
    await createRepos(database.db).admins.create({ email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
  });
  afterEach(async () => {
    await database.destroy();
  });

  const auth = (secrets: SecretsKey) =>
    authService({
      db: database.db,
      logger: createLogger("silent"),
      publicUrl: "http://localhost:3000",
      twoFactor: twoFactorService({ db: database.db, siteName: async () => "SMC Society", secrets }),
      siteTimeZone: "UTC",
      secrets,
    });

  async function signIn(secrets: SecretsKey, ip: string) {
    const result = await auth(secrets).logIn({ ...ADMIN, ip, userAgent: "Firefox" }, new Request("http://localhost:3000/admin/login"));
    if (!result.ok) throw new Error(`sign-in refused: ${result.reason}`);
    const row = await database.db
      .selectFrom("sessions")
      .select("network_code")
      .where("id", "=", result.session.id)
      .executeTakeFirstOrThrow();
    return { active: { session: result.session, admin: result.admin }, stored: row.network_code };
  }

  test("a session keeps its network as a code keyed with the secrets key, never the network, and no HMAC anyone holding the database can make", async () => {
    // The key as the start opens it, so the database holds what a start stores of it.
    const secrets = await openSecretsKey({
      configured: crypto.randomBytes(32),
      dataDir: os.tmpdir(),
      db: database.db,
      logger: createLogger("silent"),
    });
    const { stored } = await signIn(secrets, "203.0.113.7");
    expect(stored).toBe(secrets.sessionNetworkCode("203.0.113.0/24"));
    const other = await signIn(secretsKey(crypto.randomBytes(32)), "203.0.113.7");
    expect(other.stored).toMatch(/^[0-9a-f]{64}$/);
    expect(other.stored).not.toBe(stored);

    const rows = JSON.stringify(await database.db.selectFrom("sessions").selectAll().execute());
    expect(rows).not.toContain("203.0.113");
    const prefix = "203.0.113.0/24";
    const settings = await database.db.selectFrom("settings").selectAll().executeTakeFirstOrThrow();
    const made = [
      crypto.createHash("sha256").update(prefix).digest("hex"),
      ...Object.values(settings)
        .filter((value): value is string | number => value !== null)
        .flatMap((value) => [Buffer.from(String(value)), Buffer.from(String(value), "base64"), Buffer.from(String(value), "hex")])
        .map((key) => crypto.createHmac("sha256", key).update(prefix).digest("hex")),
    ];
    expect(made).not.toContain(stored);
    expect(made).not.toContain(other.stored);
  });

  test("the list of sessions says which signed in from the network the admin is on now, by its code", async () => {
    const secrets = secretsKey(crypto.randomBytes(32));
    const laptop = await signIn(secrets, "203.0.113.7");
    const phone = await signIn(secrets, "2001:db8:abcd:12::5");
    const listFrom = (ip: string) => withClientAddress(ip, () => auth(secrets).listSessions(laptop.active));
    const networks = async (ip: string) => Object.fromEntries((await listFrom(ip)).map((session) => [session.id, session.network]));

    expect(await networks("203.0.113.200")).toEqual({
      [laptop.active.session.id]: { code: laptop.stored!.slice(0, 8), here: true },
      [phone.active.session.id]: { code: phone.stored!.slice(0, 8), here: false },
    });
    expect(await networks("2001:db8:abcd:ffff::1")).toEqual({
      [laptop.active.session.id]: { code: laptop.stored!.slice(0, 8), here: false },
      [phone.active.session.id]: { code: phone.stored!.slice(0, 8), here: true },
    });
  });
});
