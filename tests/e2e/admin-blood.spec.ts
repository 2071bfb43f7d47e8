import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS_DONE } from "#core/messages/accounts.ts";
import { BLOOD_COORDINATORS_ONLY_MESSAGE } from "#core/messages/admin-access.ts";
import { BLOOD_ANSWER_MESSAGES, BLOOD_REQUEST_MESSAGES, BLOOD_SECTION_MESSAGES } from "#core/messages/blood.ts";
import { BLOOD_ASK_ANSWER_PAGE } from "#core/public-pages.ts";
import { BOTH_WIDTHS, type CaughtMailFile, expect, type Mailbox, type SeedBloodDonor, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { adminNav, goToAdminSection, openAdminNav } from "./menus";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * The admin area's Blood section as a coordinator uses it: a request logged (its form's messages at its fields), the
 * donors who can give listed in the order to ask them (the same city first, then the patient's own group, then those not
 * asked yet, then the longest rested), never an incompatible, resting or unavailable one; a number shown, WhatsApp opened
 * in a new tab, donors asked by mail, a donor's "I can donate" from the mailed link, and the request closed as fulfilled
 * (who gave then rests, so a new request does not list them). And who may open it: Owners, and an Editor only while an
 * Owner has made them a blood coordinator. The rules (matching, limits, the audit) are server/services/blood-requests.test.ts's;
 * axe, tests/e2e/accessibility.spec.ts's.
 */

const DAY = 24 * 60 * 60 * 1000;
/** The society's time zone (SITE_TIMEZONE's default, which the e2e server keeps): the day the server counts days from. */
const SITE_TIME_ZONE = "Asia/Karachi";
/** YYYY-MM-DD `days` from today in the site's time zone. */
const siteDay = (days: number) => new Intl.DateTimeFormat("en-CA", { timeZone: SITE_TIME_ZONE }).format(new Date(Date.now() + days * DAY));

const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;

