import { beforeEach, describe, expect, test } from "vitest";
import {
  confirmationSentMessage,
  confirmLinkGoneMessage,
  REGISTRATION_MESSAGES,
  registeredMessage,
  TICKET_MESSAGES,
  waitingMessage,
} from "#core/messages/registration.ts";
import { CHECK_IN_MESSAGES } from "#core/messages/check-in.ts";
import { testEngines } from "#tests/shared/test-database.ts";
import type { OfflineDoorList } from "#server/services/registrations.ts";
import { getPage, post, postToPage } from "./helpers/admin";
import { freshIp, pageMessages } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import type { SmtpCatcher } from "./helpers/smtp-catcher";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** A registration as the form sends it without JavaScript. */
function registration(name: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    name,
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}@example.org`,
    phone: "03001234567",
    class: "2nd Year",
    answer1: "Yes",
    submissionKey: crypto.randomUUID(),
    ...more,
  };
}

/** Text as React writes it into a page. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

/** Posts the registration form as a browser without JavaScript does: the answer is the page. */
async function register(server: TestServer, announcementId: string, fields: Record<string, string>, ip = freshIp()) {
  const response = await fetch(`${server.url}/announcement/${announcementId}/register`, {
    method: "POST",
    headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": ip },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
  const html = await response.text();
  return { status: response.status, html, ...pageMessages(html) };
}

/**
 * The token of the last "Confirm your place" link mailed to `email` for announcement `id`, once the `nth` such mail
 * has arrived.
 */
async function mailedToken(smtp: SmtpCatcher, id: string, email: string, nth = 1): Promise<string> {
  const pattern = new RegExp(`/announcement/${id}/confirm\\?token=([A-Za-z0-9_-]{43})`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const tokens = smtp.mails.filter((mail) => mail.envelopeTo.includes(email)).flatMap((mail) => pattern.exec(mail.text)?.[1] ?? []);
    const token = tokens.length >= nth ? tokens.at(-1) : undefined;
    if (token) {
      rememberSecret(token);
      return token;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation link mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ticket page's path in a registrant's mail. */
function ticketPathIn(text: string, publicUrl: string): string {
  const link = new RegExp(`^${publicUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(/ticket\\?token=[A-Za-z0-9_-]{43})$`, "m").exec(text)?.[1];
  if (!link) throw new Error(`no ticket link in: ${text}`);
  rememberSecret(link);
  return link;
}

/** Opens the mailed link, as a person (or a mail scanner) does: the page. */
async function openLink(server: TestServer, id: string, token: string) {
  const response = await fetch(`${server.url}/announcement/${id}/confirm?token=${token}`, { redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** Presses Confirm on that page as a browser without JavaScript does: the answer is the page. */
async function confirm(server: TestServer, id: string, token: string) {
  const response = await fetch(`${server.url}/announcement/${id}/confirm?token=${token}`, {
    method: "POST",
    headers: { ...siteOrigin(server.publicUrl), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token }),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

/** An announcement that collects registrations here, made through the admin's form as the dialog sends it. */
async function createAnnouncement(server: TestServer, cookie: string, fields: Record<string, string> = {}): Promise<string> {
  const form = new FormData();
  const values: Record<string, string> = {
    title: "First aid workshop",
    description: "Two hours of first aid with the college's trainers.",
    registration: "here",
    capacity: "2",
    eventStartsAt: "2026-12-20T10:00",
    eventLocation: "Hall 2",
    "questions[0].label": "Have you done a first aid course before?",
    "questions[0].kind": "choice",
    "questions[0].choices": "Yes\nNo",
    "questions[0].required": "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const answer = await post(server, "/admin/announcements", form, { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const row = await server.database.db
    .selectFrom("announcements")
    .select("id")
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.each(testEngines())("registrations collected on the site, on %s", (engine) => {
  const setup = useTestServer(engine, { smtp: true, signedIn: true, env: { TRUST_PROXY: "loopback", MAIL_TO: "office@society.test" } });
  let server: TestServer;
  let smtp: SmtpCatcher;
  let cookie: string;
  beforeEach(async () => {
    ({ server, smtp, cookie } = setup);
    await server.database.db.deleteFrom("registrations").execute();
    await server.database.db.deleteFrom("announcements").execute();
  });

  test("without JavaScript: the form, the mailed link's page that changes nothing, Confirm, the waiting list; the mails over SMTP with the calendar file", async () => {
    const id = await createAnnouncement(server, cookie);
    expect(await (await getPage(server, "/announcement")).text()).toContain(`href="/announcement/${id}/register"`);
    const form = await (await getPage(server, `/announcement/${id}/register`)).text();
    expect(form).toContain("2 places left.");
    expect(form).toContain("Have you done a first aid course before?");

    const first = await register(server, id, registration("Amna Khan"));
    expect(first.status).toBe(200);
    expect(first.html).toContain(html(confirmationSentMessage));
    const mailed = await smtp.waitForMail("Confirm your place:");
    expect(mailed.envelopeTo).toEqual(["amna.khan@example.org"]);
    expect(mailed.header("subject")).toBe("Confirm your place: First aid workshop");
    const token = await mailedToken(smtp, id, "amna.khan@example.org");

    // A mail scanner, a preview or the person opening the link: the page with its Confirm button, and nothing changed.
    const before = await server.database.db.selectFrom("registrations").selectAll().execute();
    for (let i = 0; i < 2; i += 1) {
      const page = await openLink(server, id, token);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      expect(/<form[^>]*aria-label="Confirm your place"[^>]*>/.exec(page.html)?.[0]).toContain('method="post"');
      expect(page.html).toContain(`<input type="hidden" name="token" value="${token}"/>`);
      expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Confirm<\/button>/);
    }
    expect(await server.database.db.selectFrom("registrations").selectAll().execute()).toEqual(before);

    const confirmed = await confirm(server, id, token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(html(registeredMessage));
    // Used: the link's page now says so, and pressing Confirm again changes nothing.
    expect((await openLink(server, id, token)).html).toContain(html(confirmLinkGoneMessage));
    const again = await confirm(server, id, token);
    expect(again.status).toBe(404);
    expect(again.html).toContain(html(confirmLinkGoneMessage));

    await register(server, id, registration("Bilal Ahmed"));
    await confirm(server, id, await mailedToken(smtp, id, "bilal.ahmed@example.org"));
    const full = await register(server, id, registration("Chand Bibi"));
    expect(full.status).toBe(409);
    expect(full.html).toContain(html(REGISTRATION_MESSAGES.full));
    expect(full.html).toContain("Join the waiting list");
    expect((await register(server, id, registration("Chand Bibi", { waitingList: "yes" }))).status).toBe(200);
    const waiting = await confirm(server, id, await mailedToken(smtp, id, "chand.bibi@example.org"));
    expect(waiting.status).toBe(200);
    expect(waiting.html).toContain(html(waitingMessage(1)));

    const mail = await smtp.waitForMail('You\'re registered for "First aid workshop"');
    expect(mail.envelopeTo).toContain("amna.khan@example.org");
    expect(mail.header("subject")).toBe("Registered: First aid workshop");
    expect(mail.header("to")).toBe("Amna Khan <amna.khan@example.org>");
    expect(mail.text).toContain("When: 20 December 2026 at 10:00");
    expect(mail.attachments.map((file) => file.filename).sort()).toEqual(["event.ics", "ticket.png"]);
    const calendarFile = mail.attachments.find((file) => file.filename === "event.ics");
    const qrFile = mail.attachments.find((file) => file.filename === "ticket.png");
    expect(calendarFile!.contentType).toContain("text/calendar");
    expect(calendarFile!.content).toContain("BEGIN:VEVENT");
    // The ticket: its link in the text, its QR code shown in the HTML part and attached as a PNG.
    expect(qrFile!.contentType).toContain("image/png");
    expect(qrFile!.bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(mail.html).toContain(`src="cid:${qrFile!.contentId}"`);
    const ticketPath = ticketPathIn(mail.text, server.publicUrl);
    const ticket = await fetch(`${server.url}${ticketPath}`);
    const ticketHtml = await ticket.text();
    expect(ticket.status).toBe(200);
    expect(ticket.headers.get("cache-control")).toBe("no-store");
    expect(ticketHtml).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(ticketHtml).toContain("Amna Khan");
    expect(ticketHtml).toContain(TICKET_MESSAGES.registered);
    expect(ticketHtml).toMatch(/<svg[^>]*viewBox/);
    // Confirming said where the ticket is too.
    expect(confirmed.html).toContain(`href="${ticketPath}"`);
    const waitingMail = await smtp.waitForMail("waiting list (number 1)");
    expect(waitingMail.envelopeTo).toContain("chand.bibi@example.org");
    expect(waitingMail.attachments.map((file) => file.filename)).toEqual(["ticket.png"]);
    const waitingTicket = await (await fetch(`${server.url}${ticketPathIn(waitingMail.text, server.publicUrl)}`)).text();
    expect(waitingTicket).toContain("Chand Bibi");
    expect(waitingTicket).toContain(html(TICKET_MESSAGES.waiting(1)));

    // A token altered by one character (in its signature) is no ticket: 404, nothing of anyone's shown.
    const ticketToken = ticketPath.slice("/ticket?token=".length);
    const altered = `${ticketToken.slice(0, 30)}${ticketToken[30] === "A" ? "B" : "A"}${ticketToken.slice(31)}`;
    const forged = await fetch(`${server.url}/ticket?token=${altered}`);
    const forgedHtml = await forged.text();
    expect(forged.status).toBe(404);
    expect(forged.headers.get("cache-control")).toBe("no-store");
    expect(forgedHtml).toContain(TICKET_MESSAGES.notFound);
    expect(forgedHtml).not.toContain("Amna Khan");

    // A typed name that is not a person's reaches neither the greeting nor the To: header.
    const email = "not.a.name@example.org";
    expect((await register(server, id, registration("Win a prize at https://evil.example", { email, waitingList: "yes" }))).status).toBe(
      200,
    );
    await mailedToken(smtp, id, email);
    const stranger = smtp.mails.find((caught) => caught.envelopeTo.includes(email))!;
    expect(stranger.header("to")).toBe(email);
    expect(stranger.text).toMatch(/^Hello,\r?\n/);
    expect(stranger.raw).not.toContain("evil.example");
  });

  test("the server's refusals on the page: at the field, the same email again, the network's limit, a link or form that is not there, closed", async () => {
    const id = await createAnnouncement(server, cookie, { capacity: "" });
    // No capacity: no count of places.
    expect(await (await getPage(server, `/announcement/${id}/register`)).text()).not.toMatch(/places? left\./);
    const bad = await register(server, id, registration("", { email: "not-an-email", answer1: "Maybe" }));
    expect(bad.status).toBe(400);
    expect(bad.fields).toMatchObject({ name: "Name is required", email: "Invalid email", answer1: REGISTRATION_MESSAGES.chooseOne });
    expect(await register(server, id, registration("Bot", { website: "https://spam.example" }))).toMatchObject({
      status: 400,
      form: REGISTRATION_MESSAGES.failure,
    });

    // The same email again while unconfirmed: the same answer (a new link); once confirmed, refused at the field.
    const amna = registration("Amna Khan");
    await register(server, id, amna);
    const resent = await register(server, id, { ...amna, submissionKey: crypto.randomUUID() });
    expect(resent.status).toBe(200);
    expect(resent.html).toContain(html(confirmationSentMessage));
    await confirm(server, id, await mailedToken(smtp, id, "amna.khan@example.org", 2));
    const again = await register(server, id, { ...amna, submissionKey: crypto.randomUUID() });
    expect(again).toMatchObject({ status: 409, fields: { email: REGISTRATION_MESSAGES.alreadyRegistered } });

    // One network, five registrations for one announcement; the sixth is refused and says why.
    for (let i = 1; i <= 5; i += 1) expect((await register(server, id, registration(`Student ${i}`), "203.0.113.50")).status).toBe(200);
    expect(await register(server, id, registration("Student 6"), "203.0.113.50")).toMatchObject({
      status: 429,
      form: REGISTRATION_MESSAGES.networkLimit,
    });

    const unknown = await openLink(server, id, "A".repeat(43));
    expect(unknown.status).toBe(200);
    expect(unknown.html).toContain(html(confirmLinkGoneMessage));
    expect(unknown.html).not.toContain('name="token"');
    expect((await openLink(server, crypto.randomUUID(), "A".repeat(43))).status).toBe(404);

    const closed = await createAnnouncement(server, cookie, { registrationClosesAt: "2020-01-01T10:00" });
    const closedPage = await getPage(server, `/announcement/${closed}/register`);
    expect(closedPage.status).toBe(200);
    expect(await closedPage.text()).toContain(REGISTRATION_MESSAGES.closed);
    const refused = await register(server, closed, registration("Bilal"));
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(REGISTRATION_MESSAGES.closed);
    const board = await (await getPage(server, "/announcement")).text();
    expect(board).not.toContain(`/announcement/${closed}/register`);
    expect(board).toContain(REGISTRATION_MESSAGES.closed);

    const linked = await createAnnouncement(server, cookie, { registration: "link", url: "https://forms.gle/x" });
    expect((await getPage(server, `/announcement/${linked}/register`)).status).toBe(404);
    expect((await register(server, linked, registration("Bilal"))).status).toBe(404);
    expect((await getPage(server, `/announcement/${crypto.randomUUID()}/register`)).status).toBe(404);
  });

  test("a door link over HTTP: its event's check-in screen and nothing else, no undo; revoked, it opens nothing and changes nothing", async () => {
    const id = await createAnnouncement(server, cookie);
    const other = await createAnnouncement(server, cookie, { title: "Other event" });
    /** A confirmed registration's ticket token, from the link the confirmation page shows. */
    async function ticketOf(announcementId: string, name: string): Promise<string> {
      const fields = registration(name);
      expect((await register(server, announcementId, fields)).status).toBe(200);
      const confirmed = await confirm(server, announcementId, await mailedToken(smtp, announcementId, fields.email!));
      const token = /href="\/ticket\?token=([A-Za-z0-9_-]{43})"/.exec(confirmed.html)?.[1];
      if (!token) throw new Error(`no ticket for ${name}`);
      rememberSecret(token);
      return token;
    }
    const amna = await ticketOf(id, "Amna Khan");
    const bilal = await ticketOf(id, "Bilal Ahmed");
    const chand = await ticketOf(other, "Chand Bibi");

    const made = await postToPage(
      server,
      `/admin/announcements/${id}/registrations`,
      { intent: "door-link", label: "Main gate" },
      { cookie },
    );
    expect(made.status).toBe(200);
    const link = new URL((made.body.doorLink as { link: string }).link);
    rememberSecret(link.searchParams.get("token"));
    expect(link.origin + link.pathname).toBe(`${server.publicUrl}/door`);
    const door = `/door${link.search}`;

    // No session: the link alone opens its event's check-in screen, never stored by a cache or indexed.
    const page = await fetch(`${server.url}${door}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(html).toContain("Check in: First aid workshop");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("0 of 2 checked in.");

    // It checks in its own event's tickets, in its name; another event's ticket is no ticket here; undo is an admin's.
    const scan = (token: string) => postToPage(server, door, { intent: "scan", token });
    expect((await scan(amna)).body.checkIn).toEqual({ outcome: "checked-in", name: "Amna Khan" });
    const again = await scan(amna);
    expect(again.body.checkIn).toMatchObject({ outcome: "already", by: "Main gate (door link)" });
    const elsewhere = await scan(chand);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.checkIn).toEqual({ outcome: "not-for-event" });
    const amnaRow = await server.database.db
      .selectFrom("registrations")
      .selectAll()
      .where("name", "=", "Amna Khan")
      .executeTakeFirstOrThrow();
    const undo = await postToPage(server, door, { intent: "undo", registrationId: amnaRow.id });
    expect(undo.status).toBe(403);
    expect(undo.body.error).toBe(CHECK_IN_MESSAGES.undoAdminsOnly);
    expect(amnaRow.checkedInBy).toBe("Main gate (door link)");
    // Its search finds only its own event's people; the admin area stays shut to it.
    const search = await (await fetch(`${server.url}${door}&q=khan`)).text();
    expect(search).toContain("Amna Khan");
    expect((await (await fetch(`${server.url}${door}&q=chand`)).text()).replaceAll("&#x27;", "'")).toContain(
      CHECK_IN_MESSAGES.noMatch("chand"),
    );
    const admin = await fetch(`${server.url}/admin/announcements/${other}/check-in${link.search}`, { redirect: "manual" });
    expect(admin.status).not.toBe(200);
    // The list its phone keeps to check in offline: its own event's people, and hashes of their tickets, not tickets.
    const list = await fetch(`${server.url}/door/list${link.search}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("no-store");
    const listed = await list.text();
    expect((JSON.parse(listed) as OfflineDoorList).entries.map((entry) => entry.name)).toEqual(["Amna Khan", "Bilal Ahmed"]);
    for (const token of [amna, bilal]) expect(listed).not.toContain(token);
    // What it checked in offline, sent later: its own event's only.
    const chandRow = await server.database.db
      .selectFrom("registrations")
      .select("id")
      .where("name", "=", "Chand Bibi")
      .executeTakeFirstOrThrow();
    const synced = await postToPage(server, door, {
      intent: "sync",
      checkIns: JSON.stringify([{ registrationId: chandRow.id, at: new Date().toISOString() }]),
    });
    expect(synced.body.synced).toEqual([{ registrationId: chandRow.id, outcome: "not-for-event" }]);

    // Revoked: the page says so, and a check-in sent with it changes nothing.
    const linkRow = await server.database.db.selectFrom("doorLinks").select("id").executeTakeFirstOrThrow();
    const revoked = await postToPage(
      server,
      `/admin/announcements/${id}/registrations`,
      { intent: "revoke-door-link", linkId: linkRow.id },
      { cookie },
    );
    expect(revoked.status).toBe(200);
    const closed = await fetch(`${server.url}${door}`);
    expect(closed.status).toBe(404);
    expect(closed.headers.get("cache-control")).toBe("no-store");
    expect(await closed.text()).toContain(CHECK_IN_MESSAGES.doorGone);
    const late = await scan(bilal);
    expect(late.status).toBe(404);
    expect(late.body.error).toBe(CHECK_IN_MESSAGES.doorGone);
    expect((await fetch(`${server.url}/door/list${link.search}`)).status).toBe(404);
    const bilalRow = await server.database.db
      .selectFrom("registrations")
      .selectAll()
      .where("name", "=", "Bilal Ahmed")
      .executeTakeFirstOrThrow();
    expect(bilalRow.checkedInAt).toBeNull();
  });

  test("the admin's list and its CSV download; Remove answers, once", async () => {
    const id = await createAnnouncement(server, cookie, { capacity: "1" });
    await register(server, id, registration("Amna Khan"));
    await confirm(server, id, await mailedToken(smtp, id, "amna.khan@example.org"));
    await register(server, id, registration("Dua Fatima", { waitingList: "yes" }));

    const list = (await (await getPage(server, `/admin/announcements/${id}/registrations`, cookie)).text()).replaceAll("<!-- -->", "");
    expect(list).toContain("1 registered of 1 place, 0 on the waiting list. 1 unconfirmed:");
    expect(list).toContain(">Unconfirmed</span>");
    const admin = (await (await getPage(server, "/admin-announcement", cookie)).text()).replaceAll("<!-- -->", "");
    expect(admin).toContain("Registrations (1 registered, 0 waiting)");

    const csv = await getPage(server, `/admin/announcements/${id}/registrations.csv`, cookie);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="registrations-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.headers.get("cache-control")).toBe("no-store");
    // Read with its byte order mark (Response.text() drops it), which spreadsheets need to read UTF-8.
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith("\uFEFFRegistered,Status,Checked in,Name,Email,Phone,Class,Have you done a first aid course before?\r\n")).toBe(
      true,
    );
    expect(text).toContain(",Registered,,Amna Khan,amna.khan@example.org,");
    expect(text).toContain(",Unconfirmed,,Dua Fatima,dua.fatima@example.org,");
    expect((await getPage(server, `/admin/announcements/${crypto.randomUUID()}/registrations.csv`, cookie)).status).toBe(404);

    const [amna] = await server.database.db.selectFrom("registrations").select("id").where("name", "=", "Amna Khan").execute();
    const remove = () =>
      postToPage(server, `/admin/announcements/${id}/registrations`, { intent: "delete", registrationId: amna!.id }, { cookie });
    expect(await remove()).toMatchObject({ status: 200, body: { ok: true } });
    expect(await remove()).toMatchObject({
      status: 404,
      body: { error: "No such registration: it was deleted. Reload to see the latest." },
    });
  });
});
