import { beforeEach, describe, expect, test } from "vitest";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { getPage, postToPage, seedContactMessage } from "./helpers/admin";
import { useTestServer } from "./helpers/use-test-server";

/** The senders' names the inbox's HTML shows, in order (each message is headed by its sender's name). */
const namesShown = (html: string) => [...html.matchAll(/<article[^>]*>[\s\S]*?<h2[^>]*>([^<]*)<\/h2>/g)].map((match) => match[1]);
const unreadMarkers = (html: string) => html.match(/data-testid="unread-marker"/g)?.length ?? 0;
/** The top bar's Messages link, by its accessible name. */
/** The accessible name of the link to the inbox: its aria-label, or else its text. */
const messagesLink = (html: string) => {
  const link = html.match(/<a [^>]*href="\/admin\/messages"[^>]*>.*?<\/a>/s)?.[0];
  return link?.match(/aria-label="([^"]*)"/)?.[1] ?? link?.replace(/<[^>]*>/g, "");
};

describe.each(answerTestEngines())("the admin's contact messages on %s", (engine) => {
  const admin = useTestServer(engine, { signedIn: true });
  const db = () => admin.server.database.db;
  const page = async (path: string) => (await getPage(admin.server, path, admin.cookie)).text();
  const inbox = async (query = "") => page(`/admin/messages${query}`);
  const readAt = async (id: string) =>
    (await db().selectFrom("contactMessages").select("readAt").where("id", "=", id).executeTakeFirstOrThrow()).readAt;

  beforeEach(async () => {
    await db().deleteFrom("contactMessages").execute();
  });

  test("the inbox as the server draws it: Unread until opened, Reply to the sender, each message whole until JavaScript clamps it; 'No messages yet.'", async () => {
    expect(await inbox()).toContain("No messages yet.");
    await seedContactMessage(admin.server, { name: "Hira Saleem", email: "hira@example.org", message: "When is the circle?\nThanks!" });
    await seedContactMessage(admin.server, { name: "Read Before", email: "read@example.org", readAt: "2026-11-11T08:00:00.000Z" });
    const html = await inbox();
    expect(html).toContain("Messages (2)");
    expect(unreadMarkers(html)).toBe(1);
    expect(html).toContain('href="mailto:hira@example.org?subject=Re%3A%20your%20message%20to%20');
    expect(html).toContain("When is the circle?\nThanks!");
    expect(/<p[^>]*class="([^"]*)"[^>]*>When is the circle/.exec(html)?.[1]).not.toContain("line-clamp");
    expect(html).not.toMatch(/>Open<\/button>/);
    const form = /<form[^>]*aria-label="Search messages"[^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="get"');
    expect(namesShown(await inbox("?q=hira&page="))).toEqual(["Hira Saleem"]);
    expect(await inbox("?q=nobody")).toContain("No message matches this search.");
    expect(await inbox("?q=hira")).toContain('href="/admin/messages.csv?q=hira"');
  });

  test("the admin navigation counts the unread messages on every admin page; opening one answers ok once read, a message that is gone 404", async () => {
    const first = await seedContactMessage(admin.server);
    await seedContactMessage(admin.server);
    for (const path of ["/admin", "/admin-announcement", "/admin/content", "/admin/messages"]) {
      expect(messagesLink(await page(path)), path).toBe("Messages, 2 unread");
    }
    expect(await page("/admin")).toContain(">2 unread</span>");
    expect(await postToPage(admin.server, "/admin/messages", { intent: "mark-read", id: first }, { cookie: admin.cookie })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await readAt(first)).not.toBeNull();
    expect(messagesLink(await page("/admin"))).toBe("Messages, 1 unread");
    await db().updateTable("contactMessages").set({ readAt: "2026-11-11T08:00:00.000Z" }).execute();
    expect(messagesLink(await page("/admin"))).toBe("Messages");
    expect(await page("/admin")).not.toContain(" unread</span>");
    for (const missing of ["00000000-0000-7000-8000-000000000000", "not-an-id"]) {
      expect(
        await postToPage(admin.server, "/admin/messages", { intent: "mark-read", id: missing }, { cookie: admin.cookie }),
      ).toMatchObject({
        status: 404,
        body: { ok: false, error: "No such message: it was deleted. Reload to see the latest." },
      });
    }
    const home = await (await getPage(admin.server, "/")).text();
    expect(home).not.toContain("unread");
    expect(home).not.toContain("/admin/messages");
  });

  test("deleting several answers how many went; none chosen 400; gone 404", async () => {
    const [first, second] = [await seedContactMessage(admin.server), await seedContactMessage(admin.server)];
    const remove = (fields: Record<string, string>) =>
      postToPage(admin.server, "/admin/messages", { intent: "delete", ...fields }, { cookie: admin.cookie });
    expect(await remove({ "ids[0]": first, "ids[1]": second })).toMatchObject({ status: 200, body: { ok: true, deleted: 2 } });
    expect(await remove({ "ids[0]": first })).toMatchObject({
      status: 404,
      body: { error: "No such message: it was deleted. Reload to see the latest." },
    });
    expect(await remove({})).toMatchObject({ status: 400, body: { error: "Choose at least one message" } });
  });

  test("the CSV export downloads as a file named for the day, never cached, the searched messages in it", async () => {
    await seedContactMessage(admin.server, { name: "Camp Question", message: "About the blood camp" });
    await seedContactMessage(admin.server, { name: "Other", message: "Study circle" });
    const response = await getPage(admin.server, "/admin/messages.csv?q=camp", admin.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="contact-messages-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toMatch(/^\uFEFFReceived,Name,Email,Message,Read\r\n/);
    expect(text).toContain(",Camp Question,");
    expect(text).not.toContain("Study circle");
  });
});
