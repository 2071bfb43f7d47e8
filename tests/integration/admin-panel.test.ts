import http from "node:http";
import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { mailOutboxRepo } from "#server/repos/mail-outbox.ts";
import { settingsRepo } from "#server/repos/settings.ts";
import { auditActions, getPage, post, postToPage, seedApplication } from "./helpers/admin";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

describe.each(answerTestEngines())("the admin panel on %s", (engine) => {
  const setup = useTestServer(engine, { signedIn: true });
  let server: TestServer;
  let cookie: string;
  beforeEach(async () => {
    ({ server, cookie } = setup);
    await server.database.db.deleteFrom("applications").execute();
    await settingsRepo(server.database.db).setJoinUsVisible(true);
  });

  const applicationCount = async () => (await server.database.db.selectFrom("applications").select("id").execute()).length;
  const joinUsVisible = async () => (await settingsRepo(server.database.db).get()).joinUsVisible;

  test("the panel says how mail leaves the site and how the notification mails stand: all delivered, or how many wait and how many failed", async () => {
    const { db } = server.database;
    await db.deleteFrom("mailOutbox").execute();
    const panel = await (await getPage(server, "/admin", cookie)).text();
    // No mail variables given: the files transport, which the admin must not mistake for delivery.
    expect(panel).toContain("No mail server is set up: mails are written to files on the server and nobody receives them.");
    expect(panel).toContain("Mails: all delivered.");

    // Due in an hour, so the server's worker leaves them waiting.
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const outbox = mailOutboxRepo(db);
    await outbox.enqueue("contact", { name: "x" }, later);
    await outbox.enqueue("contact", { name: "y" }, later);
    const dead = await outbox.enqueue("join", { name: "z" }, later);
    await db.updateTable("mailOutbox").set({ status: "dead" }).where("id", "=", dead).execute();
    const html = await (await getPage(server, "/admin", cookie)).text();
    expect(html).toContain("2 waiting to be sent");
    expect(html).toContain("1 could not be delivered (see the server log)");
    await db.deleteFrom("mailOutbox").execute();
  });

  describe("the Join Us switch", () => {
    test("stores the new value, answers with it, hides Join Us on / and is audited", async () => {
      const answer = await post(server, "/admin/join-us", { visible: "false" }, { cookie });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ ok: true, joinUsVisible: false });
      expect(await joinUsVisible()).toBe(false);
      expect(await (await getPage(server, "/")).text()).not.toContain(">Join Us<");
      expect((await auditActions(server)).at(-1)).toMatchObject({ action: "join-us.toggle", detail: "visible=false" });
      expect(await (await getPage(server, "/admin", cookie)).text()).toContain("Show Join Us Form");

      expect((await post(server, "/admin/join-us", { visible: "true" }, { cookie })).body).toMatchObject({ ok: true, joinUsVisible: true });
      expect(await (await getPage(server, "/")).text()).toContain(">Join Us<");
    });

    /**
     * The switch posted with the admin's live cookie and exactly these headers besides, the Host included (fetch sends
     * its own): what a page of another site, a DNS name rebound to the server, or a script could send.
     */
    function toggle(headers: Record<string, string>): Promise<{ status: number; body: string }> {
      const url = new URL(server.url);
      const body = "visible=false";
      return new Promise((resolve, reject) => {
        const request = http.request({
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/admin/join-us",
          headers: {
            host: url.host,
            cookie,
            accept: "*/*",
            "content-type": "application/x-www-form-urlencoded",
            "content-length": String(body.length),
            ...headers,
          },
        });
        request.on("response", (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        request.on("error", reject);
        request.end(body);
      });
    }

    // Hole 7 of issue 20: only PUBLIC_URL's origin counts, and a write must say where it comes from.
    test.each([
      ["another site's Origin", () => ({ origin: "https://evil.example" })],
      ["Sec-Fetch-Site: cross-site", () => ({ "sec-fetch-site": "cross-site" })],
      ["Sec-Fetch-Site: same-site, no Origin", () => ({ "sec-fetch-site": "same-site" })],
      ["Sec-Fetch-Site: none, no Origin", () => ({ "sec-fetch-site": "none" })],
      ["Origin: null", () => ({ origin: "null" })],
      [
        "a DNS name rebound to the server: Origin equal to the request's own Host, not PUBLIC_URL",
        () => {
          const rebound = `rebound.attacker.example:${new URL(server.url).port}`;
          return { host: rebound, origin: `http://${rebound}` };
        },
      ],
      ["neither Origin nor Sec-Fetch-Site (a script, curl)", () => ({})],
    ])("%s: 403 with 'Cross-site request refused', unchanged", async (_name, headers) => {
      expect(await toggle(headers())).toEqual({ status: 403, body: '{"error":"Cross-site request refused"}' });
      expect(await joinUsVisible()).toBe(true);
    });

    test.each([
      ["PUBLIC_URL's origin", () => ({ origin: server.publicUrl })],
      ["PUBLIC_URL's origin and Sec-Fetch-Site: same-origin", () => ({ origin: server.publicUrl, "sec-fetch-site": "same-origin" })],
      ["Sec-Fetch-Site: same-origin without Origin", () => ({ "sec-fetch-site": "same-origin" })],
    ])("a browser on the site's own page (%s) passes", async (_name, headers) => {
      const answer = await toggle(headers());
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true, joinUsVisible: false, result: { status: "success" } });
      expect(await joinUsVisible()).toBe(false);
    });

    test("a value that is not true or false is refused", async () => {
      const answer = await post(server, "/admin/join-us", { visible: "maybe" }, { cookie });
      expect(answer.status).toBe(400);
      expect(answer.body.ok).toBe(false);
      expect(await joinUsVisible()).toBe(true);
    });
  });

  describe("deleting a request", () => {
    test("removes it and audits the id only, never the applicant's details", async () => {
      const id = await seedApplication(server, { fullname: "Zainab Private", email: "zainab@example.org" });
      const answer = await postToPage(server, "/admin", { intent: "delete", id }, { cookie });
      expect(answer.status).toBe(200);
      expect(await applicationCount()).toBe(0);
      const entry = (await auditActions(server)).at(-1)!;
      expect(entry).toMatchObject({ action: "application.delete", detail: `application=${id}` });
      const everything = JSON.stringify(await auditActions(server));
      expect(everything).not.toContain("Zainab");
      expect(everything).not.toContain("zainab@example.org");
    });

    test("an unknown id answers 404, not ok, with the reason", async () => {
      const answer = await postToPage(server, "/admin", { intent: "delete", id: "00000000-0000-7000-8000-000000000000" }, { cookie });
      expect(answer).toMatchObject({
        status: 404,
        body: { ok: false, error: "No such join request: it was deleted. Reload to see the latest." },
      });
    });
  });

  test("a form body over 64 KB posted with JavaScript off is refused with 413, the message as text, not raw JSON", async () => {
    const accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const fields = { visible: "false", padding: "x".repeat(70 * 1024) };
    const answer = await post(server, "/admin/join-us", fields, { cookie, headers: { accept } });
    expect(answer.status).toBe(413);
    expect(answer.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(answer.body.error).toBe("The request is too large (at most 64 KB)");
    expect(await joinUsVisible()).toBe(true);
  });
});
