import { Secret, TOTP } from "otpauth";
import { beforeAll, beforeEach, describe, expect, test } from "vitest";
import { adminsRepo } from "#server/repos/admins.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, cookieFrom, getPage, post, postToPage, signIn } from "./helpers/admin";
import { expectCleanServerLog } from "./helpers/server-log";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** The code an authenticator app shows for `secret` now, computed as the app does. */
const appCode = (secret: string, at = Date.now()) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });

/**
 * Two-factor sign-in over HTTP: set up from the security page with a code the test computes, then every sign-in asks
 * for a code on a second screen; until it is given the session can do nothing else.
 */
describe.each(answerTestEngines())("two-factor sign-in on %s", (engine) => {
  const setup = useTestServer(engine);
  let server: TestServer;
  let secret: string;
  let recoveryCodes: string[];
  beforeAll(async () => {
    server = setup.server;
    const cookie = await signIn(server);
    expect((await postToPage(server, "/admin/security", { intent: "start-two-factor" }, { cookie })).status).toBe(200);
    const page = await (await getPage(server, "/admin/security", cookie)).text();
    secret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    expect(page).toContain('aria-label="QR code of the two-factor key"');
    const wrong = await postToPage(server, "/admin/security", { intent: "confirm-two-factor", code: "000000" }, { cookie });
    expect(wrong.status).toBe(400);
    // The confirming code's step is used up: the sign-ins below wait for the next one when they need a fresh code.
    const confirmed = await postToPage(server, "/admin/security", { intent: "confirm-two-factor", code: appCode(secret) }, { cookie });
    expect(confirmed.status).toBe(200);
    recoveryCodes = (confirmed.body as { recoveryCodes?: string[] }).recoveryCodes ?? [];
    expect(recoveryCodes).toHaveLength(10);
  });
  beforeEach(async () => {
    // Each test may use a code once: the last accepted step is forgotten so the current code is fresh again.
    await server.database.db.updateTable("admins").set({ totpLastStep: 0 }).where("email", "=", ADMIN.email).execute();
  });

  /** The password step: a waiting session's cookie, sent on to the code screen. */
  async function passwordStep(): Promise<string> {
    const login = await post(server, "/admin/login", ADMIN);
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/admin/login/code");
    return cookieFrom(login.headers)!;
  }

  test("the password alone leads to the code screen, and the waiting session can do nothing else", async () => {
    const waiting = await passwordStep();
    const panel = await getPage(server, "/admin", waiting);
    expect(panel.status).toBe(302);
    expect(panel.headers.get("location")).toBe("/admin/login/code");
    expect((await getPage(server, "/admin/messages", waiting)).headers.get("location")).toBe("/admin/login/code");
    const write = await post(server, "/admin/join-us", { visible: "false" }, { cookie: waiting });
    expect(write.status).toBe(401);
    expect(write.body.error).toBe("Enter the code from your authenticator app first.");
    expect(await (await getPage(server, "/admin/login/code", waiting)).text()).toContain("Two-factor sign-in");
    // Without a waiting session the code screen is not a place to be.
    expect((await getPage(server, "/admin/login/code")).headers.get("location")).toBe("/admin");
  });

  test("the app's code completes the sign-in with a new session cookie; a wrong one is refused at its field; the waiting one has ended", async () => {
    const waiting = await passwordStep();
    const wrong = await post(server, "/admin/login/code", { code: "123456" }, { cookie: waiting });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.code).toBe("That code is not right. Enter the current code from your app, or an unused recovery code.");
    // Without JavaScript the code screen is drawn again with the message at its field.
    const noScript = await post(server, "/admin/login/code", { code: "123456" }, { cookie: waiting, headers: { accept: "text/html" } });
    expect([noScript.status, noScript.body.errors?.code]).toEqual([400, wrong.body.errors?.code]);
    const done = await post(server, "/admin/login/code", { code: appCode(secret) }, { cookie: waiting });
    expect([done.status, done.headers.get("location")]).toEqual([302, "/admin"]);
    const full = cookieFrom(done.headers)!;
    expect(full).not.toBe(waiting);
    expect(await (await getPage(server, "/admin", full)).text()).toContain("Admin Panel - All Requests");
    expect(await (await getPage(server, "/admin/login/code", waiting)).text()).toContain("This sign-in has ended. Please sign in again.");
  });

  test("the fifth wrong code answers 429 with when to sign in again, and ends the waiting session", async () => {
    const waiting = await passwordStep();
    for (let i = 0; i < 4; i += 1)
      expect((await post(server, "/admin/login/code", { code: "000000" }, { cookie: waiting })).status).toBe(400);
    const locked = await post(server, "/admin/login/code", { code: "000000" }, { cookie: waiting });
    expect(locked.status).toBe(429);
    expect(locked.body.error).toMatch(/^Too many wrong codes\. Please sign in again in \d+ minutes\.$/);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(await (await getPage(server, "/admin/login/code", waiting)).text()).toContain("This sign-in has ended. Please sign in again.");
  });

  test("required for everyone by an Owner: an admin without it is sent to set it up and can do nothing else first", async () => {
    const waiting = await passwordStep();
    const owner = cookieFrom((await post(server, "/admin/login/code", { code: appCode(secret) }, { cookie: waiting })).headers)!;
    expect(
      (await postToPage(server, "/admin/accounts", { intent: "require-two-factor", required: "true" }, { cookie: owner })).status,
    ).toBe(200);
    const { passwordHash } = await server.database.db
      .selectFrom("admins")
      .select("passwordHash")
      .where("email", "=", ADMIN.email)
      .executeTakeFirstOrThrow();
    await adminsRepo(server.database.db).create({ email: "editor@example.org", passwordHash: passwordHash, role: "editor" });

    const editor = await signIn(server, { email: "editor@example.org", password: ADMIN.password });
    expect((await getPage(server, "/admin", editor)).headers.get("location")).toBe("/admin/security");
    expect((await getPage(server, "/admin/messages", editor)).headers.get("location")).toBe("/admin/security");
    const write = await post(server, "/admin/join-us", { visible: "false" }, { cookie: editor });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe("Set up two-factor sign-in first: the site's Owners require it.");
    expect(await (await getPage(server, "/admin/security", editor)).text()).toContain("The site&#x27;s Owners require two-factor sign-in.");

    expect((await postToPage(server, "/admin/security", { intent: "start-two-factor" }, { cookie: editor })).status).toBe(200);
    const page = await (await getPage(server, "/admin/security", editor)).text();
    const editorSecret = /data-testid="two-factor-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, "");
    expect(
      (await postToPage(server, "/admin/security", { intent: "confirm-two-factor", code: appCode(editorSecret) }, { cookie: editor }))
        .status,
    ).toBe(200);
    expect(await (await getPage(server, "/admin", editor)).text()).toContain("Admin Panel - All Requests");

    expect(
      (await postToPage(server, "/admin/accounts", { intent: "require-two-factor", required: "false" }, { cookie: owner })).status,
    ).toBe(200);
  });

  test("the server logged no error, and each wrong code and the lock as security events", () => {
    expectCleanServerLog(server);
    expect(server.output()).toContain('"event":"login.second-factor-failure"');
    expect(server.output()).toContain('"event":"login.second-factor-locked"');
  });
});
