import crypto from "node:crypto";
import os from "node:os";
import { Secret, TOTP } from "otpauth";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDatabase, type TestDatabase, testEngines } from "#tests/shared/test-database.ts";
import { withClientAddress } from "#server/client-address-scope.ts";
import { createLogger } from "#server/logger.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import { openSecretsKey } from "#server/secrets-at-rest.ts";
import { type SecretsKey, secretsKey } from "#server/secrets-key.ts";
import { type AdminCheckOptions, authService } from "./auth-service";
import { hashPassword } from "./password.server";
import { REAUTHENTICATION_WINDOW_MS, sessionStore } from "./sessions.server";
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
      .select("networkCode")
      .where("id", "=", result.session.id)
      .executeTakeFirstOrThrow();
    return { active: { session: result.session, admin: result.admin }, stored: row.networkCode };
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

/** The admin's browser: a request to the site carrying `token` in the session cookie (none without one). */
const browserRequest = (token?: string, path = "/admin") =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "user-agent": "Firefox", ...(token ? { cookie: `session=${token}` } : {}) },
  });
const appCode = (secret: string, at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

describe.each(testEngines())("sign-in stages, the second factor, 'Confirm it's you' and the session list on %s", (engine) => {
  let database: TestDatabase;
  let repos: Repos;
  let adminId: string;
  let logLines: string[];
  const secrets = secretsKey(crypto.randomBytes(32));
  const twoFactor = () => twoFactorService({ db: database.db, siteName: async () => "SMC Society", secrets });
  const auth = () =>
    authService({
      db: database.db,
      logger: pino({ level: "info" }, { write: (line: string) => logLines.push(line) }),
      publicUrl: "http://localhost:3000",
      twoFactor: twoFactor(),
      siteTimeZone: "UTC",
      secrets,
    });
  const sessions = () => sessionStore(repos.sessions);
  const events = () => logLines.map((line) => (JSON.parse(line) as { event?: string }).event).filter(Boolean);
  const actions = async () => (await repos.auditLog.listRecent(50)).map((entry) => [entry.action, entry.detail]);

  beforeEach(async () => {
    database = await openTestDatabase(engine);
    repos = createRepos(database.db);
    adminId = (await repos.admins.create({ email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) })).id;
    logLines = [];
  });
  afterEach(async () => {
    await database.destroy();
  });

  /** Two factors on for the admin, as a confirmed setup leaves them: the app's key and the recovery codes. */
  async function withTwoFactor(): Promise<{ secret: string; recoveryCodes: string[] }> {
    const admin = (await repos.admins.findById(adminId))!;
    const setup = await twoFactor().startSetup(admin);
    // The confirming code's step is used up: the sign-ins below take the next step's code.
    const confirmed = await twoFactor().confirmSetup(adminId, appCode(setup!.secret, Date.now() - 30_000));
    if (!confirmed.ok) throw new Error("setup not confirmed");
    return { secret: setup!.secret, recoveryCodes: confirmed.recoveryCodes };
  }
  const signIn = async () => {
    const result = await auth().logIn({ ...ADMIN, ip: "203.0.113.7", userAgent: "Firefox" }, browserRequest());
    if (!result.ok) throw new Error(`sign-in refused: ${result.reason}`);
    return result;
  };

  test("a session is admitted at the first stage its sign-in still owes, and at the routes open from it; an Editor not at an Owner's", async () => {
    const check = async (token: string | undefined, options: AdminCheckOptions = {}) => {
      const answer = await auth().check(browserRequest(token), options);
      return answer.admitted ? "admitted" : answer.reason;
    };
    expect(await check(undefined)).toBe("no-session");
    const dead = await auth().check(browserRequest("x".repeat(43)));
    expect(dead).toEqual({ admitted: false, reason: "session-ended", clearCookie: expect.stringMatching(/^session=; .*Max-Age=0/) });

    const { token } = await sessions().create(adminId, { secondFactorPending: true });
    expect(await check(token)).toBe("second-factor-required");
    expect(await check(token, { openFrom: "password-change" })).toBe("second-factor-required");
    expect(await check(token, { openFrom: "second-factor" })).toBe("admitted");

    await repos.admins.updatePassword(adminId, await hashPassword(ADMIN.password), { mustChangePassword: true });
    const owing = (await sessions().create(adminId)).token;
    expect(await check(owing)).toBe("password-change-required");
    expect(await check(owing, { openFrom: "two-factor-setup" })).toBe("password-change-required");
    expect(await check(owing, { openFrom: "password-change" })).toBe("admitted");
    await repos.admins.updatePassword(adminId, await hashPassword(ADMIN.password), { mustChangePassword: false });

    await repos.settings.setTwoFactorRequired(true);
    expect(await check(owing)).toBe("two-factor-setup-required");
    expect(await check(owing, { openFrom: "two-factor-setup" })).toBe("admitted");
    await repos.settings.setTwoFactorRequired(false);

    expect(await check(owing, { ownersOnly: true })).toBe("admitted");
    await database.db.updateTable("admins").set({ role: "editor" }).where("id", "=", adminId).execute();
    expect(await check(owing, { ownersOnly: true })).toBe("owners-only");
    expect(await check(owing)).toBe("admitted");
    expect(events()).toContain("access.refused");
  });

  test("a sensitive change is taken within 10 minutes of the password; after that 'Confirm it's you' takes the password, or the app's code", async () => {
    const { token, session } = await sessions().create(adminId);
    const sensitive = async () => (await auth().check(browserRequest(token), { recentAuthentication: true })).admitted;
    const enteredAgo = (ms: number) =>
      database.db
        .updateTable("sessions")
        .set({ authenticatedAt: new Date(Date.now() - ms).toISOString() })
        .where("id", "=", session.id)
        .execute();
    await enteredAgo(REAUTHENTICATION_WINDOW_MS - 5_000);
    expect(await sensitive()).toBe(true);
    await enteredAgo(REAUTHENTICATION_WINDOW_MS);
    expect(await auth().check(browserRequest(token), { recentAuthentication: true })).toMatchObject({
      reason: "reauthentication-required",
    });
    expect(await auth().check(browserRequest(token))).toMatchObject({ admitted: true });

    const active = (await sessions().findByToken(token))!;
    expect(await auth().reauthenticate(active, "not my password")).toEqual({ ok: false, reason: "invalid-credentials" });
    expect(await sensitive()).toBe(false);
    expect(await auth().reauthenticate(active, ADMIN.password)).toEqual({ ok: true });
    expect(await sensitive()).toBe(true);

    const { secret } = await withTwoFactor();
    await enteredAgo(REAUTHENTICATION_WINDOW_MS);
    expect(await auth().reauthenticate(active, "000000")).toEqual({ ok: false, reason: "wrong-code" });
    expect(await auth().reauthenticate(active, ` ${appCode(secret, Date.now() + 30_000)} `)).toEqual({ ok: true });
    expect(await sensitive()).toBe(true);
    expect(await actions()).toEqual(
      expect.arrayContaining([
        ["reauthentication.refused", "wrong current password"],
        ["reauthentication", `session=${session.id}`],
      ]),
    );
  });

  test("with two factors on, the password opens a waiting session; the app's code replaces it with a full one, recorded as a sign-in", async () => {
    const { secret } = await withTwoFactor();
    const waiting = await signIn();
    expect(waiting.session.secondFactorPending).toBe(true);
    expect((await repos.admins.findById(adminId))?.lastSignInAt).toBeNull();

    expect(await auth().completeSecondFactor(browserRequest(waiting.token), "123456")).toEqual({ ok: false, reason: "wrong-code" });
    expect(events()).toEqual(["login.second-factor-failure"]);
    const done = await auth().completeSecondFactor(browserRequest(waiting.token), appCode(secret, Date.now() + 30_000));
    expect(done).toMatchObject({ ok: true, method: "totp", cookie: expect.stringMatching(/^session=[A-Za-z0-9_-]{43}; /) });
    expect(await sessions().findByToken(waiting.token)).toBeUndefined();
    const token = /^session=([^;]+)/.exec(done.ok ? done.cookie! : "")![1]!;
    expect((await sessions().findByToken(token))?.session.secondFactorPending).toBe(false);
    expect((await repos.admins.findById(adminId))?.lastSignInAt).not.toBeNull();
    expect((await actions()).map(([action]) => action)).toEqual(expect.arrayContaining(["login.password-accepted", "login.success"]));
    expect((await repos.auditLog.listRecent(1, { action: "login.success" }))[0]?.detail).toMatch(/ via=totp$/);
    // A full session, or none, has no code to give.
    expect(await auth().completeSecondFactor(browserRequest(token), "123456")).toEqual({ ok: false, reason: "no-session" });
    expect(await auth().completeSecondFactor(browserRequest(), "123456")).toEqual({ ok: false, reason: "no-session" });
  });

  test("the fifth wrong code ends the waiting session, clears its cookie and is logged as a lock", async () => {
    await withTwoFactor();
    const waiting = await signIn();
    for (let i = 0; i < 4; i += 1) await auth().completeSecondFactor(browserRequest(waiting.token), "123456");
    const locked = await auth().completeSecondFactor(browserRequest(waiting.token), "123456");
    expect(locked).toMatchObject({ ok: false, reason: "rate-limited", cookie: expect.stringMatching(/^session=; .*Max-Age=0/) });
    expect(await sessions().findByToken(waiting.token)).toBeUndefined();
    expect(events().filter((event) => event === "login.second-factor-failure")).toHaveLength(4);
    expect(events().at(-1)).toBe("login.second-factor-locked");
  });

  test("an admin signs out one of their own sessions, or all but this one; another admin's session is not theirs to end", async () => {
    const here = await sessions().create(adminId);
    const phone = await sessions().create(adminId);
    const other = await repos.admins.create({ email: "treasurer@society.example", passwordHash: "x" });
    const theirs = await sessions().create(other.id);
    const active = (await sessions().findByToken(here.token))!;

    expect(await auth().revokeOwnSession(active, theirs.session.id)).toBe(false);
    expect(await sessions().findByToken(theirs.token)).toBeDefined();
    expect(await auth().revokeOwnSession(active, phone.session.id)).toBe(true);
    expect(await sessions().findByToken(phone.token)).toBeUndefined();

    await sessions().create(adminId);
    await sessions().create(adminId);
    expect(await auth().revokeOtherSessions(active)).toBe(2);
    expect((await auth().listSessions(active)).map((session) => [session.id, session.current, session.browser])).toEqual([
      [here.session.id, true, "Unknown browser"],
    ]);
    expect(await sessions().findByToken(theirs.token)).toBeDefined();
    expect(await actions()).toEqual(
      expect.arrayContaining([
        ["session.revoke", `session=${phone.session.id}`],
        ["session.revoke-others", "sessions_revoked=2"],
      ]),
    );
  });

  test("an accepted invitation signs its admin in: a new session replacing the browser's, recorded as a sign-in", async () => {
    const previous = await sessions().create(adminId);
    const cookie = await auth().startSession(adminId, browserRequest(previous.token), "203.0.113.7");
    const token = /^session=([^;]+)/.exec(cookie)![1]!;
    expect(await sessions().findByToken(previous.token)).toBeUndefined();
    expect((await sessions().findByToken(token))?.session.userAgent).toBe("Firefox");
    expect((await repos.admins.findById(adminId))?.lastSignInAt).not.toBeNull();
    expect((await repos.auditLog.listRecent(1))[0]?.detail).toMatch(/ via=invitation$/);
  });
});
