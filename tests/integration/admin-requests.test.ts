import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "../shared/test-database";
import { ADMIN, auditActions, getPage, post, seedApplication } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/** The request names the panel's HTML shows, in order (each card is labelled with the applicant's name). */
const namesShown = (html: string) => [...html.matchAll(/<article[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);

describe.each(testEngines())("the admin's request workflow on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });
  const db = () => admin.server.database.db;
  const panel = async (query = "") => (await getPage(admin.server, `/admin${query}`, admin.cookie)).text();

  beforeEach(async () => {
    await db().deleteFrom("applications").execute();
  });

  describe("the list", () => {
    test("pages of 25, newest first, with how many match; a page past the last shows the last", async () => {
      const start = Date.parse("2026-10-01T08:00:00.000Z");
      for (let i = 0; i < 30; i++) {
        await seedApplication(admin.server, {
          fullname: `Applicant ${String(i).padStart(2, "0")}`,
          createdAt: new Date(start + i * 3_600_000).toISOString(),
        });
      }
      const first = await panel();
      expect(first).toContain("Admin Panel - All Requests (30)");
      expect(first).toContain("Showing 1–25 of 30 requests");
      expect(namesShown(first)).toHaveLength(25);
      expect(namesShown(first)[0]).toBe("Applicant 29");
      expect(first).toContain("Page 1 of 2");

      const second = await panel("?page=2");
      expect(namesShown(second)).toEqual(["Applicant 04", "Applicant 03", "Applicant 02", "Applicant 01", "Applicant 00"]);
      expect(second).toContain("Showing 26–30 of 30 requests");
      expect(namesShown(await panel("?page=99"))).toEqual(namesShown(second));
      expect(namesShown(await panel("?page=nonsense"))).toEqual(namesShown(first));
    });

    test("the submitted time is written in the society's time zone", async () => {
      await seedApplication(admin.server, { createdAt: "2026-11-10T19:30:00.000Z" });
      // Asia/Karachi is UTC+5: half past seven in the evening UTC is half past midnight the next day.
      expect(await panel()).toContain("11 November 2026 at 00:30");
    });

    test("search finds text in name, email, phone, class and department, in any case; % and _ are only characters", async () => {
      await seedApplication(admin.server, { fullname: "Ayesha Khan", email: "ayesha@example.org", phone: "03001112222" });
      await seedApplication(admin.server, {
        fullname: "Bilal Ahmed",
        email: "bilal@example.org",
        department: "Nursing",
        phone: "03009998888",
      });
      await seedApplication(admin.server, { fullname: "Sara 100%", email: "sara@example.org", class: "Final Year", phone: "03005550000" });
      const found = async (q: string) => namesShown(await panel(`?q=${encodeURIComponent(q)}`)).sort();
      expect(await found("ayesha")).toEqual(["Ayesha Khan"]);
      expect(await found("KHAN")).toEqual(["Ayesha Khan"]);
      expect(await found("bilal@")).toEqual(["Bilal Ahmed"]);
      expect(await found("9998")).toEqual(["Bilal Ahmed"]);
      expect(await found("nursing")).toEqual(["Bilal Ahmed"]);
      expect(await found("final year")).toEqual(["Sara 100%"]);
      expect(await found("100%")).toEqual(["Sara 100%"]);
      expect(await found("%")).toEqual(["Sara 100%"]);
      expect(await found("a_e")).toEqual([]);
      const none = await panel("?q=nobody");
      expect(none).toContain("Admin Panel - All Requests (3)");
      expect(none).toContain("No request matches these filters.");
      expect(none).not.toContain("No user requested to join the organization..");
    });

    test("the status filter, and the submitted-between filter in the society's days (both days included)", async () => {
      await seedApplication(admin.server, { fullname: "Late on the 10th", createdAt: "2026-11-10T18:59:59.000Z" });
      await seedApplication(admin.server, { fullname: "Early on the 11th", createdAt: "2026-11-10T19:00:00.000Z", status: "accepted" });
      await seedApplication(admin.server, { fullname: "Late on the 12th", createdAt: "2026-11-12T18:59:59.000Z" });
      await seedApplication(admin.server, { fullname: "On the 13th", createdAt: "2026-11-12T19:00:00.000Z", status: "accepted" });
      expect(namesShown(await panel("?from=2026-11-11&to=2026-11-12"))).toEqual(["Late on the 12th", "Early on the 11th"]);
      expect(namesShown(await panel("?to=2026-11-10"))).toEqual(["Late on the 10th"]);
      expect(namesShown(await panel("?from=2026-11-13"))).toEqual(["On the 13th"]);
      expect(namesShown(await panel("?status=accepted"))).toEqual(["On the 13th", "Early on the 11th"]);
      expect(namesShown(await panel("?status=accepted&to=2026-11-12"))).toEqual(["Early on the 11th"]);
      // A filter value the panel does not know is left out, so an old or mistyped bookmark still opens the list.
      expect(namesShown(await panel("?status=archived&from=yesterday"))).toHaveLength(4);
    });
  });

  describe("status", () => {
    test("set for several at once: each change is kept with who and when, and audited by id only", async () => {
      const first = await seedApplication(admin.server, { fullname: "Zainab Private", email: "zainab@example.org" });
      const second = await seedApplication(admin.server, { fullname: "Other Applicant", email: "other@example.org" });
      const untouched = await seedApplication(admin.server, { fullname: "Untouched", email: "untouched@example.org" });
      const answer = await post(
        admin.server,
        "/admin/requests/status",
        { "ids[0]": first, "ids[1]": second, status: "contacted" },
        { cookie: admin.cookie },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.ok).toBe(true);
      const statuses = await db().selectFrom("applications").select(["id", "status"]).execute();
      expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
        [first]: "contacted",
        [second]: "contacted",
        [untouched]: "new",
      });

      const details = await getPage(admin.server, `/admin/requests/${first}`, admin.cookie);
      expect(details.status).toBe(200);
      expect(await details.json()).toMatchObject({
        application: { fullname: "Zainab Private", status: "contacted" },
        activity: [{ kind: "status", status: "contacted", adminEmail: ADMIN.email }],
      });
      const activity = await db().selectFrom("application_activity").selectAll().where("application_id", "=", first).execute();
      expect(activity).toEqual([expect.objectContaining({ kind: "status", status: "contacted", admin_email: ADMIN.email })]);

      const audit = (await auditActions(admin.server)).filter((entry) => entry.action === "application.status");
      expect(audit.map((entry) => entry.detail).sort()).toEqual(
        [`application=${first} status=contacted`, `application=${second} status=contacted`].sort(),
      );
      expect(JSON.stringify(await auditActions(admin.server))).not.toMatch(/Zainab|zainab@example\.org/);

      // Setting the status a request already has changes nothing and adds no history.
      await post(admin.server, "/admin/requests/status", { "ids[0]": first, status: "contacted" }, { cookie: admin.cookie });
      expect(await db().selectFrom("application_activity").select("id").where("application_id", "=", first).execute()).toHaveLength(1);
    });

    test("refusals: no status, an unknown status, no request chosen, a request that is gone", async () => {
      const id = await seedApplication(admin.server);
      const refusal = async (fields: Record<string, string>) =>
        post(admin.server, "/admin/requests/status", fields, { cookie: admin.cookie });
      expect(await refusal({ "ids[0]": id })).toMatchObject({ status: 400, body: { errors: { status: "Choose a status" } } });
      expect(await refusal({ "ids[0]": id, status: "archived" })).toMatchObject({
        status: 400,
        body: { errors: { status: "Choose a status" } },
      });
      expect(await refusal({ status: "accepted" })).toMatchObject({
        status: 400,
        body: { errors: { ids: "Choose at least one request" } },
      });
      expect(await refusal({ "ids[0]": "00000000-0000-7000-8000-000000000000", status: "accepted" })).toMatchObject({
        status: 404,
        body: { error: "No such join request: it was deleted. Reload to see the latest." },
      });
      expect((await db().selectFrom("applications").select("status").executeTakeFirstOrThrow()).status).toBe("new");
    });

    test("without a session (401) or cross-site (403) nothing changes", async () => {
      const id = await seedApplication(admin.server);
      expect((await post(admin.server, "/admin/requests/status", { "ids[0]": id, status: "accepted" })).status).toBe(401);
      const crossSite = { cookie: admin.cookie, headers: { origin: "https://evil.example" } };
      expect((await post(admin.server, "/admin/requests/status", { "ids[0]": id, status: "accepted" }, crossSite)).status).toBe(403);
      expect((await db().selectFrom("applications").select("status").executeTakeFirstOrThrow()).status).toBe("new");
    });
  });

  describe("notes", () => {
    test("a note is kept with who wrote it and shows in the request's history after its status changes", async () => {
      const id = await seedApplication(admin.server);
      await post(admin.server, "/admin/requests/status", { "ids[0]": id, status: "contacted" }, { cookie: admin.cookie });
      const answer = await post(
        admin.server,
        `/admin/requests/${id}/notes`,
        { note: "  Called on Monday;\nwill come to the interview.  " },
        { cookie: admin.cookie },
      );
      expect(answer.status).toBe(200);
      const details = (await (await getPage(admin.server, `/admin/requests/${id}`, admin.cookie)).json()) as { activity: unknown[] };
      expect(details.activity).toEqual([
        expect.objectContaining({ kind: "status", status: "contacted" }),
        expect.objectContaining({ kind: "note", note: "Called on Monday;\nwill come to the interview.", adminEmail: ADMIN.email }),
      ]);
      const activity = await db()
        .selectFrom("application_activity")
        .select(["kind", "note", "admin_email"])
        .where("application_id", "=", id)
        .orderBy("at")
        .orderBy("id")
        .execute();
      expect(activity).toEqual([
        { kind: "status", note: null, admin_email: ADMIN.email },
        { kind: "note", note: "Called on Monday;\nwill come to the interview.", admin_email: ADMIN.email },
      ]);
      expect((await auditActions(admin.server)).at(-1)).toEqual(
        expect.objectContaining({ action: "application.note", detail: `application=${id}` }),
      );
    });

    test("an empty note is refused at its field; a note on a request that is gone answers 404", async () => {
      const id = await seedApplication(admin.server);
      expect(await post(admin.server, `/admin/requests/${id}/notes`, { note: "   " }, { cookie: admin.cookie })).toMatchObject({
        status: 400,
        body: { errors: { note: "Write a note" } },
      });
      expect(
        (
          await post(
            admin.server,
            "/admin/requests/00000000-0000-7000-8000-000000000000/notes",
            { note: "Hello" },
            { cookie: admin.cookie },
          )
        ).status,
      ).toBe(404);
      expect(await db().selectFrom("application_activity").select("id").execute()).toEqual([]);
    });

    test("the details of a request that is not there answer 404; without a session they are not given", async () => {
      expect((await getPage(admin.server, "/admin/requests/00000000-0000-7000-8000-000000000000", admin.cookie)).status).toBe(404);
      const id = await seedApplication(admin.server, { fullname: "Hidden Applicant" });
      const anonymous = await getPage(admin.server, `/admin/requests/${id}`);
      expect(anonymous.status).toBe(302);
      expect(await anonymous.text()).not.toContain("Hidden Applicant");
    });
  });

  test("deleting several deletes them with their history, and audits their ids only", async () => {
    const first = await seedApplication(admin.server, { fullname: "Zainab Private" });
    const second = await seedApplication(admin.server);
    const kept = await seedApplication(admin.server);
    await post(admin.server, `/admin/requests/${first}/notes`, { note: "A note about Zainab" }, { cookie: admin.cookie });
    const answer = await post(admin.server, "/admin/requests/delete", { "ids[0]": first, "ids[1]": second }, { cookie: admin.cookie });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, deleted: 2 } });
    expect((await db().selectFrom("applications").select("id").execute()).map((row) => row.id)).toEqual([kept]);
    expect(await db().selectFrom("application_activity").select("id").execute()).toEqual([]);
    const deletions = (await auditActions(admin.server)).filter((entry) => entry.action === "application.delete");
    expect(deletions.map((entry) => entry.detail).sort()).toEqual([`application=${first}`, `application=${second}`].sort());
    expect(JSON.stringify(await auditActions(admin.server))).not.toContain("Zainab");

    expect((await post(admin.server, "/admin/requests/delete", { "ids[0]": first }, { cookie: admin.cookie })).status).toBe(404);
    expect((await post(admin.server, "/admin/requests/delete", {}, { cookie: admin.cookie })).status).toBe(400);
    expect((await post(admin.server, "/admin/requests/delete", { "ids[0]": kept })).status).toBe(401);
  });

  describe("the CSV export", () => {
    const download = async (query = "") => {
      const response = await getPage(admin.server, `/admin/requests.csv${query}`, admin.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="join-requests-\d{4}-\d{2}-\d{2}\.csv"$/);
      return Buffer.from(await response.arrayBuffer());
    };

    test("UTF-8 with a byte order mark, quoted as RFC 4180 says, a column per field, formulas made harmless", async () => {
      await seedApplication(admin.server, {
        fullname: "عائشہ خان",
        email: "aisha@example.org",
        permanentAddress: 'House 4, "Green" Street\nLahore',
        department: '=HYPERLINK("http://evil.example","click")',
        phone: "+923001234567",
        createdAt: "2026-11-10T19:30:00.000Z",
        status: "accepted",
      });
      const bytes = await download();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      expect(text).toContain('"House 4, ""Green"" Street\nLahore"');
      expect(text).toContain("\r\n");
      const rows = parse(text, { bom: true }) as string[][];
      expect(rows).toHaveLength(2);
      const [header, row] = rows as [string[], string[]];
      expect(header.slice(0, 8)).toEqual(["Submitted", "Status", "Name", "Email", "Phone", "Class", "Department", "Blood Group"]);
      expect(header.at(-1)).toBe("Possible duplicate");
      expect(header).toHaveLength(17);
      expect(row.slice(0, 8)).toEqual([
        "2026-11-11 00:30",
        "Accepted",
        "عائشہ خان",
        "aisha@example.org",
        "'+923001234567",
        "2nd Year",
        '\'=HYPERLINK("http://evil.example","click")',
        "B+",
      ]);
      expect(row[9]).toBe('House 4, "Green" Street\nLahore');
      expect(row[10]).toBe("Answer 1");
      expect(row.at(-1)).toBe("No");
    });

    test("exactly the filtered list, every page of it", async () => {
      for (let i = 0; i < 27; i++) await seedApplication(admin.server, { fullname: `Nursing ${i}`, department: "Nursing" });
      await seedApplication(admin.server, { fullname: "Dentist", department: "BDS" });
      const rows = parse((await download("?q=nursing")).toString("utf8"), { bom: true }) as string[][];
      expect(rows).toHaveLength(28);
      expect(rows.slice(1).every((row) => row[2]?.startsWith("Nursing "))).toBe(true);
      expect(parse((await download("?status=rejected")).toString("utf8"), { bom: true })).toHaveLength(1);
    });

    test("without a session it is the login, and holds nobody's data", async () => {
      await seedApplication(admin.server, { fullname: "Hidden Applicant" });
      const response = await getPage(admin.server, "/admin/requests.csv");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/admin");
      expect(await response.text()).not.toContain("Hidden Applicant");
    });
  });
});
