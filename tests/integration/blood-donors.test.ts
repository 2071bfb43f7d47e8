import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { NOT_A_PAKISTANI_MOBILE } from "#core/blood/phone.ts";
import { BLOOD_DONOR_MESSAGES } from "#core/messages/blood.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { freshIp, pageMessages, waitFor } from "./helpers/forms";
import { rememberSecret } from "./helpers/log-secrets";
import { rowsHolding } from "./helpers/rows";
import { seedBloodDonor } from "./helpers/seed";
import { expectCleanServerLog } from "./helpers/server-log";
import { parseMail } from "./helpers/smtp-catcher";
import { siteOrigin, type TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";

/** Text as React writes it into a page. */
const html = (text: string) => text.replaceAll("'", "&#x27;");

const LINK = /\/blood-donors\/me\?token=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/;

interface Donor {
  name: string;
  email: string;
  /** As the donor types it; `digits` is what every spelling of it (stored, shown) holds. */
  phone: string;
  digits: string;
  city: string;
  area: string;
}

let donors = 0;
/** A donor of this test's own: an address, a phone and an area no other test uses. */
function newDonor(name: string, place: { city: string; area: string }): Donor {
  donors += 1;
  const digits = String(1_000_000 + donors * 7919).slice(-7);
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, ".")}.${donors}@example.org`;
  return { name, email, phone: `0345 ${digits}`, digits, city: place.city, area: `${place.area} ${donors}` };
}

/** The sign-up form's fields as a browser without JavaScript posts them. */
const signUpFields = (donor: Donor, more: Record<string, string> = {}): Record<string, string> => ({
  intent: "sign-up",
  name: donor.name,
  email: donor.email,
  phone: donor.phone,
  bloodGroup: "O+",
  city: donor.city,
  area: donor.area,
  lastDonation: "",
  interval: "men",
  consent: "on",
  submissionKey: crypto.randomUUID(),
  website: "",
  ...more,
});

/** Every link token the tests saw: none may reach a server log line. */
const tokensSeen: string[] = [];

/**
 * The blood-donor pages as a browser without JavaScript uses them, on `server`, and what the tests read beside them: the
 * donor's row, and the mails the `log` transport wrote (DATA_DIR/mail).
 */
function donorPages(server: TestServer) {
  /** Posts a form as a browser without JavaScript does, from the site's own page unless `headers` say otherwise. */
  async function postForm(pathAndQuery: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    rememberSecret(fields.email);
    rememberSecret(fields.phone);
    const response = await fetch(`${server.url}${pathAndQuery}`, {
      method: "POST",
      headers: {
        ...siteOrigin(server.publicUrl),
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": freshIp(),
        Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
        ...headers,
      },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, html: text, ...pageMessages(text) };
  }

  const signUp = (donor: Donor, more: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    postForm("/blood-donors", signUpFields(donor, more), headers);

  /** Posts one of the donor page's forms (its token in the address and in the body, as the page's forms send it). */
  const postOwnPage = (token: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    postForm(`/blood-donors/me?token=${encodeURIComponent(token)}`, { token, ...fields }, headers);

  /** Opens a personal link as a person (or a mail scanner) does. */
  async function openLink(query: string) {
    const response = await fetch(`${server.url}/blood-donors/me${query}`, { redirect: "manual" });
    return { status: response.status, headers: response.headers, html: await response.text() };
  }
  const openOwnPage = (token: string) => openLink(`?token=${encodeURIComponent(token)}`);

  const donorRow = (email: string) =>
    server.database.db.selectFrom("bloodDonors").selectAll().where("email", "=", email).executeTakeFirst();

  const mailDir = () => path.join(server.dataDir, "mail");

  /** The mails the server wrote to `email` (the `log` transport's .eml files). */
  function mailsTo(email: string) {
    const dir = mailDir();
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .map((name) => ({ file: path.join(dir, name), mail: parseMail(fs.readFileSync(path.join(dir, name), "utf8")) }))
      .filter(({ mail }) => mail.header("to")?.includes(email));
  }

  /**
   * The donor's mail with their current link, as the `log` transport wrote it: the newest outbox row of the donor (a new
   * link's mail replaces the earlier ones), read from its file once the worker has written it. The token is remembered
   * as a secret no server log line may hold.
   */
  async function mailedLink(email: string): Promise<{ token: string; text: string; file: string }> {
    const mail = await waitFor(async () => {
      const donor = await donorRow(email);
      if (!donor) return undefined;
      const newest = await server.database.db
        .selectFrom("mailOutbox")
        .select("id")
        .where("recordId", "=", donor.id)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .executeTakeFirst();
      const file = newest && path.join(mailDir(), `${newest.id}.eml`);
      return file !== undefined && fs.existsSync(file) && { file, text: parseMail(fs.readFileSync(file, "utf8")).text };
    });
    const token = LINK.exec(mail.text)?.[1];
    if (!token) throw new Error(`no personal link in the mail to ${email}`);
    rememberSecret(token);
    tokensSeen.push(token);
    return { token, ...mail };
  }
  const mailedToken = async (email: string) => (await mailedLink(email)).token;

  /** Signs a donor up without JavaScript and confirms them from the mailed link; returns the link's token. */
  async function confirmedDonor(donor: Donor): Promise<string> {
    expect((await signUp(donor)).status).toBe(200);
    const token = await mailedToken(donor.email);
    const confirmed = await postOwnPage(token, { intent: "confirm" });
    expect(confirmed.status).toBe(200);
    expect(confirmed.html).toContain(html(BLOOD_DONOR_MESSAGES.confirmed));
    return token;
  }

  const counts = async () => {
    const count = async (table: "bloodDonors" | "mailOutbox") => (await server.database.db.selectFrom(table).select("id").execute()).length;
    return { donors: await count("bloodDonors"), mails: await count("mailOutbox") };
  };

  return {
    postForm,
    signUp,
    postOwnPage,
    openLink,
    openOwnPage,
    donorRow,
    mailsTo,
    mailedLink,
    mailedToken,
    confirmedDonor,
    counts,
  };
}

/** Nothing a page shows of `donor`: their name, address, phone (in any spelling) or area. */
function expectNothingOf(page: string, donor: Donor) {
  for (const detail of [donor.name, donor.email, donor.digits, donor.area]) expect(page).not.toContain(detail);
}

describe.each(answerTestEngines())("the blood-donor pages over HTTP on %s", (engine) => {
  // No mail variables: the `log` transport writes each mail to DATA_DIR/mail, where the donor's link is read from.
  const setup = useTestServer(engine, { env: { MAIL_TRANSPORT: "log", OUTBOX_POLL_MS: "50", TRUST_PROXY: "loopback" } });
  let server: TestServer;
  let pages: ReturnType<typeof donorPages>;
  beforeAll(() => {
    server = setup.server;
    pages = donorPages(server);
  });

  test("without JavaScript a sign-up posts and says to confirm from the mail; the mailed link opens that donor's page and nobody else's", async () => {
    const form = await fetch(`${server.url}/blood-donors`);
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toBe("no-store");
    expect(await form.text()).toMatch(/<form id="blood-donor"[^>]*action="\/blood-donors" method="post">/);
    // Search engines find the page through the sitemap.
    expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>${server.url}/blood-donors</loc>`);

    const amna = newDonor("Amna Khan", { city: "Sargodha", area: "Satellite Town" });
    const bilal = newDonor("Bilal Ahmed", { city: "Lahore", area: "Gulberg" });
    const signedUp = await pages.signUp(amna);
    expect(signedUp.status).toBe(200);
    expect(signedUp.headers.get("cache-control")).toBe("no-store");
    expect(signedUp.html).toContain(html(BLOOD_DONOR_MESSAGES.checkYourMail));
    expect(signedUp.form).toBeUndefined();
    expect((await pages.signUp(bilal)).status).toBe(200);

    const mailed = await pages.mailedLink(amna.email);
    const amnaToken = mailed.token;
    expect(mailed.text).toContain(`\n${server.publicUrl}/blood-donors/me?token=${amnaToken}\n`);
    expect(pages.mailsTo(amna.email)).toHaveLength(1);
    const bilalToken = await pages.mailedToken(bilal.email);

    // Unconfirmed: the page names the donor and offers Confirm with the link's token, and holds nothing of the other.
    const unconfirmed = await pages.openOwnPage(amnaToken);
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.headers.get("cache-control")).toBe("no-store");
    expect(unconfirmed.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(unconfirmed.html).toContain(amna.name);
    // Without JavaScript the form posts back to the link's own address, with the token in its body too.
    expect(/<form[^>]*aria-label="Confirm you are a donor"[^>]*>/.exec(unconfirmed.html)?.[0]).toContain(
      `action="/blood-donors/me?token=${amnaToken}" method="post"`,
    );
    expect(unconfirmed.html).toContain(`<input type="hidden" name="token" value="${amnaToken}"/>`);
    expect(unconfirmed.html).toMatch(/<button[^>]*type="submit" value="confirm" name="intent">Confirm<\/button>/);
    expectNothingOf(unconfirmed.html, bilal);
    expect(unconfirmed.html).not.toContain(bilalToken);

    for (const token of [amnaToken, bilalToken]) expect((await pages.postOwnPage(token, { intent: "confirm" })).status).toBe(200);
    // Confirmed: the details form holds the donor's own phone, city and area, and nothing of the other donor.
    const own = await pages.openOwnPage(amnaToken);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(own.html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const detail of [amna.name, `value="0345 ${amna.digits}"`, `value="${amna.city}"`, `value="${amna.area}"`]) {
      expect(own.html).toContain(detail);
    }
    expectNothingOf(own.html, bilal);
    expect(own.html).not.toContain(bilal.city);
    expect(own.html).not.toContain(bilalToken);
    const bilalsPage = await pages.openOwnPage(bilalToken);
    expect(bilalsPage.html).toContain(`value="${bilal.area}"`);
    expectNothingOf(bilalsPage.html, amna);
  });

  test("a wrong, tampered or malformed link answers 404 with no-store, shows nothing of any donor, and a post with it changes nothing", async () => {
    const hina = newDonor("Hina Raza", { city: "Sargodha", area: "Civil Lines" });
    const token = await pages.confirmedDonor(hina);
    const stored = await pages.donorRow(hina.email);
    const last = token.at(-1) === "A" ? "B" : "A";
    const wrong = [
      `${token.slice(0, -1)}${last}`, // one character changed
      `${last}${token.slice(1)}`,
      "A".repeat(43),
      token.slice(0, 42),
      `${token}A`,
      stored!.linkTokenHash, // what the database holds is no key
      token.toUpperCase(),
    ];
    for (const query of [...wrong.map((other) => `?token=${encodeURIComponent(other)}`), "?token=", ""]) {
      const page = await pages.openLink(query);
      expect(page.status, query).toBe(404);
      expect(page.headers.get("cache-control"), query).toBe("no-store");
      expect(page.html, query).toContain(html(BLOOD_DONOR_MESSAGES.linkGone));
      expect(page.html, query).not.toContain('name="token"');
      expectNothingOf(page.html, hina);
    }
    for (const other of wrong.slice(0, 3)) {
      const posts: Record<string, string>[] = [
        { intent: "withdraw" },
        { intent: "confirm" },
        { intent: "update", availability: "not-now", city: "Lahore", area: "Gulberg", phone: "0300 7654321" },
      ];
      for (const fields of posts) {
        const answer = await pages.postOwnPage(other, fields);
        expect(answer.status, fields.intent).toBe(404);
        expect(answer.html).toContain(html(BLOOD_DONOR_MESSAGES.linkGone));
        expectNothingOf(answer.html, hina);
      }
    }
    expect(await pages.donorRow(hina.email)).toEqual(stored);
    expect((await pages.openOwnPage(token)).status).toBe(200);
  });

  test("a post with the right link but fields the form refuses answers 400 with each message at its field, and changes no row", async () => {
    const sana = newDonor("Sana Iqbal", { city: "Sargodha", area: "Peoples Colony" });
    const token = await pages.confirmedDonor(sana);
    const before = await pages.donorRow(sana.email);
    const refused = await pages.postOwnPage(token, {
      intent: "update",
      availability: "from",
      availableFrom: "2020-01-01",
      lastDonation: "2999-01-01",
      city: " ",
      area: "Peoples Colony",
      phone: "12345",
    });
    expect(refused.status).toBe(400);
    expect(refused.fields).toEqual({
      availableFrom: BLOOD_DONOR_MESSAGES.availableFromPast,
      lastDonation: BLOOD_DONOR_MESSAGES.lastDonationFuture,
      city: BLOOD_DONOR_MESSAGES.cityRequired,
      phone: NOT_A_PAKISTANI_MOBILE,
    });
    expect(refused.html).not.toContain(html(BLOOD_DONOR_MESSAGES.saved));
    const noChoice = await pages.postOwnPage(token, {
      intent: "update",
      availability: "sometimes",
      city: "Sargodha",
      area: "x",
      phone: sana.phone,
    });
    expect(noChoice.status).toBe(400);
    expect(noChoice.fields).toEqual({ availability: BLOOD_DONOR_MESSAGES.chooseAvailability });
    expect(await pages.donorRow(sana.email)).toEqual(before);
  });

  test("the sign-up form's refusals: a field at its field, the honeypot for the whole form; neither stores nor mails anything", async () => {
    const bot = newDonor("Spam Bot", { city: "Sargodha", area: "Nowhere" });
    const before = await pages.counts();
    const field = await pages.signUp(bot, { phone: "030012345", consent: "" });
    expect(field.status).toBe(400);
    expect(field.fields).toEqual({ phone: NOT_A_PAKISTANI_MOBILE, consent: BLOOD_DONOR_MESSAGES.consentRequired });
    const honeypot = await pages.signUp(bot, { website: "https://spam.example" });
    expect(honeypot.status).toBe(400);
    expect(honeypot.form).toBe(BLOOD_DONOR_MESSAGES.failure);
    expect(honeypot.html).not.toContain(html(BLOOD_DONOR_MESSAGES.checkYourMail));
    expect(await pages.counts()).toEqual(before);
    expect(await pages.donorRow(bot.email)).toBeUndefined();
    expect(pages.mailsTo(bot.email)).toEqual([]);
  });

  test("a cross-site post (another site's Origin) is refused with 403 like every form's: no sign-up, no new link, no withdrawal", async () => {
    const zara = newDonor("Zara Sheikh", { city: "Sargodha", area: "University Road" });
    const token = await pages.confirmedDonor(zara);
    const stored = await pages.donorRow(zara.email);
    const before = await pages.counts();
    const foreign = { origin: "https://evil.example" };
    const stranger = newDonor("Cross Site", { city: "Sargodha", area: "Elsewhere" });
    for (const answer of [
      await pages.signUp(stranger, {}, foreign),
      await pages.postForm("/blood-donors", { intent: "new-link", email: zara.email }, foreign),
      await pages.postOwnPage(token, { intent: "withdraw" }, foreign),
      await pages.postOwnPage(token, { intent: "update", availability: "not-now", city: "Lahore", area: "x", phone: zara.phone }, foreign),
    ]) {
      expect(answer.status).toBe(403);
      expect(answer.html).toBe("Cross-site request refused");
    }
    expect(await pages.counts()).toEqual(before);
    expect(await pages.donorRow(zara.email)).toEqual(stored);
    expect(await pages.donorRow(stranger.email)).toBeUndefined();
    expect((await pages.openOwnPage(token)).status).toBe(200);
  });

  test("a new link by email answers the same whether the address is a donor's or not", async () => {
    const nida = newDonor("Nida Hassan", { city: "Sargodha", area: "Officers Colony" });
    await pages.confirmedDonor(nida);
    const answers = [];
    for (const email of [nida.email, ` ${nida.email.toUpperCase()} `, "nobody.at.all@example.org"]) {
      const answer = await pages.postForm("/blood-donors", { intent: "new-link", email });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.html).toContain(html(BLOOD_DONOR_MESSAGES.linkSent));
      expectNothingOf(answer.html, nida);
      // Each page carries a new submission key for the sign-up form: the rest is the same, byte for byte.
      const key = /name="submissionKey" value="([^"]+)"/.exec(answer.html)?.[1];
      expect(key).toBeDefined();
      answers.push(answer.html.replaceAll(key!, ""));
    }
    expect(new Set(answers).size).toBe(1);
    // The donor's newest link is mailed and opens their page; a stranger gets no mail.
    const { token, text } = await pages.mailedLink(nida.email);
    expect(text).toContain("A new personal link to your place in the blood-donor registry");
    expect((await pages.openOwnPage(token)).html).toContain(`value="${nida.area}"`);
    expect(pages.mailsTo("nobody.at.all@example.org")).toEqual([]);
  });

  test("withdraw answers 303 to ?withdrawn; then the link answers 404 and no row, mail or mail file holds anything of the donor", async () => {
    const omar = newDonor("Omar Farooq", { city: "Sargodha", area: "Jinnah Colony" });
    const token = await pages.confirmedDonor(omar);
    const stays = newDonor("Rabia Noor", { city: "Sargodha", area: "Farooq Colony" });
    const staysToken = await pages.confirmedDonor(stays);
    const { id } = (await pages.donorRow(omar.email))!;
    const { file: mailFile } = await pages.mailedLink(omar.email);
    // Delivered: the mail's row is marked sent, so its file is the only copy of the link left to erase.
    await waitFor(async () => {
      const rows = await server.database.db.selectFrom("mailOutbox").select("status").where("recordId", "=", id).execute();
      return rows.length === 1 && rows[0]!.status === "sent";
    });

    const held = [id, omar.email, omar.name, omar.digits, omar.area];
    // The scan finds the donor's row before: what it finds after is what withdrawing left.
    expect(await rowsHolding(server, held)).toContain(`blood_donors: ${id}`);

    const withdrawn = await pages.postOwnPage(token, { intent: "withdraw" });
    expect(withdrawn.status).toBe(303);
    expect(withdrawn.headers.get("location")).toBe("/blood-donors/me?withdrawn");
    const after = await pages.openLink("?withdrawn");
    expect(after.status).toBe(200);
    expect(after.headers.get("cache-control")).toBe("no-store");
    expect(after.html).toContain(html(BLOOD_DONOR_MESSAGES.withdrawn));

    const old = await pages.openOwnPage(token);
    expect(old.status).toBe(404);
    expectNothingOf(old.html, omar);
    const again = await pages.postOwnPage(token, { intent: "withdraw" });
    expect(again.status).toBe(404);
    expect(again.html).toContain(html(BLOOD_DONOR_MESSAGES.linkGone));

    expect(await server.database.db.selectFrom("bloodDonors").select("id").where("id", "=", id).execute()).toEqual([]);
    expect(await server.database.db.selectFrom("mailOutbox").select("id").where("recordId", "=", id).execute()).toEqual([]);
    expect(await rowsHolding(server, held)).toEqual([]);
    expect(fs.existsSync(mailFile)).toBe(false);
    expect(pages.mailsTo(omar.email)).toEqual([]);
    // The other donor keeps their row, mail and link.
    expect(await pages.donorRow(stays.email)).toBeDefined();
    expect(pages.mailsTo(stays.email)).toHaveLength(1);
    expect((await pages.openOwnPage(staysToken)).status).toBe(200);
  });

  test("no server log line holds a donor's link token, and the server logged no error", () => {
    expect(tokensSeen.length).toBeGreaterThan(0);
    const output = server.output();
    for (const token of tokensSeen) expect(output).not.toContain(token);
    expectCleanServerLog(server);
  });
});