/** The patient's need, as the coordinator types it; needed by the day after tomorrow at 18:30 (site time). */
const REQUEST = {
  group: "O+",
  units: "2",
  hospital: "Mayo Hospital",
  city: "Lahore",
  neededBy: `${siteDay(2)}T18:30`,
  contact: "Ward 3 nurse, 0300 7654321",
  note: "Patient in surgery ward.",
} as const;
/** REQUEST.neededBy as an instant: 18:30 in Karachi (UTC+5 all year) is 13:30 UTC. */
const NEEDED_BY = new Date(`${siteDay(2)}T13:30:00Z`);
/** formatSiteTime's "8 December 2026 at 18:30" for REQUEST.neededBy. */
const NEEDED_BY_TEXT = `${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${siteDay(2)}T00:00Z`))} at 18:30`;
const TITLE = "O+, 2 units: Mayo Hospital, Lahore";

/** Donors an O+ patient in Lahore can be given by, and the order the list shows them in. */
const ALI = { name: "Ali Hassan", bloodGroup: "O+", city: "Lahore", area: "Gulberg", phone: "+923001111111" } satisfies SeedBloodDonor;
const BILAL = {
  name: "Bilal Ahmed",
  bloodGroup: "O+",
  city: "Lahore",
  area: "Johar Town",
  phone: "+923002222222",
  lastDonation: siteDay(-200),
} satisfies SeedBloodDonor;
const SANA = { name: "Sana Iqbal", bloodGroup: "O-", city: "Lahore", area: "Model Town", phone: "+923003333333" } satisfies SeedBloodDonor;
const USMAN = {
  name: "Usman Ali",
  bloodGroup: "O+",
  city: "Sargodha",
  area: "Satellite Town",
  phone: "+923004444444",
} satisfies SeedBloodDonor;
/** Donors the list never shows for that patient: A+ red cells do not suit O+; one gave 30 days ago; one is not available now. */
const NOT_LISTED = [
  { name: "Zara Sheikh", bloodGroup: "A+", city: "Lahore", area: "Shadman" },
  { name: "Hina Raza", bloodGroup: "O+", city: "Lahore", area: "Cantt", lastDonation: siteDay(-30) },
  { name: "Omar Farooq", bloodGroup: "O-", city: "Lahore", area: "Garden Town", availability: "not-now" },
] satisfies SeedBloodDonor[];

const emailOf = (donor: { name: string }) => `${donor.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`;

const requestForm = (page: Page) => page.getByRole("form", { name: "Log a request" });
const matches = (page: Page) => page.getByRole("region", { name: /^Donors who can give now \(\d+\)$/ });
const matchRows = (page: Page) => matches(page).getByRole("listitem");
/** A matching donor's row, by their area (its label, "donor N, group, area", changes as the order does). */
const matchRow = (page: Page, donor: { area: string }) => matchRows(page).filter({ hasText: donor.area });
const askedList = (page: Page) => page.getByRole("region", { name: /^Asked so far \(\d+\)$/ }).getByRole("listitem");

/** The rows' labels, in the order shown: "donor 1, O+, Gulberg", … */
async function expectMatchesInOrder(page: Page, donors: { bloodGroup: string; area: string }[]): Promise<void> {
  await expect(matches(page).getByRole("heading", { level: 2 })).toHaveText(`Donors who can give now (${donors.length})`);
  await expect(matchRows(page)).toHaveCount(donors.length);
  for (const [index, donor] of donors.entries()) {
    await expect(matchRows(page).nth(index)).toHaveAccessibleName(`donor ${index + 1}, ${donor.bloodGroup}, ${donor.area}`);
  }
}

async function logRequest(page: Page): Promise<void> {
  const form = requestForm(page);
  await form.getByLabel("Patient's blood group", { exact: true }).selectOption(REQUEST.group);
  await form.getByLabel("Units", { exact: true }).fill(REQUEST.units);
  await form.getByLabel("Hospital", { exact: true }).fill(REQUEST.hospital);
  await form.getByLabel("City", { exact: true }).fill(REQUEST.city);
  await form.getByLabel("Needed by", { exact: true }).fill(REQUEST.neededBy);
  await form.getByLabel("Contact at the hospital", { exact: true }).fill(REQUEST.contact);
  await form.getByLabel("Note", { exact: true }).fill(REQUEST.note);
  await form.getByRole("button", { name: "Log request and find donors" }).click();
  await expect(page).toHaveURL(/\/admin\/blood\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
}

/** The mails "Ask by mail" sent (waiting for `count` of them), each with its recipient. */
async function askMails(mailbox: Mailbox, count: number): Promise<CaughtMailFile[]> {
  const asks = () => mailbox.all().filter((mail) => mail.text.includes(`${BLOOD_ASK_ANSWER_PAGE}?token=`));
  await expect.poll(() => asks().length, { message: `${count} mails asking donors` }).toBe(count);
  return asks();
}

/** The answer link's path in a mail: https://…/blood-donors/answer?token=<43 characters>. */
function answerLink(mail: CaughtMailFile): string {
  const path = new RegExp(`https?://\\S+(${BLOOD_ASK_ANSWER_PAGE}\\?token=[A-Za-z0-9_-]{43})(?:\\s|$)`).exec(mail.text)?.[1];
  expect(path, `an answer link in the mail:\n${mail.text}`).toBeDefined();
  return path!;
}

const sectionLink = (nav: Locator, name: string) => nav.getByRole("link", { name, exact: true });
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const accountRow = (page: Page, who: string) =>
  page.getByRole("list", { name: "Admin accounts" }).getByRole("listitem").filter({ hasText: who });
/** What an account's entry says after `term`. */
const detail = (row: Locator, term: string) =>
  row.locator("dt", { hasText: new RegExp(`^${escapeRegExp(term)}$`) }).locator("xpath=following-sibling::dd[1]");

