import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "../shared/test-database";
import { settingsRepo } from "../../server/repos/settings";
import { ADMIN, auditActions, auditedTimes, clearRateLimits, cookieFrom, getPage, post, signIn } from "./helpers/admin";
import { serverCommand, siteOrigin, startTestServer, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

const INVALID = "Invalid credentials. Please check the email and password.";

describe.each(testEngines())("admin sign-in and sessions on %s", (engine) => {
  const setup = useTestServer(engine);
  let server: TestServer;
  beforeEach(async () => {
    server = setup.server;
    await server.database.db.deleteFrom("sessions").execute();
  });

  const sessionCount = async () => (await server.database.db.selectFrom("sessions").select("id").execute()).length;

  test("/admin without a session is the login page, never cached", async () => {
    const response = await getPage(server, "/admin");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Admin Login");
    expect(html).not.toContain("Admin Panel - All Requests");
  });

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

  test("the right password starts a session: an HttpOnly, SameSite=Lax cookie holding a token stored only hashed", async () => {
    const answer = await post(server, "/admin/login", ADMIN);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    const setCookie = answer.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    const token = cookieFrom(answer.headers)!.split("=")[1]!;
    const rows = await server.database.db.selectFrom("sessions").select("token_hash").execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);

    const panel = await (await getPage(server, "/admin", cookieFrom(answer.headers))).text();
    expect(panel).toContain("Admin Panel - All Requests (0)");
    expect((await auditActions(server)).at(-1)).toMatchObject({ action: "login.success" });
  });

  test("a wrong password answers 401 with the error message, sets no cookie and is audited", async () => {
    const failuresBefore = await auditedTimes(server, "login.failure");
    const answer = await post(server, "/admin/login", { email: ADMIN.email, password: "not the password" });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe(INVALID);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount()).toBe(0);
    // Counted in the audit log: a new entry, or one more on this network's entry of the last 10 minutes.
    expect(await auditedTimes(server, "login.failure")).toBe(failuresBefore + 1);
    const failures = (await auditActions(server)).filter((entry) => entry.action === "login.failure");
    expect(failures.map((entry) => entry.actor)).toEqual(failures.map(() => "anonymous"));
    expect(failures.map((entry) => entry.detail).join()).not.toContain(ADMIN.email);
  });

  test("an unknown email gets the same answer as a wrong password", async () => {
    const answer = await post(server, "/admin/login", { email: "nobody@example.org", password: "whatever1" });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe(INVALID);
  });

  test.each([
    [{ email: "", password: "x" }, "email", "Email is required"],
    [{ email: ADMIN.email, password: "" }, "password", "Password is required"],
  ])("an empty field is refused with the spec's message (%j)", async (fields, field, message) => {
    const answer = await post(server, "/admin/login", fields);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[field]).toBe(message);
    expect(await sessionCount()).toBe(0);
  });

  test("signing in again rotates the session: the old cookie stops working", async () => {
    const first = await signIn(server);
    const second = await signIn(server, ADMIN, first);
    expect(second).not.toBe(first);
    expect(await sessionCount()).toBe(1);
    expect(await (await getPage(server, "/admin", first)).text()).toContain("Admin Login");
    expect(await (await getPage(server, "/admin", second)).text()).toContain("Admin Panel - All Requests");
  });

  test("logout revokes the session and clears the cookie", async () => {
    const cookie = await signIn(server);
    const answer = await post(server, "/admin/logout", {}, { cookie });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin");
    expect(answer.headers.get("set-cookie")).toMatch(/^session=; .*Max-Age=0/);
    expect(await sessionCount()).toBe(0);
    expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Admin Login");
    expect((await auditActions(server)).at(-1)).toMatchObject({ action: "logout" });
    expect((await post(server, "/admin/logout", {}, { cookie })).status).toBe(401);
  });

  test("an idle session has expired: the page shows the login, writes answer 401 and change nothing", async () => {
    const cookie = await signIn(server);
    const threeHoursAgo = new Date(Date.now() - 3 * 3600_000).toISOString();
    await server.database.db.updateTable("sessions").set({ last_seen_at: threeHoursAgo }).execute();
    const toggle = await post(server, "/admin/join-us", { visible: "false" }, { cookie });
    expect(toggle.status).toBe(401);
    expect(toggle.body.error).toBe("Your session has ended. Please log in again.");
    expect((await settingsRepo(server.database.db).get()).joinUsVisible).toBe(true);
    expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Admin Login");
    expect(await sessionCount()).toBe(0);
  });

  describe("a session that ends while the admin works", () => {
    const endSessions = () =>
      server.database.db
        .updateTable("sessions")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
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
      "/admin/requests/status",
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

  test("a session past its absolute lifetime has expired, however recently it was used", async () => {
    const cookie = await signIn(server);
    await server.database.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const page = await getPage(server, "/admin-announcement", cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin?ended=1&next=%2Fadmin-announcement");
    expect((await post(server, "/admin/join-us", { visible: "false" }, { cookie })).status).toBe(401);
  });

  test("five wrong passwords lock the account (429, a clear message, even for the right password) until the window passes", async () => {
    for (let i = 0; i < 5; i++)
      expect((await post(server, "/admin/login", { email: ADMIN.email, password: `wrong-${i}` })).status).toBe(401);
    const locked = await post(server, "/admin/login", ADMIN);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many login attempts\. Please try again in (a minute|\d+ minutes)\.$/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(locked.headers.get("set-cookie")).toBeNull();

    await server.database.db
      .updateTable("rate_limits")
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await post(server, "/admin/login", ADMIN)).status).toBe(302);
  });

  test("more than 10 attempts a minute from one address are refused before any password is checked", async () => {
    for (let i = 0; i < 10; i++)
      expect((await post(server, "/admin/login", { email: `guess${i}@example.org`, password: "guess1234" })).status).toBe(401);
    const failuresBefore = await auditedTimes(server, "login.failure");
    const refused = await post(server, "/admin/login", ADMIN);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many login attempts/);
    // Refused before the password check: no new failure was recorded.
    expect(await auditedTimes(server, "login.failure")).toBe(failuresBefore);
  });

  test("a cross-site login attempt is refused with 403", async () => {
    const answer = await post(server, "/admin/login", ADMIN, { headers: { origin: "https://evil.example" } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("set-cookie")).toBeNull();
    expect(await sessionCount()).toBe(0);
  });

  describe("changing the password", () => {
    const NEW_PASSWORD = "a brand new secret";
    const change = (cookie: string | undefined, fields: Partial<Record<"currentPassword" | "newPassword" | "confirmPassword", string>>) =>
      post(server, "/admin/password", { currentPassword: "", newPassword: "", confirmPassword: "", ...fields }, { cookie });

    test.each([
      [{ newPassword: "12345678", confirmPassword: "12345678" }, "currentPassword", "Current password is required"],
      [
        { currentPassword: "x", newPassword: "short", confirmPassword: "short" },
        "newPassword",
        "New password must be at least 8 characters",
      ],
      [{ currentPassword: "x", newPassword: "12345678", confirmPassword: "" }, "confirmPassword", "Confirm password is required"],
      [{ currentPassword: "x", newPassword: "12345678", confirmPassword: "87654321" }, "confirmPassword", "New passwords don't match"],
    ])("%j is refused with the spec's message", async (fields, field, message) => {
      const cookie = await signIn(server);
      const answer = await change(cookie, fields);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[field]).toBe(message);
    });

    test("a wrong current password says 'Old password is incorrect' and changes nothing", async () => {
      const cookie = await signIn(server);
      const answer = await change(cookie, { currentPassword: "not it at all", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe("Old password is incorrect");
      await signIn(server); // the old password still works
    });

    test("without a session it answers 401; cross-site it answers 403", async () => {
      const fields = { currentPassword: ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      expect((await change(undefined, fields)).status).toBe(401);
      const cookie = await signIn(server);
      const crossSite = await post(server, "/admin/password", fields, { cookie, headers: { "sec-fetch-site": "cross-site" } });
      expect(crossSite.status).toBe(403);
      await signIn(server); // unchanged
    });

    test("success keeps this session, signs every other one out, and only the new password works", async () => {
      const other = await signIn(server);
      const cookie = await signIn(server);
      expect(await sessionCount()).toBe(2);
      const answer = await change(cookie, { currentPassword: ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect(answer.status).toBe(200);
      expect(answer.body.ok).toBe(true);
      expect(await sessionCount()).toBe(1);
      expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Admin Panel - All Requests");
      expect(await (await getPage(server, "/admin", other)).text()).toContain("Admin Login");
      expect((await post(server, "/admin/login", ADMIN)).status).toBe(401);
      const entry = (await auditActions(server)).find((e) => e.action === "password.change");
      expect(entry?.detail).toBe("sessions_revoked=1 reset_links_revoked=0");

      // Back to the original password for the other tests.
      await clearRateLimits(server);
      const back = await change(cookie, { currentPassword: NEW_PASSWORD, newPassword: ADMIN.password, confirmPassword: ADMIN.password });
      expect(back.status).toBe(200);
    });
  });
});

describe.each(testEngines())("the first start without ADMIN_EMAIL on %s", (engine) => {
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
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/admin");
    const cookie = cookieFrom(login.headers)!;

    const page = await (await getPage(server, "/admin", cookie)).text();
    expect(page).toContain("Change Password");
    expect(page).not.toContain("Admin Panel - All Requests");
    const blocked = await post(server, "/admin/join-us", { visible: "false" }, { cookie });
    expect(blocked.status).toBe(403);
    expect((await getPage(server, "/admin-announcement", cookie)).status).toBe(302);

    const changed = await post(
      server,
      "/admin/password",
      { currentPassword: password!, newPassword: "my own password", confirmPassword: "my own password" },
      { cookie },
    );
    expect(changed.status).toBe(200);
    expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Admin Panel - All Requests (0)");
  });
});

describe("ADMIN_EMAIL and ADMIN_PASSWORD at start", () => {
  const startFails = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = serverCommand({ DATA_DIR: "/tmp/never-created-society-admin", ...env });
      let stderr = "";
      child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      child.on("exit", (code) => resolve({ code, stderr }));
    });

  test.each([
    [{ ADMIN_EMAIL: "owner@example.org" }, "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [{ ADMIN_PASSWORD: "long enough password" }, "ADMIN_EMAIL and ADMIN_PASSWORD must be set together"],
    [
      { ADMIN_EMAIL: "owner@example.org", ADMIN_PASSWORD: "short" },
      "Invalid environment variable ADMIN_PASSWORD: expected a password of 8 to 128 characters",
    ],
  ])("%j stops the start with one clear line", async (env, message) => {
    const { code, stderr } = await startFails(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(message);
    expect(stderr).not.toContain('short"');
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
