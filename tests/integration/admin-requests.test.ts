import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { getPage, postToPage, seedApplication } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/** The request names the panel's HTML shows, in order (each card is labelled with the applicant's name). */
const namesShown = (html: string) => [...html.matchAll(/<article[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);

describe.each(answerTestEngines())("the admin's request workflow on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });
  const db = () => admin.server.database.db;
  const panel = async (query = "") => (await getPage(admin.server, `/admin${query}`, admin.cookie)).text();

  beforeEach(async () => {
    await db().deleteFrom("applications").execute();
  });

  test("the panel reads its filter from the address as the form without JavaScript sends it; the export link keeps it", async () => {
    for (let i = 0; i < 27; i++)
      await seedApplication(admin.server, { fullname: `Contacted ${String(i).padStart(2, "0")}`, status: "contacted" });
    await seedApplication(admin.server, { fullname: "Still New" });
    const form = /<form[^>]*aria-label="Filter requests"[^>]*>/.exec(await panel())?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/admin"');
    // Apply sends every field, the empty ones too.
    const second = await panel("?q=&status=contacted&from=&to=&page=2");
    expect(second).toContain("Admin Panel - All Requests (28)");
    expect(second).toContain("Showing 26–27 of 27 requests");
    expect(second).toContain("Page 2 of 2");
    expect(namesShown(second)).toEqual(["Contacted 01", "Contacted 00"]);
    expect(second).toContain('href="/admin/requests.csv?status=contacted"');
    const none = await panel("?q=nobody");
    expect(none).toContain("No request matches these filters.");
    expect(none).not.toContain("No user requested to join the organization..");
  });

  test("status, notes and details answer as the dialog reads them; refusals name their field, a request that is gone 404", async () => {
    const id = await seedApplication(admin.server);
    const gone = "00000000-0000-7000-8000-000000000000";
    const send = (intent: string, fields: Record<string, string>) =>
      postToPage(admin.server, "/admin", { intent, ...fields }, { cookie: admin.cookie });
    expect(await send("set-status", { "ids[0]": id, status: "contacted" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await send("add-note", { id, note: "Called on Monday" })).toMatchObject({ status: 200, body: { ok: true } });
    const details = await getPage(admin.server, `/admin/requests/${id}`, admin.cookie);
    expect(await details.json()).toMatchObject({
      application: { status: "contacted" },
      activity: [
        { kind: "status", status: "contacted" },
        { kind: "note", note: "Called on Monday" },
      ],
    });

    for (const status of [{}, { status: "archived" }] as Record<string, string>[]) {
      expect(await send("set-status", { "ids[0]": id, ...status })).toMatchObject({
        status: 400,
        body: { errors: { status: "Choose a status" } },
      });
    }
    expect(await send("set-status", { status: "accepted" })).toMatchObject({
      status: 400,
      body: { errors: { ids: "Choose at least one request" } },
    });
    expect(await send("add-note", { id, note: "   " })).toMatchObject({
      status: 400,
      body: { errors: { note: "Write a note" } },
    });
    const goneMessage = "No such join request: it was deleted. Reload to see the latest.";
    expect(await send("set-status", { "ids[0]": gone, status: "accepted" })).toMatchObject({
      status: 404,
      body: { error: goneMessage },
    });
    expect(await send("add-note", { id: gone, note: "Hello" })).toMatchObject({ status: 404, body: { error: goneMessage } });
    const missing = await getPage(admin.server, `/admin/requests/${gone}`, admin.cookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ gone: goneMessage });
  });

  test("deleting several answers how many went; none chosen 400; gone 404", async () => {
    const [first, second] = [await seedApplication(admin.server), await seedApplication(admin.server)];
    const remove = (fields: Record<string, string>) =>
      postToPage(admin.server, "/admin", { intent: "delete-selected", ...fields }, { cookie: admin.cookie });
    expect(await remove({ "ids[0]": first, "ids[1]": second })).toMatchObject({ status: 200, body: { ok: true, deleted: 2 } });
    expect(await remove({ "ids[0]": first })).toMatchObject({
      status: 404,
      body: { error: "No such join request: it was deleted. Reload to see the latest." },
    });
    expect(await remove({})).toMatchObject({ status: 400, body: { error: "Choose at least one request" } });
  });

  test("the CSV export downloads as a file named for the day, the filter's requests in it", async () => {
    await seedApplication(admin.server, { fullname: "Accepted One", status: "accepted" });
    await seedApplication(admin.server, { fullname: "Still New" });
    const response = await getPage(admin.server, "/admin/requests.csv?status=accepted", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="join-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toMatch(/^\uFEFFSubmitted,Status,Name,/);
    expect(text).toContain(",Accepted,Accepted One,");
    expect(text).not.toContain("Still New");
  });
});