// At both widths: coordinators work from their phones, where every button of the match list must be one tap away.
test.describe("the Blood section", { tag: BOTH_WIDTHS }, () => {
  // WhatsApp sends a new tab to wa.me, which the browser asks for offline (see the test).
  test.use({ allowedForeignRequests: [/^https:\/\/wa\.me\//] });

  test("a coordinator logs a request, sees who can give in order, shows a number, asks by mail; a donor's 'I can donate' shows; closed as fulfilled, the donor who gave is not listed for the next request", async ({
    page,
    seed,
    mailbox,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    for (const donor of [USMAN, SANA, BILAL, ALI, ...NOT_LISTED]) await seed.bloodDonor(donor);
    await keepToasts(page);
    await signInAsAdmin();
    await page.goto("/admin");
    await goToAdminSection(page, "Blood");
    await expect(page).toHaveURL(/\/admin\/blood$/);
    await expect(page.getByRole("heading", { name: "Blood", level: 1 })).toBeVisible();
    await expect(page.getByText("No requests yet.", { exact: true })).toBeVisible();

    // The form says what is missing at each field, and logs nothing.
    const form = requestForm(page);
    await form.getByRole("button", { name: "Log request and find donors" }).click();
    await expect(form.getByLabel("Patient's blood group", { exact: true })).toHaveAccessibleDescription(
      BLOOD_REQUEST_MESSAGES.choosePatientGroup,
    );
    await expect(form.getByLabel("Hospital", { exact: true })).toHaveAccessibleDescription(BLOOD_REQUEST_MESSAGES.hospitalRequired);
    await expect(form.getByLabel("Needed by", { exact: true })).toHaveAccessibleDescription(BLOOD_REQUEST_MESSAGES.neededBy);
    await expect(page).toHaveURL(/\/admin\/blood$/);

    await logRequest(page);
    await expectToastShown(page, BLOOD_SECTION_MESSAGES.created);
    await expect(page.getByRole("main")).toContainText(`Needed by ${NEEDED_BY_TEXT}`);
    await expect(page.getByRole("main")).toContainText(`Contact at the hospital: ${REQUEST.contact}`);
    // The same city first (Usman, O+ but in Sargodha, last), then the patient's own group (O− after O+), then the longest
    // rested (never donated before 200 days ago); no A+, no one resting or not available; no name or number.
    await expectMatchesInOrder(page, [ALI, BILAL, SANA, USMAN]);
    await expect(matchRow(page, ALI)).toContainText("Never donated");
    await expect(matchRow(page, BILAL)).toContainText("Last gave 200 days ago");
    await expect(matchRow(page, USMAN)).toContainText(`${USMAN.area}, ${USMAN.city}`);
    await expect(matchRow(page, ALI)).not.toContainText(USMAN.city);
    for (const donor of [ALI, BILAL, SANA, USMAN]) {
      await expect(matches(page)).not.toContainText(donor.name);
      await expect(matches(page)).not.toContainText(donor.phone);
    }
    await expect(page.getByRole("region", { name: "Asked so far (0)" })).toBeVisible();

    // Show number: the number with its WhatsApp and Call links, in the row; Ali is asked, so the list puts him after
    // Bilal, who is not yet.
    await page.getByRole("button", { name: "Show the number of donor 1, O+, Gulberg" }).click();
    const ali = matchRow(page, ALI);
    await expect(ali.getByText(ALI.phone, { exact: true })).toBeVisible();
    const whatsApp = ali.getByRole("link", { name: "Open WhatsApp (opens in a new tab)" });
    await expect(whatsApp).toHaveAttribute("href", /^https:\/\/wa\.me\/923001111111\?text=/);
    await expect(whatsApp).toHaveAttribute("target", "_blank");
    await expect(ali.getByRole("link", { name: "Call", exact: true })).toHaveAttribute("href", `tel:${ALI.phone}`);
    await expect(ali.getByRole("button", { name: /^Show the number of/ })).toHaveCount(0);
    await expect(ali).toContainText("Asked");
    await expectMatchesInOrder(page, [BILAL, ALI, SANA, USMAN]);
    await expect(askedList(page)).toHaveCount(1);

    // Ask by mail, two donors: the first two listed not asked yet (Bilal, Sana) get a mail each; Ali, asked already, and
    // Usman, third, do not.
    const askForm = page.getByRole("form", { name: "Ask by mail" });
    const count = askForm.getByLabel("Donors to ask", { exact: true });
    await expect(count).toHaveAccessibleDescription("3 listed not asked yet; at most 20 at once.");
    await count.fill("2");
    await askForm.getByRole("button", { name: "Ask by mail" }).click();
    await expectToastShown(page, BLOOD_SECTION_MESSAGES.askedByMail(2));
    await expect(askedList(page)).toHaveCount(3);
    await expect(matchRow(page, BILAL)).toContainText("Asked");
    await expect(matchRow(page, USMAN)).not.toContainText("Asked");
    await expect(count).toHaveAccessibleDescription("1 listed not asked yet; at most 20 at once.");
    const mails = await askMails(mailbox, 2);
    expect(mails.flatMap((mail) => mail.envelopeTo).sort()).toEqual([emailOf(BILAL), emailOf(SANA)]);
    const bilalsMail = mails.find((mail) => mail.envelopeTo.includes(emailOf(BILAL)))!;
    expect(bilalsMail.headers).toContainEqual(["subject", `O+ blood needed at ${REQUEST.hospital}: can you donate?`]);

    // Bilal opens his link in his own browser and can donate.
    const donorPage = await anotherBrowser();
    await donorPage.goto(answerLink(bilalsMail));
    await expect(donorPage.getByRole("heading", { name: "Can you donate?", level: 1 })).toBeVisible();
    await expect(donorPage.getByRole("main")).toContainText(
      `O+ blood (2 units) for a patient at ${REQUEST.hospital}, ${REQUEST.city}, needed by ${NEEDED_BY_TEXT}.`,
    );
    await donorPage.getByRole("button", { name: "I can donate" }).click();
    await expect(donorPage.getByRole("status").filter({ hasText: BLOOD_ANSWER_MESSAGES.yes })).toHaveText(BLOOD_ANSWER_MESSAGES.yes);
    await expect(donorPage.getByRole("button", { name: "I can donate" })).toHaveCount(0);

    await page.reload();
    await expect(matchRow(page, BILAL)).toContainText("Said yes");
    await expect(matchRow(page, SANA)).toContainText("Asked");
    await expect(askedList(page).filter({ hasText: BILAL.area })).toHaveText(/ · said yes$/);
    await page.getByRole("link", { name: "All requests" }).click();
    const listed = page.getByRole("list", { name: "Blood requests" }).getByRole("listitem");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText("Open");
    await expect(listed).toContainText("3 asked, 1 said yes");

    // Closed as fulfilled, with Bilal ticked as having given.
    await listed.getByRole("link", { name: TITLE }).click();
    const closeForm = page.getByRole("form", { name: "Close the request" });
    await closeForm.getByRole("radio", { name: "Fulfilled" }).check();
    await closeForm.getByRole("checkbox", { name: /^Asked donor \d: O\+, Johar Town$/ }).check();
    await closeForm.getByRole("button", { name: "Close request" }).click();
    await expectToastShown(page, BLOOD_SECTION_MESSAGES.closed);
    await expect(page.getByRole("main").getByText("Fulfilled", { exact: true })).toBeVisible();
    await expect(matches(page)).toHaveCount(0);
    await expect(closeForm).toHaveCount(0);
    await expect(askedList(page).filter({ hasText: BILAL.area })).toHaveText(/ · gave$/);
    await page.getByRole("link", { name: "All requests" }).click();
    await expect(listed).toContainText("Fulfilled");

    // His last donation is today: a new request for the same group no longer lists him.
    await logRequest(page);
    await expectMatchesInOrder(page, [ALI, SANA, USMAN]);
  });

  test("WhatsApp opens a new tab that the server sends on to wa.me, with a message naming the group, the hospital and the time; the donor is then asked", async ({
    page,
    context,
    seed,
    site,
    signInAsAdmin,
  }) => {
    for (const donor of [ALI, BILAL]) await seed.bloodDonor(donor);
    const { hospital, city, contact, note } = REQUEST;
    const id = await seed.bloodRequest({ patientGroup: "O+", units: 2, hospital, city, neededBy: NEEDED_BY, contact, note });
    await signInAsAdmin();
    await page.goto(`/admin/blood/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITLE);
    await expectMatchesInOrder(page, [ALI, BILAL]);

    // The tab's post is answered with the server's own answer, fetched from here, so the browser follows its redirect as
    // it would. A redirect's target is never routed (Playwright hands route() only a redirect's first address), so the
    // browser is offline meanwhile: wa.me is asked, and never reached.
    const requestPage = page.url();
    await context.route(requestPage, async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) });
    });
    await context.setOffline(true);
    const [tab, waMe] = await Promise.all([
      context.waitForEvent("page", { timeout: 10_000 }),
      context.waitForEvent("request", { predicate: (request) => request.url().startsWith("https://wa.me/"), timeout: 10_000 }),
      page.getByRole("button", { name: "WhatsApp donor 1, O+, Gulberg (opens in a new tab)" }).click(),
    ]);
    await context.setOffline(false);
    expect(waMe.frame().page()).toBe(tab);
    expect(waMe.url()).toMatch(/^https:\/\/wa\.me\/923001111111\?text=/);
    expect(new URL(waMe.url()).searchParams.get("text")).toBe(
      `Hello. ${site.shortName} is looking for O+ blood (2 units) for a patient at ${REQUEST.hospital}, ${REQUEST.city}, needed by ${NEEDED_BY_TEXT}. Can you donate? Please reply here.`,
    );
    await tab.close();
    await page.reload();
    await expect(matchRow(page, ALI)).toContainText("Asked");
    await expectMatchesInOrder(page, [BILAL, ALI]);
  });
});

test.describe("who opens the Blood section", () => {
  // The Editor's refusal is a 403 page, which the browser logs.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 403/] });

  test("an Editor is shown Blood, and let in, only while an Owner has made them a blood coordinator", async ({
    page,
    seed,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    await seed.admin(EDITOR);
    await keepToasts(page);
    await signInAsAdmin();
    const editorPage = await anotherBrowser();
    await signInAsAdmin({ email: EDITOR.email, context: editorPage.context() });
    await editorPage.goto("/admin");
    await expect(sectionLink(await openAdminNav(editorPage), "Site content")).toBeVisible();
    await expect(sectionLink(adminNav(editorPage), "Blood")).toHaveCount(0);
    await editorPage.goto("/admin/blood");
    await expect(editorPage.getByRole("heading", { name: "Blood coordinators only", level: 1 })).toBeVisible();
    await expect(editorPage.getByText(BLOOD_COORDINATORS_ONLY_MESSAGE, { exact: true })).toBeVisible();

    await page.goto("/admin/accounts");
    const editor = accountRow(page, EDITOR.name);
    await expect(detail(editor, "Blood coordinator")).toHaveText("No");
    await expect(detail(accountRow(page, E2E_ADMIN.email), "Blood coordinator")).toHaveText("No (Owners open the Blood section anyway)");
    await editor.getByRole("button", { name: "Make blood coordinator" }).click();
    await expect(detail(editor, "Blood coordinator")).toHaveText("Yes");
    await expectToastShown(page, ACCOUNTS_DONE.bloodCoordinator);

    // Shown where an Owner sees it, between Site content and Security.
    await editorPage.goto("/admin");
    const nav = await openAdminNav(editorPage);
    await expect(sectionLink(nav, "Site content").locator("xpath=following::a[1]")).toHaveText("Blood");
    await expect(sectionLink(nav, "Blood").locator("xpath=following::a[1]")).toHaveText("Security");
    await goToAdminSection(editorPage, "Blood");
    await expect(editorPage).toHaveURL(/\/admin\/blood$/);
    await expect(editorPage.getByRole("heading", { name: "Blood", level: 1 })).toBeVisible();
    await expect(requestForm(editorPage)).toBeVisible();

    // Taken back: the section is closed to them again.
    await editor.getByRole("button", { name: "Remove blood coordinator" }).click();
    await expect(detail(editor, "Blood coordinator")).toHaveText("No");
    await expectToastShown(page, ACCOUNTS_DONE.notBloodCoordinator);
    await editorPage.reload();
    await expect(editorPage.getByRole("heading", { name: "Blood coordinators only", level: 1 })).toBeVisible();
  });
});
