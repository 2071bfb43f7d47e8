import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { ADMIN, cookieFrom, getPage, post, signIn } from "./helpers/admin";
import { siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const INVALID = "Invalid credentials. Please check the email and password.";

describe.each(answerTestEngines())("admin sign-in and sessions on %s", (engine) => {
  const setup = useTestServer(engine);
  let server: TestServer;
  beforeEach(async () => {
    server = setup.server;
    await server.database.db.deleteFrom("sessions").execute();
  });

  const sessionCount = async () => (await server.database.db.selectFrom("sessions").select("id").execute()).length;

  test("whatever its spelling, an admin address is answered by its admin route and never kept by a browser or a proxy", async () => {
    for (const path of ["/Admin", "/ADMIN/", "/%61dmin", "/admin/", "/Admin-Announcement", "/admin-announcement.data", "/Admin/Messages"]) {
      const response = await getPage(server, path);
      expect(response.status, path).toBeLessThan(400);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
    // The login's action, reached by any method and spelling React Router resolves to it: answered, and never kept.
    for (const [method, path] of [
      ["POST", "/Admin/Login"],
      ["POST", "/admin/login/"],
      ["POST", "/%61dmin/login"],
      ["PUT", "/admin/login"],
    ] as const) {
      const answer = await fetch(`${server.url}${path}`, {
        method,
        headers: siteOrigin(server.publicUrl),
        body: new URLSearchParams({ email: ADMIN.email, password: "not the password" }),
        redirect: "manual",
      });
      expect(answer.headers.get("cache-control"), `${method} ${path}`).toBe("no-store");
      expect(await answer.text(), `${method} ${path}`).toContain(INVALID);
    }
  });

  test("the right password starts a session: an HttpOnly, SameSite=Lax cookie that opens the panel", async () => {
    const answer = await post(server, "/admin/login", ADMIN);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    const setCookie = answer.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    for (const flag of ["HttpOnly", "SameSite=Lax", "Path=/"]) expect(setCookie).toContain(flag);
    expect(await (await getPage(server, "/admin", cookieFrom(answer.headers))).text()).toContain("Admin Panel - All Requests (0)");
  });

  test("a wrong password, or an unknown email, answers 401 with the error message and sets no cookie", async () => {
    for (const fields of [
      { email: ADMIN.email, password: "not the password" },
      { email: "nobody@example.org", password: "whatever1" },
    ]) {
      const answer = await post(server, "/admin/login", fields);
      expect([answer.status, answer.body.error, answer.headers.get("set-cookie")]).toEqual([401, INVALID, null]);
    }
    expect(await sessionCount()).toBe(0);
  });

  test("logout revokes the session, clears the cookie and goes to the login", async () => {
    const cookie = await signIn(server);
    const answer = await post(server, "/admin/logout", {}, { cookie });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(answer.headers.get("set-cookie")).toMatch(/^session=; .*Max-Age=0/);
    expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Admin Login");
  });

  describe("a session that ends while the admin works", () => {
    const endSessions = () =>
      server.database.db
        .updateTable("sessions")
        .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
        .execute();
    const page = `${"/admin?q=khan&status=new"}`;

    test("the app's own write goes to the login, which says so and names the page the admin was on; nothing changes", async () => {
      const cookie = await signIn(server);
      await endSessions();
      const answer = await fetch(`${server.url}/admin/join-us.data`, {
        method: "POST",
        body: new URLSearchParams({ visible: "false" }),
        headers: { ...siteOrigin(server.publicUrl), cookie, referer: `${server.url}${page}` },
      });
      expect(answer.status).toBe(202);
      expect(await answer.text()).toContain(`"redirect","/admin?ended=1&next=${encodeURIComponent(page)}"`);
      expect((await settingsRepo(server.database.db).get()).joinUsVisible).toBe(true);
    });

    test("a form posted without JavaScript goes there too (303); a page (or the app's data for it) goes to the login for itself", async () => {
      const cookie = await signIn(server);
      await endSessions();
      const noScript = await post(
        server,
        "/admin/join-us",
        { visible: "false" },
        { cookie, headers: { accept: "text/html", referer: `${server.url}/admin-announcement` } },
      );
      expect(noScript.status).toBe(303);
      expect(noScript.headers.get("location")).toBe("/admin?ended=1&next=%2Fadmin-announcement");
      const cookie2 = await signIn(server);
      await endSessions();
      const data = await getPage(server, "/admin/content/goals.data", cookie2);
      expect(data.status).toBe(202);
      expect(await data.text()).toContain('"redirect","/admin?ended=1&next=%2Fadmin%2Fcontent%2Fgoals"');
      const cookie3 = await signIn(server);
      await endSessions();
      const announcements = await getPage(server, "/admin-announcement", cookie3);
      expect([announcements.status, announcements.headers.get("location")]).toEqual([302, "/admin?ended=1&next=%2Fadmin-announcement"]);
      expect((await settingsRepo(server.database.db).get()).joinUsVisible).toBe(true);
    });

    test("the login says the session ended, and leads back to the page after it", async () => {
      const html = await (await getPage(server, "/admin?ended=1&next=%2Fadmin%2Fcontent%2Fgoals")).text();
      expect(html).toContain("Admin Login");
      expect(html).toContain("Your session has ended. Please log in again.");
      expect(html).toContain('name="next" value="/admin/content/goals"');
      expect(await (await getPage(server, "/admin")).text()).not.toContain("Your session has ended.");

      const answer = await post(server, "/admin/login", { ...ADMIN, next: "/admin/content/goals" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/admin/content/goals");
      const filtered = await post(server, "/admin/login", { ...ADMIN, next: page });
      expect(filtered.headers.get("location")).toBe(page);
    });

    test.each([
      "https://evil.example/admin",
      "//evil.example/admin",
      "/admin/join-us",
      "/admin/requests.csv",
      "/\\evil.example",
      "javascript:alert(1)",
      "/",
    ])("a return address that is not an admin page (%s) leads to /admin", async (next) => {
      const answer = await post(server, "/admin/login", { ...ADMIN, next });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe("/admin");
    });
  });

  test("five wrong passwords lock the account: 429 with a clear message and Retry-After, even for the right password", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(server, "/admin/login", { email: ADMIN.email, password: `wrong-${i}` })).status).toBe(401);
    const locked = await post(server, "/admin/login", ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many login attempts\. Please try again in (a minute|\d+ minutes)\.$/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(locked.headers.get("set-cookie")).toBeNull();
  });

  test("a cross-site login attempt is refused with 403", async () => {
    const answer = await post(server, "/admin/login", ADMIN, { headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount()).toBe(0);
  });

  test("a wrong current password, when changing it, says 'Old password is incorrect' at its field and changes nothing", async () => {
    const cookie = await signIn(server);
    const fields = { currentPassword: "not it at all", newPassword: "a brand new secret", confirmPassword: "a brand new secret" };
    const answer = await post(server, "/admin/password", fields, { cookie });
    expect([answer.status, answer.body.errors?.currentPassword]).toEqual([400, "Old password is incorrect"]);
    await signIn(server); // the old password still works
  });
});

describe.each(answerTestEngines())("the first start without ADMIN_EMAIL on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test("prints a one-time password once, which leads straight to a forced password change", async () => {
    const password = /One-time password: (\S+)/.exec(server.output())?.[1];
    expect(password).toBeTruthy();
    const login = await post(server, "/admin/login", { email: "admin@example.org", password: password! });
    expect([login.status, login.headers.get("location")]).toEqual([302, "/admin"]);
    const page = await (await getPage(server, "/admin", cookieFrom(login.headers)!)).text();
    expect(page).toContain("Change Password");
    expect(page).not.toContain("Admin Panel - All Requests");
  });
});

