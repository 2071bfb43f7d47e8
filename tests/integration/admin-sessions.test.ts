import { beforeEach, describe, expect, test } from "vitest";
import { secretsKeyIn } from "#tests/shared/secrets-key.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, cookieFrom, post, postToPage } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_ANDROID = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The admin's own sessions on the security page: each browser and network, and signing out one or all the others. */
describe.each(answerTestEngines())("the admin's signed-in sessions on %s", (engine) => {
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
  test("each session shows its browser and its network's code, this network or another (never the address)", async () => {
    const laptop = await signInFrom(FIREFOX_WINDOWS, "203.0.113.77");
    await signInFrom(CHROME_ANDROID, "2001:db8:abcd:12::5");
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
  });

  test("signing out a session that is not one of the admin's own answers 404 with the reason", async () => {
    const laptop = await signInFrom(FIREFOX_WINDOWS, "203.0.113.77");
    const answer = await postToPage(
      server,
      "/admin/security",
      { intent: "revoke-session", id: "01a22900-0000-7000-8000-000000000001" },
      { cookie: laptop },
    );
    expect([answer.status, answer.body.error]).toEqual([404, "That session has already ended."]);
  });
});