/**
 * A day the date inputs cannot send but a hand-made post can: a 13th month. It is no calendar day, so the forms refuse
 * it at its field as they refuse "15/06/2025" (BLOOD_DONOR_MESSAGES.lastDonationDate, .availableFromDate). A server of
 * its own: what it logs is checked here, apart from the pages' other tests.
 */
describe.each(answerTestEngines())("a day that is not on the calendar, on %s", (engine) => {
  const setup = useTestServer(engine, { env: { MAIL_TRANSPORT: "log", TRUST_PROXY: "loopback" } });
  let server: TestServer;
  let pages: ReturnType<typeof donorPages>;
  beforeAll(() => {
    server = setup.server;
    pages = donorPages(server);
  });

  // Each answer is checked on its own (expect.soft): one refusal that fails does not hide how the others fare.
  test("the 13th month is refused at its field with 400, on the sign-up form and the donor's own page, changing nothing and logging no error", async () => {
    const before = await pages.counts();
    const signUp = await pages.signUp(newDonor("Month Thirteen", { city: "Sargodha", area: "Nowhere" }), { lastDonation: "2025-13-01" });
    expect.soft(signUp.status).toBe(400);
    expect.soft(signUp.fields).toEqual({ lastDonation: BLOOD_DONOR_MESSAGES.lastDonationDate });
    expect(await pages.counts()).toEqual(before);

    const donor = await seedBloodDonor(server, { name: "Calendar Donor", confirmed: true });
    const stored = await server.database.db.selectFrom("bloodDonors").selectAll().where("id", "=", donor.id).executeTakeFirst();
    const details = { intent: "update", availability: "available", city: "Sargodha", area: "Satellite Town", phone: "0300 1234567" };
    const lastDonation = await pages.postOwnPage(donor.token, { ...details, lastDonation: "2025-13-01" });
    expect.soft(lastDonation.status).toBe(400);
    expect.soft(lastDonation.fields).toEqual({ lastDonation: BLOOD_DONOR_MESSAGES.lastDonationDate });
    const availableFrom = await pages.postOwnPage(donor.token, { ...details, availability: "from", availableFrom: "2999-13-01" });
    expect.soft(availableFrom.status).toBe(400);
    expect.soft(availableFrom.fields).toEqual({ availableFrom: BLOOD_DONOR_MESSAGES.availableFromDate });
    expect(await server.database.db.selectFrom("bloodDonors").selectAll().where("id", "=", donor.id).executeTakeFirst()).toEqual(stored);
    expectCleanServerLog(server);
  });
});
