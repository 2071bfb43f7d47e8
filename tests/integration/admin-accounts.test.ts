import path from "node:path";
import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { ADMIN, cookieFrom, getPage, post, postToPage } from "./helpers/admin";
import { pageMessages, waitFor } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import { expectCleanServerLog } from "./helpers/server-log";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * Accounts over HTTP with a real SMTP server: an Owner invites, the invitee accepts through the mailed link and is an
 * Editor. The accounts' rules are service tests (server/auth/accounts.server.test.ts).
 */
describe.each(answerTestEngines())("admin accounts, invitations and password resets on %s", (engine) => {
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

  test("an invitation goes out over SMTP; its link's page, never kept, creates the Editor once and signs them in", async () => {
    const invited = await postToPage(
      server,
      "/admin/accounts",
      { intent: "invite", email: "Omar.Editor@Example.org", role: "editor" },
      { cookie: owner },
    );
    expect(invited).toMatchObject({ status: 200, body: { ok: true } });
    const link = await linkMailedTo("omar.editor@example.org", "/admin/invitation");
    const mail = smtp.mails.find((caught) => caught.text.includes(link))!;
    expect(mail.envelopeTo).toEqual(["omar.editor@example.org"]);
    expect(mail.header("subject")).toMatch(/^You are invited to run the .+ website$/);

    const page = await getPage(server, link);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("You are invited to run this site as Editor.");
    const token = new URL(link, server.url).searchParams.get("token")!;
    // A breached password, posted without JavaScript: the page again, the message at the field, the password not sent back.
    const weak = await fetch(`${server.url}${link}`, {
      method: "POST",
      body: new URLSearchParams({ token, name: "Omar Editor", newPassword: "password1", confirmPassword: "password1" }),
      headers: { ...siteOrigin(server.publicUrl), accept: "text/html" },
    });
    const weakPage = await weak.text();
    expect(weak.status).toBe(400);
    expect(pageMessages(weakPage).fields.newPassword).toBe(
      "This password is on a list of common and breached passwords. Choose another one.",
    );
    expect(weakPage).not.toContain("password1");
    const fields = { token, name: "Omar Editor", newPassword: "tiger lily gravel", confirmPassword: "tiger lily gravel" };
    const accepted = await post(server, link, fields);
    expect([accepted.status, accepted.headers.get("location")]).toEqual([302, "/admin"]);
    expect(await (await getPage(server, "/admin", cookieFrom(accepted.headers)!)).text()).toContain("Admin Panel - All Requests");

    const again = await post(server, link, { ...fields, name: "Someone Else" });
    expect(again.status).toBe(410);
    expect(again.body.error).toContain("This link has expired or was already used.");
    // With a mail server set up, the Accounts page does not warn that invitations reach nobody.
    const accounts = await (await getPage(server, "/admin/accounts", owner)).text();
    expect(accounts).toContain('aria-label="Invite admin"');
    expect(accounts).not.toContain(NO_MAIL_SERVER);
  });

  test("requiring two factors of everyone before the Owner's own are on answers 409 with the reason", async () => {
    const refused = await postToPage(server, "/admin/accounts", { intent: "require-two-factor", required: "true" }, { cookie: owner });
    expect([refused.status, refused.body.error]).toEqual([409, "Turn on your own two-factor sign-in first (under Security)."]);
  });

  test("without JavaScript a form posts as a page: taken, back to the page (303) saying once what was done; refused, the page with the message at its field", async () => {
    const invite = (email: string) =>
      fetch(`${server.url}/admin/accounts`, {
        method: "POST",
        body: new URLSearchParams({ intent: "invite", email, role: "editor" }),
        redirect: "manual",
        headers: { ...siteOrigin(server.publicUrl), cookie: owner, accept: "text/html" },
      });
    const taken = await invite("page.post@example.org");
    expect([taken.status, taken.headers.get("location")]).toEqual([303, "/admin/accounts"]);
    const toast = cookieFrom(taken.headers);
    expect(toast).toMatch(/^toast=/);
    const shown = await getPage(server, "/admin/accounts", `${owner}; ${toast}`);
    expect(await shown.text()).toMatch(/<p role="status"[^>]*>Invitation sent<\/p>/);
    expect(shown.headers.get("set-cookie")).toMatch(/^toast=; .*Max-Age=0/);
    expect(await (await getPage(server, "/admin/accounts", owner)).text()).not.toContain("Invitation sent");

    const refused = await invite(ADMIN.email);
    expect(refused.status).toBe(409);
    expect(pageMessages(await refused.text()).fields.email).toBe("An admin with this email already exists");
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
