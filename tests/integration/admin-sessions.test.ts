import { beforeEach, describe, expect, test } from "vitest";
import { secretsKeyIn } from "../shared/secrets-key";
import { testEngines } from "../shared/test-database";
import { ADMIN, cookieFrom, getPage, post } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The admin's own sessions on the security page: each browser and network, and signing out one or all the others. */
describe.each(testEngines())("the admin's signed-in sessions on %s", (engine) => {
  const setup = useTestServer(engine, { env: { TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeEach(async () => {
    server = setup.server;
    await server.database.db.deleteFrom("sessions").execute();
  });

  /** A sign-in from a browser `userAgent` at `ip`: its session cookie. */
  async function signInFrom(userAgent: string, ip: string): Promise<string> {
    const login = await post(server, "/admin/login", ADMIN, { headers: { "user-agent": userAgent, "x-forwarded-for": ip } });
    expect(login.status).toBe(302);
    return cookieFrom(login.headers)!;
  }
  const signedIn = async (cookie: string) => (await getPage(server, "/admin", cookie).then((page) => page.text())).includes("Admin Panel");

  test("each session shows its browser and its network's code, this network or another (never the address); one is signed out, then all the others", async () => {
    const laptop = await signInFrom(FIREFOX_WINDOWS, "203.0.113.77");
    const phone = await signInFrom(CHROME_ANDROID, "2001:db8:abcd:12::5");
    const securityPage = await fetch(`${server.url}/admin/security`, { headers: { cookie: laptop, "x-forwarded-for": "203.0.113.9" } });
    const page = await securityPage.text();
    const secrets = secretsKeyIn(server.dataDir);
    const code = (prefix: string) => secrets.sessionNetworkCode(prefix).slice(0, 8);
    expect(page).toContain("Firefox on Windows");
    expect(page).toContain("(this browser)");
    expect(page).toContain(`From this network (${code("203.0.113.0/24")}).`);
    expect(page).toContain("Chrome on Android");
    expect(page).toContain(`From another network (${code("2001:db8:abcd::/48")}).`);
    expect(page).not.toContain("203.0.113");
    expect(page).not.toContain("2001:db8");
    expect(JSON.stringify(await server.database.db.selectFrom("sessions").selectAll().execute())).not.toMatch(/203\.0\.113|2001:db8/);

    const phoneSession = await server.database.db
      .selectFrom("sessions")
      .select("id")
      .where("user_agent", "=", CHROME_ANDROID)
      .executeTakeFirstOrThrow();
    expect((await post(server, `/admin/security/sessions/${phoneSession.id}/revoke`, {}, { cookie: laptop })).status).toBe(200);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);

    const second = await signInFrom(CHROME_ANDROID, "198.51.100.4");
    const third = await signInFrom(FIREFOX_WINDOWS, "198.51.100.5");
    const others = await post(server, "/admin/security/sessions/revoke-others", {}, { cookie: laptop });
    expect(others).toMatchObject({ status: 200, body: { ok: true, revoked: 2 } });
    expect(await signedIn(second)).toBe(false);
    expect(await signedIn(third)).toBe(false);
    expect(await signedIn(laptop)).toBe(true);
  });

  test("another admin's session cannot be signed out from here", async () => {
    const mine = await signInFrom(FIREFOX_WINDOWS, "203.0.113.77");
    const { password_hash } = await server.database.db
      .selectFrom("admins")
      .select("password_hash")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    await server.database.db
      .insertInto("admins")
      .values({
        id: "01a22900-0000-7000-8000-000000000001",
        email: "other@example.org",
        password_hash,
        must_change_password: 0,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        name: null,
        disabled_at: null,
        last_sign_in_at: null,
        password_expires_at: null,
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
      })
      .execute();
    const theirs = cookieFrom((await post(server, "/admin/login", { email: "other@example.org", password: ADMIN.password })).headers)!;
    const theirSession = await server.database.db
      .selectFrom("sessions")
      .innerJoin("admins", "admins.id", "sessions.admin_id")
      .select("sessions.id")
      .where("admins.email", "=", "other@example.org")
      .executeTakeFirstOrThrow();
    expect((await post(server, `/admin/security/sessions/${theirSession.id}/revoke`, {}, { cookie: mine })).status).toBe(404);
    expect(await signedIn(theirs)).toBe(true);
  });
});
