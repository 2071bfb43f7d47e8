import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "../shared/test-database";
import { ADMIN, auditActions, clearRateLimits, cookieFrom, getPage, post, signIn } from "./helpers/admin";
import { waitFor } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import { expectCleanServerLog } from "./helpers/server-log";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * Accounts over HTTP with a real SMTP server: an Owner invites, the invitee accepts through the mailed link and is an
 * Editor; "Forgot password?" mails a link that sets a new password once; disabling an account ends its sessions.
 */
describe.each(testEngines())("admin accounts, invitations and password resets on %s", (engine) => {
  const setup = useTestServer(engine, { smtp: true, signedIn: true, env: { TRUST_PROXY: "loopback" } });
  let smtp: SmtpCatcher;
  let server: TestServer;
  let owner: string;
  beforeEach(() => void ({ smtp, server, cookie: owner } = setup));

  /** The single-use link in the newest mail to `address` (waiting for it), remembered as a secret the log must not hold. */
  async function linkMailedTo(address: string, path: string): Promise<string> {
    const pattern = new RegExp(`${server.url}${path}\\?token=[A-Za-z0-9_-]{43}`);
    const link = await waitFor(async () => {
      const mail = smtp.mails.findLast((caught) => caught.envelopeTo.includes(address) && pattern.test(caught.text));
      return mail && pattern.exec(mail.text)?.[0];
    });
    rememberSecret(new URL(link).searchParams.get("token"));
    return link.slice(server.url.length);
  }

  test("an Owner invites; the invitee sets a name and password through the mailed link, once, and is an Editor", async () => {
    const invited = await post(server, "/admin/accounts/invite", { email: "Omar.Editor@Example.org", role: "editor" }, { cookie: owner });
    expect(invited).toMatchObject({ status: 200, body: { ok: true } });
    const link = await linkMailedTo("omar.editor@example.org", "/admin/invitation");
    const mail = smtp.mails.find((caught) => caught.text.includes(link))!;
    expect(mail.envelopeTo).toEqual(["omar.editor@example.org"]);
    expect(mail.header("subject")).toMatch(/^You are invited to run the .+ website$/);
    expect(await (await getPage(server, "/admin/accounts", owner)).text()).toContain("omar.editor@example.org");

    const page = await getPage(server, link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("You are invited to run this site as Editor.");

    const token = new URL(link, server.url).searchParams.get("token")!;
    const weak = await post(server, link, { token, name: "Omar", newPassword: "password1", confirmPassword: "password1" });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.newPassword).toBe("This password is on a list of common and breached passwords. Choose another one.");

    const accepted = await post(server, link, {
      token,
      name: "Omar Editor",
      newPassword: "tiger lily gravel",
      confirmPassword: "tiger lily gravel",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    const editor = cookieFrom(accepted.headers)!;
    expect(await (await getPage(server, "/admin", editor)).text()).toContain("Admin Panel - All Requests");
    expect((await getPage(server, "/admin/accounts", editor)).status).toBe(403);
    expect((await getPage(server, "/admin/personal-data", editor)).status).toBe(403);

    const again = await post(server, link, {
      token,
      name: "Someone Else",
      newPassword: "tiger lily gravel",
      confirmPassword: "tiger lily gravel",
    });
    expect(again.status).toBe(410);
    expect(again.body.error).toContain("This link has expired or was already used.");
    expect(await (await getPage(server, link)).text()).toContain("This link has expired or was already used.");
    // Signs in with the password chosen.
    await clearRateLimits(server);
    await signIn(server, { email: "omar.editor@example.org", password: "tiger lily gravel" });
    expect((await auditActions(server)).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["admin.invite", "admin.invitation-accepted"]),
    );
  });

  test("disabling an account ends its session at once; the last Owner cannot be disabled", async () => {
    const rows = await server.database.db.selectFrom("admins").select(["id", "email"]).execute();
    const ownerId = rows.find((row) => row.email === ADMIN.email)!.id;
    const refused = await post(server, `/admin/accounts/${ownerId}/access`, { disabled: "true" }, { cookie: owner });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("The site needs an Owner who can sign in: make another admin an Owner first.");

    await post(server, "/admin/accounts/invite", { email: "sara.editor@example.org", role: "editor" }, { cookie: owner });
    const link = await linkMailedTo("sara.editor@example.org", "/admin/invitation");
    const token = new URL(link, server.url).searchParams.get("token")!;
    const accepted = await post(server, link, {
      token,
      name: "Sara",
      newPassword: "quiet river lantern",
      confirmPassword: "quiet river lantern",
    });
    const editor = cookieFrom(accepted.headers)!;
    const editorId = (
      await server.database.db.selectFrom("admins").select("id").where("email", "=", "sara.editor@example.org").executeTakeFirstOrThrow()
    ).id;

    expect(await post(server, `/admin/accounts/${editorId}/access`, { disabled: "true" }, { cookie: owner })).toMatchObject({
      status: 200,
    });
    expect(await (await getPage(server, "/admin", editor)).text()).toContain("Admin Login");
    const login = await post(server, "/admin/login", { email: "sara.editor@example.org", password: "quiet river lantern" });
    expect(login.status).toBe(401);
  });

  test("Forgot password: the same answer for any address; a mailed link sets a new password once and signs out everywhere", async () => {
    const unknown = await post(server, "/admin/forgot-password", { email: "nobody@example.org" });
    const known = await post(server, "/admin/forgot-password", { email: ADMIN.email.toUpperCase() });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    const link = await linkMailedTo(ADMIN.email, "/admin/reset-password");
    expect(smtp.mails.some((mail) => mail.envelopeTo.includes("nobody@example.org"))).toBe(false);

    const token = new URL(link, server.url).searchParams.get("token")!;
    const reset = await post(server, link, { token, newPassword: "a brand new secret", confirmPassword: "a brand new secret" });
    expect(reset.status).toBe(200);
    expect(await (await getPage(server, "/admin", owner)).text()).toContain("Admin Login");
    const used = await post(server, link, { token, newPassword: "another new secret", confirmPassword: "another new secret" });
    expect(used.status).toBe(410);

    await clearRateLimits(server);
    expect((await post(server, "/admin/login", ADMIN)).status).toBe(401);
    const signedIn = await signIn(server, { email: ADMIN.email, password: "a brand new secret" });
    // Back to the original password for the other tests, through the change form.
    const back = await post(
      server,
      "/admin/password",
      { currentPassword: "a brand new secret", newPassword: ADMIN.password, confirmPassword: ADMIN.password },
      { cookie: signedIn },
    );
    expect(back.status).toBe(200);
  });

  test("with a mail server set up, the Accounts page does not warn that invitations reach nobody", async () => {
    const html = await (await getPage(server, "/admin/accounts", owner)).text();
    expect(html).toContain('aria-label="Invite admin"');
    expect(html).not.toContain(NO_MAIL_SERVER);
  });

  test("the server logged no error, no link token and no password", () => {
    expectCleanServerLog(server);
  });
});

const NO_MAIL_SERVER = "No mail server is set up: mails are written to files on the server and nobody receives them.";

/** No mail variables: the `log` transport, whose files nobody receives. The page is the same on either engine. */
describe("the Accounts page without a mail server", () => {
  const admin = useTestServer("sqlite", { signedIn: true });

  test("says above Invite admin that invitations reach nobody, and the folder on the server they are written to", async () => {
    const html = await (await getPage(admin.server, "/admin/accounts", admin.cookie)).text();
    const notice = `${NO_MAIL_SERVER} Invitations reach nobody until one is set up. Each mail is an .eml file in ${path.join(admin.server.dataDir, "mail")}.`;
    expect(html).toContain(notice);
    expect(html.indexOf(notice)).toBeLessThan(html.indexOf('aria-label="Invite admin"'));
  });
});
