import sharp from "sharp";
import { beforeEach, describe, expect, test } from "vitest";
import { nowIso } from "#server/db/ids.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { getPage, post } from "./helpers/admin";
import { freshIp, joinApplication, contactMessage, postForm } from "./helpers/forms";
import { expectInlineScriptsAllowedByHash } from "./helpers/csp";
import { seedAnnouncement } from "./helpers/seed";
import { expectCleanServerLog } from "./helpers/server-log";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/**
 * What visitors and the admin type comes back as text, never as markup or script: in every page that shows
 * it, in the data React Router sends along, and in the notification mail (text and HTML parts).
 */

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const BREAKOUT = "</script><script>alert(2)</script><!--";
const TEMPLATE = "{{constructor.constructor('alert(3)')()}}";

/** Markup that must never reach a page or a mail as markup. */
const RAW = ["<script>alert(1)", "<img src=x", "<script>alert(2)", "</script><script>alert(2)"];

/** The same text as React and the mail renderer escape it. */
const ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;";

/** Each start tag's name and attributes, quoted values read as such (an escaped "onerror=" inside a value is text). */
function startTags(html: string): { name: string; attributes: [string, string][] }[] {
  const tags: { name: string; attributes: [string, string][] }[] = [];
  const tag = /<([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/g;
  const attribute = /\s+([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const [, name, rest] of html.matchAll(tag)) {
    const attributes = [...(rest ?? "").matchAll(attribute)].map(([, key, a, b, c]): [string, string] => [
      key!.toLowerCase(),
      a ?? b ?? c ?? "",
    ]);
    tags.push({ name: name!.toLowerCase(), attributes });
  }
  return tags;
}

/**
 * The page runs no script but its own: every inline script is allowed by its hash in the CSP, no inline script holds a
 * "<" (React Router writes its data with "<" escaped, so no text can close the script element early), no element
 * has an inline event handler, and no link or source is a javascript: URL.
 */
function expectOnlyOwnScripts(html: string, csp: string | null) {
  expectInlineScriptsAllowedByHash(html, csp);
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(html.match(/<script\b/gi)?.length).toBe(scripts.length);
  for (const [, , body] of scripts) expect(body).not.toContain("<");
  for (const { name, attributes } of startTags(html)) {
    for (const [key, value] of attributes) {
      expect(key, `<${name} ${key}="${value}">`).not.toMatch(/^on/);
      if (["href", "src", "action", "formaction", "srcset", "poster", "data"].includes(key))
        expect(value.trim(), `<${name} ${key}>`).not.toMatch(/^javascript:/i);
    }
  }
  for (const raw of RAW) expect(html).not.toContain(raw);
}

describe.each(testEngines())("output encoding on %s", (engine) => {
  const setup = useTestServer(engine, { smtp: true, signedIn: true, env: { MAIL_TO: "office@society.test", TRUST_PROXY: "loopback" } });
  let server: TestServer;
  let smtp: SmtpCatcher;
  let cookie: string;
  beforeEach(() => void ({ server, smtp, cookie } = setup));

  test("a join application full of markup is text in the admin panel, its data and its notification mail", async () => {
    const response = await postForm(
      server,
      "/join",
      joinApplication({
        fullname: `Eve ${SCRIPT}`,
        class: IMG,
        department: BREAKOUT,
        sargodhaAddress: TEMPLATE,
        permanentAddress: `Line one\r\nBcc: victim@example.org ${SCRIPT}`,
        bloodGroup: "<b>B+</b>",
        question1: SCRIPT,
        question5: [IMG, "javascript:alert(1)"],
      }),
      freshIp(),
    );
    expect(response.status).toBe(200);

    const page = await getPage(server, "/admin", cookie);
    const html = await page.text();
    expect(html).toContain(`Eve ${ESCAPED_SCRIPT}`);
    expect(html).toContain("&lt;b&gt;B+&lt;/b&gt;");
    expect(html).toContain("{{constructor.constructor(&#x27;alert(3)&#x27;)()}}");
    expectOnlyOwnScripts(html, page.headers.get("content-security-policy"));

    // The loader data (with the answers the details dialog draws) travels as data, never as a document.
    const data = await getPage(server, "/admin.data", cookie);
    expect(data.status).toBe(200);
    expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
    expect(data.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await data.text()).toContain(SCRIPT);

    const mail = await smtp.waitForMail("Name: Eve");
    expect(mail.text).toContain(`Name: Eve ${SCRIPT}`);
    expect(mail.text).toContain(`Class: ${IMG}`);
    expect(mail.html).toContain(`Eve ${ESCAPED_SCRIPT}`);
    expect(mail.html).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    for (const raw of RAW) expect(mail.html).not.toContain(raw);
    // A line break in a one-line field starts no header.
    expect(mail.headers.map(([name]) => name)).not.toContain("bcc");
    expect(mail.envelopeTo).toEqual(["office@society.test"]);
    expect(mail.header("subject")).not.toMatch(/[\r\n]/);
  });

  test("a contact message full of markup is text in its mail, and a refusal never echoes what was sent", async () => {
    const response = await postForm(
      server,
      "/contact",
      contactMessage({ name: `Mallory ${IMG}`, message: `${SCRIPT}\n${BREAKOUT}` }),
      freshIp(),
    );
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMail("Name: Mallory");
    expect(mail.text).toContain(SCRIPT);
    expect(mail.html).toContain(ESCAPED_SCRIPT);
    for (const raw of RAW) expect(mail.html).not.toContain(raw);

    // The refused form comes back with what was typed in it, as text: in its fields and in the page's data.
    const refused = await postForm(server, "/join", joinApplication({ fullname: SCRIPT, email: `${SCRIPT}@example.org` }), freshIp());
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain(ESCAPED_SCRIPT);
    expectOnlyOwnScripts(page, refused.headers.get("content-security-policy"));
  });

  test("an announcement full of markup is text on /announcement and /admin-announcement, its link an escaped attribute", async () => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "poster.png");
    form.append("description", `${SCRIPT}\n${IMG}\n${BREAKOUT}\n${TEMPLATE}`);
    form.append("url", 'https://forms.gle/x?next="><script>alert(1)</script>');
    const created = await post(server, "/admin/announcements", form, { cookie });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    for (const [url, who] of [
      ["/announcement", undefined],
      ["/admin-announcement", cookie],
    ] as const) {
      const page = await getPage(server, url, who);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(ESCAPED_SCRIPT);
      expectOnlyOwnScripts(html, page.headers.get("content-security-policy"));
      if (url === "/announcement") {
        expect(html).toContain('href="https://forms.gle/x?next=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
        // The description is also the page's meta description and link preview: an attribute, escaped.
        expect(html).toMatch(/<meta name="description" content="&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
      }
    }
    const data = await getPage(server, "/announcement.data");
    expect(data.headers.get("content-type")).toMatch(/^text\/x-script/);
  });

  test.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "\u0001javascript:alert(1)",
    "javascript://forms.gle/%0Aalert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ])("a Google Form link %j is refused at creation with 'Enter a valid URL'", async (url) => {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "poster.png");
    form.append("description", "Blood donation camp on Saturday");
    form.append("url", url);
    const before = (await server.database.db.selectFrom("announcements").select("id").execute()).length;
    const answer = await post(server, "/admin/announcements", form, { cookie });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.url).toBe("Enter a valid URL");
    expect((await server.database.db.selectFrom("announcements").select("id").execute()).length).toBe(before);
  });

  test("a stored link that is not http(s) (older data, a restored backup) is never drawn as a link", async () => {
    const { id } = await seedAnnouncement(server, {
      description: "Legacy announcement with a bad link",
      googleFormUrl: "javascript:alert(document.domain)",
      createdAt: nowIso(),
    });
    const page = await getPage(server, "/announcement");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Legacy announcement with a bad link");
    expect(html).not.toContain("javascript:");
    expectOnlyOwnScripts(html, page.headers.get("content-security-policy"));
    await announcementsRepo(server.database.db).delete(id);
  });

  test("the server logged no error, unhandled rejection or stack trace", () => {
    expectCleanServerLog(server);
  });
});