describe("the session cookie behind HTTPS", () => {
  const setup = useTestServer("sqlite", { env: { PUBLIC_URL: "https://society.example.org", TRUST_PROXY: "loopback" } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  test("only __Host-session is read: the same token in a plain session cookie (which a sibling subdomain could set) is no session", async () => {
    // Signed in through the TLS proxy, as a browser at PUBLIC_URL is: a write must come from PUBLIC_URL's origin, and
    // React Router wants that origin to be the request's too. (The port is named, or React Router would take the one
    // in the Host header fetch sends, the test server's.)
    const proxied = { "x-forwarded-proto": "https", "x-forwarded-host": "society.example.org:443" };
    const signedIn = await post(server, "/admin/login", ADMIN, { headers: proxied });
    expect(signedIn.status).toBe(302);
    const cookie = cookieFrom(signedIn.headers)!;
    expect(cookie).toMatch(/^__Host-session=/);
    const token = cookie.slice(cookie.indexOf("=") + 1);
    expect((await getPage(server, "/admin-announcement", cookie)).status).toBe(200);
    const plain = await getPage(server, "/admin-announcement", `session=${token}`);
    expect(plain.status).toBe(302);
    expect(plain.headers.get("location")).toMatch(/^\/admin/);
    // Beside a real one, a planted plain cookie changes nothing either way.
    expect((await getPage(server, "/admin-announcement", `session=junk; ${cookie}`)).status).toBe(200);
  });
});
