import { parse } from "csv-parse/sync";
import { beforeEach, describe, expect, test } from "vitest";
import { testEngines } from "../shared/test-database";
import { auditActions, getPage, post, seedContactMessage } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/** The senders' names the inbox's HTML shows, in order (each message is headed by its sender's name). */
const namesShown = (html: string) => [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
const unreadMarkers = (html: string) => html.match(/data-testid="unread-marker"/g)?.length ?? 0;
/** The top bar's Messages link, by its accessible name. */
const messagesLink = (html: string) =>
  html
    .match(/<a [^>]*>/g)
    ?.find((tag) => tag.includes('href="/admin/messages"'))
    ?.match(/aria-label="([^"]*)"/)?.[1];

describe.each(testEngines())("the admin's contact messages on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });
  const db = () => admin.server.database.db;
  const page = async (path: string) => (await getPage(admin.server, path, admin.cookie)).text();
  const inbox = async (query = "") => page(`/admin/messages${query}`);
  const readAt = async (id: string) =>
    (await db().selectFrom("contact_messages").select("read_at").where("id", "=", id).executeTakeFirstOrThrow()).read_at;

  beforeEach(async () => {
    await db().deleteFrom("contact_messages").execute();
  });

  describe("the list", () => {
    test("'No messages yet.' when there are none", async () => {
      const html = await inbox();
      expect(html).toContain("Messages (0)");
      expect(html).toContain("No messages yet.");
    });

    test("pages of 25, newest first, with how many match; a page past the last shows the last", async () => {
      const start = Date.parse("2026-10-01T08:00:00.000Z");
      for (let i = 0; i < 30; i++) {
        await seedContactMessage(admin.server, {
          name: `Sender ${String(i).padStart(2, "0")}`,
          createdAt: new Date(start + i * 3_600_000).toISOString(),
        });
      }
      const first = await inbox();
      expect(first).toContain("Messages (30)");
      expect(first).toContain("Showing 1–25 of 30 messages");
      expect(namesShown(first)).toHaveLength(25);
      expect(namesShown(first)[0]).toBe("Sender 29");
      expect(first).toContain("Page 1 of 2");

      const second = await inbox("?page=2");
      expect(namesShown(second)).toEqual(["Sender 04", "Sender 03", "Sender 02", "Sender 01", "Sender 00"]);
      expect(second).toContain("Showing 26–30 of 30 messages");
      expect(namesShown(await inbox("?page=99"))).toEqual(namesShown(second));
      expect(namesShown(await inbox("?page=nonsense"))).toEqual(namesShown(first));
    });

    test("each shows sender, email, the time it came in the society's time zone, its text, and Unread until opened", async () => {
      await seedContactMessage(admin.server, {
        name: "Hira Saleem",
        email: "hira@example.org",
        message: "When is the next study circle?\nThanks!",
        createdAt: "2026-11-10T19:30:00.000Z",
      });
      await seedContactMessage(admin.server, { name: "Read Before", readAt: "2026-11-11T08:00:00.000Z" });
      const html = await inbox();
      expect(html).toContain("hira@example.org");
      // Asia/Karachi is UTC+5: half past seven in the evening UTC is half past midnight the next day.
      expect(html).toContain("11 November 2026 at 00:30");
      expect(html).toContain("When is the next study circle?\nThanks!");
      expect(unreadMarkers(html)).toBe(1);
      expect(html).toContain('href="mailto:hira@example.org?subject=Re%3A%20your%20message%20to%20');
    });

    test("search finds text in the name, email and message, in any case; % and _ are only characters", async () => {
      await seedContactMessage(admin.server, { name: "Hira Saleem", email: "hira@example.org", message: "Study circle?" });
      await seedContactMessage(admin.server, { name: "Bilal Ahmed", email: "bilal@example.org", message: "Blood camp timings" });
      await seedContactMessage(admin.server, { name: "Sara", email: "sara@example.org", message: "Is it 100% free?" });
      const found = async (q: string) => namesShown(await inbox(`?q=${encodeURIComponent(q)}`)).sort();
      expect(await found("hira")).toEqual(["Hira Saleem"]);
      expect(await found("SALEEM")).toEqual(["Hira Saleem"]);
      expect(await found("bilal@")).toEqual(["Bilal Ahmed"]);
      expect(await found("BLOOD camp")).toEqual(["Bilal Ahmed"]);
      expect(await found("100%")).toEqual(["Sara"]);
      expect(await found("%")).toEqual(["Sara"]);
      expect(await found("a_e")).toEqual([]);
      const none = await inbox("?q=nobody");
      expect(none).toContain("Messages (3)");
      expect(none).toContain("No message matches this search.");
      expect(none).not.toContain("No messages yet.");
    });
  });

  describe("read and unread", () => {
    test("opening marks a message read once (the first time stays), unaudited; the top bars count what is left unread", async () => {
      const first = await seedContactMessage(admin.server, { name: "Hira Saleem" });
      await seedContactMessage(admin.server, { name: "Bilal Ahmed" });
      await seedContactMessage(admin.server, { name: "Already Read", readAt: "2026-11-01T00:00:00.000Z" });
      for (const path of ["/admin", "/admin-announcement", "/admin/content", "/admin/messages"]) {
        expect(messagesLink(await page(path)), path).toBe("Messages, 2 unread");
      }
      expect(await page("/admin")).toContain(">2 unread</span>");

      const answer = await post(admin.server, `/admin/messages/${first}/read`, {}, { cookie: admin.cookie });
      expect(answer).toMatchObject({ status: 200, body: { ok: true } });
      const when = await readAt(first);
      expect(Date.parse(when!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await post(admin.server, `/admin/messages/${first}/read`, {}, { cookie: admin.cookie })).toMatchObject({ status: 200 });
      expect(await readAt(first)).toBe(when);
      expect(messagesLink(await page("/admin"))).toBe("Messages, 1 unread");
      expect(unreadMarkers(await inbox())).toBe(1);
      expect((await auditActions(admin.server)).filter((entry) => entry.action.startsWith("contact-message"))).toEqual([]);

      await db().updateTable("contact_messages").set({ read_at: when }).execute();
      const none = await page("/admin");
      expect(messagesLink(none)).toBe("Messages");
      expect(none).not.toContain(" unread</span>");
    });

    test("a message that is not there answers 404 with the reason; without a session 401 and nothing changes", async () => {
      const id = await seedContactMessage(admin.server);
      for (const missing of ["00000000-0000-7000-8000-000000000000", "not-an-id"]) {
        expect(await post(admin.server, `/admin/messages/${missing}/read`, {}, { cookie: admin.cookie })).toMatchObject({
          status: 404,
          body: { ok: false, error: "No such message: it was deleted. Reload to see the latest." },
        });
      }
      expect((await post(admin.server, `/admin/messages/${id}/read`)).status).toBe(401);
      const crossSite = { cookie: admin.cookie, headers: { origin: "https://evil.example" } };
      expect((await post(admin.server, `/admin/messages/${id}/read`, {}, crossSite)).status).toBe(403);
      expect(await readAt(id)).toBeNull();
    });

    test("the public pages carry none of it", async () => {
      await seedContactMessage(admin.server);
      const home = await (await getPage(admin.server, "/")).text();
      expect(home).not.toContain("unread");
      expect(home).not.toContain("/admin/messages");
    });
  });

  test("deleting several deletes them and audits their ids only", async () => {
    const first = await seedContactMessage(admin.server, { name: "Zainab Private", email: "zainab@example.org" });
    const second = await seedContactMessage(admin.server);
    const kept = await seedContactMessage(admin.server);
    const answer = await post(admin.server, "/admin/messages/delete", { "ids[0]": first, "ids[1]": second }, { cookie: admin.cookie });
    expect(answer).toMatchObject({ status: 200, body: { ok: true, deleted: 2 } });
    expect((await db().selectFrom("contact_messages").select("id").execute()).map((row) => row.id)).toEqual([kept]);
    const deletions = (await auditActions(admin.server)).filter((entry) => entry.action === "contact-message.delete");
    expect(deletions.map((entry) => entry.detail).sort()).toEqual([`contact-message=${first}`, `contact-message=${second}`].sort());
    expect(JSON.stringify(await auditActions(admin.server))).not.toMatch(/Zainab|zainab@example\.org/);

    expect(await post(admin.server, "/admin/messages/delete", { "ids[0]": first }, { cookie: admin.cookie })).toMatchObject({
      status: 404,
      body: { error: "No such message: it was deleted. Reload to see the latest." },
    });
    expect(await post(admin.server, "/admin/messages/delete", {}, { cookie: admin.cookie })).toMatchObject({
      status: 400,
      body: { error: "Choose at least one message" },
    });
    expect((await post(admin.server, "/admin/messages/delete", { "ids[0]": kept })).status).toBe(401);
    expect(await db().selectFrom("contact_messages").select("id").execute()).toEqual([{ id: kept }]);
  });

  describe("the CSV export", () => {
    const download = async (query = "") => {
      const response = await getPage(admin.server, `/admin/messages.csv${query}`, admin.cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get("cache-control")).toContain("no-store");
      return Buffer.from(await response.arrayBuffer());
    };

    test("UTF-8 with a byte order mark, quoted as RFC 4180 says, Read as Yes or No, formulas made harmless", async () => {
      await seedContactMessage(admin.server, {
        name: "عائشہ خان",
        email: "aisha@example.org",
        message: 'Salaam, "quick" question,\nabout the camp',
        createdAt: "2026-11-10T19:30:00.000Z",
        readAt: "2026-11-11T08:00:00.000Z",
      });
      await seedContactMessage(admin.server, {
        name: "@attacker",
        email: "x@example.org",
        message: '=HYPERLINK("http://evil.example","click")',
        createdAt: "2026-11-12T05:00:00.000Z",
      });
      const bytes = await download();
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString("utf8");
      expect(text).toContain('"Salaam, ""quick"" question,\nabout the camp"');
      expect(text.endsWith("\r\n")).toBe(true);
      expect(parse(text, { bom: true })).toEqual([
        ["Received", "Name", "Email", "Message", "Read"],
        ["2026-11-12 10:00", "'@attacker", "x@example.org", '\'=HYPERLINK("http://evil.example","click")', "No"],
        ["2026-11-11 00:30", "عائشہ خان", "aisha@example.org", 'Salaam, "quick" question,\nabout the camp', "Yes"],
      ]);
    });

    test("exactly the searched list, every page of it", async () => {
      for (let i = 0; i < 27; i++) await seedContactMessage(admin.server, { name: `Camp ${i}`, message: "About the blood camp" });
      await seedContactMessage(admin.server, { name: "Other", message: "Study circle" });
      const rows = parse((await download("?q=blood%20camp&page=2")).toString("utf8"), { bom: true }) as string[][];
      expect(rows).toHaveLength(28);
      expect(rows.slice(1).every((row) => row[1]?.startsWith("Camp "))).toBe(true);
      expect(parse((await download("?q=nobody")).toString("utf8"), { bom: true })).toHaveLength(1);
      expect(parse((await download()).toString("utf8"), { bom: true })).toHaveLength(29);
    });
  });

  test("without a session the page and the export are the login and hold nobody's data", async () => {
    await seedContactMessage(admin.server, { name: "Hidden Sender", email: "hidden@example.org" });
    const pageAnswer = await getPage(admin.server, "/admin/messages?q=hidden");
    expect(pageAnswer.status).toBe(302);
    expect(pageAnswer.headers.get("location")).toBe(`/admin?next=${encodeURIComponent("/admin/messages?q=hidden")}`);
    const csv = await getPage(admin.server, "/admin/messages.csv");
    expect(csv.status).toBe(302);
    expect(csv.headers.get("location")).toBe("/admin");
    for (const answer of [pageAnswer, csv]) expect(await answer.text()).not.toMatch(/Hidden Sender|hidden@example\.org/);
  });
});
