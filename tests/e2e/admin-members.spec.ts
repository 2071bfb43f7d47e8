import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { MEMBERS_MESSAGES, RENEWAL_MESSAGES } from "#core/messages/members.ts";
import { MEMBER_RENEWAL_PAGE } from "#core/public-pages.ts";
import { sessionOf } from "#server/services/members.ts";
import { type CaughtMailFile, expect, type Mailbox, type SeedMember, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { goToAdminSection, openAdminNav } from "./menus";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * The admin area's Members as the committee uses it: accepting a join request in the panel makes the applicant a member
 * of the current session, whom /admin/members lists; search and the filters narrow the list (in the address), 25 a
 * page; a committee position set on a member's page shows in the list and their history; Export CSV downloads what the
 * filters show; an Owner starts the next session, a member stays from the mailed link and the list shows their new
 * session; Remove member asks, then takes them off the list. An Editor sees Members, never "Start the next session".
 * The rules (one member per email, the renewal window, lapsing, retention) are server/services/members.test.ts's; axe,
 * tests/e2e/accessibility.spec.ts's.
 */

/** The society's session now, as the server counts it while no Owner has named one ("2026–27"), and the one after. */
const CURRENT = sessionOf(new Date(), "Asia/Karachi");
const NEXT_FIRST_YEAR = Number(CURRENT.slice(0, 4)) + 1;
const NEXT = `${NEXT_FIRST_YEAR}–${String((NEXT_FIRST_YEAR + 1) % 100).padStart(2, "0")}`;

const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;

const emailOf = (person: { name: string }) => `${person.name.toLowerCase().replace(/[^a-z]+/g, ".")}@example.org`;

const BILAL = { name: "Bilal Ahmed", class: "2nd Year", phone: "03001111111" } satisfies SeedMember;
const SARA = { name: "Sara Malik", class: "3rd Year", phone: "03002222222", position: "Treasurer" } satisfies SeedMember;
const HINA = { name: "Hina Raza", class: "3rd Year", status: "past" } satisfies SeedMember;

const filters = (page: Page) => page.getByRole("search", { name: "Filter members" });
/** The list's region: its heading says which members it shows ("Current members", "Past members", "All members"). */
const listRegion = (page: Page) => page.getByRole("region", { name: /^(Current|Past|All) members$/ });
const summary = (page: Page) => listRegion(page).getByRole("status");
const rows = (page: Page) => page.getByRole("list", { name: "Members" }).getByRole("listitem");
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByRole("link", { name, exact: true }) });
const history = (page: Page) => page.getByRole("region", { name: "History" }).getByRole("listitem");
/** "6 December 2026 at 09:08": a time as the admin area writes it, in the society's time zone. */
const WHEN = String.raw`\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}`;

/** The names the list shows, top to bottom (once it shows that many). */
async function expectNames(page: Page, names: string[]): Promise<void> {
  await expect(rows(page)).toHaveCount(names.length);
  await expect(rows(page).getByRole("link")).toHaveText(names);
}

/** The "stay a member" link's path in the mail to `email`, once it came: /members/renew?token=<43 characters>. */
async function renewalLink(mailbox: Mailbox, email: string): Promise<string> {
  const pattern = new RegExp(`https?://\\S+(${MEMBER_RENEWAL_PAGE}\\?token=[A-Za-z0-9_-]{43})(?:\\s|$)`);
  const mail = () => mailbox.all().find((caught) => caught.envelopeTo.includes(email) && pattern.test(caught.text));
  await expect.poll(mail, { message: `a "stay a member" mail to ${email}`, timeout: 10_000 }).toBeDefined();
  return pattern.exec((mail() as CaughtMailFile).text)![1]!;
}

/**
 * The list's filter as the address holds it: the page is /admin/members and its query says `expected` (Members =
 * Current, the default, is left out whether or not the address spells it).
 */
async function expectFilterInAddress(page: Page, expected: Record<string, string>): Promise<void> {
  await expect
    .poll(() => {
      const url = new URL(page.url());
      const query = Object.fromEntries(url.searchParams);
      if (query.status === "current") delete query.status;
      return { path: url.pathname, query };
    })
    .toEqual({ path: "/admin/members", query: expected });
}

/** Opens a member's page from the list. */
async function openMember(page: Page, name: string): Promise<void> {
  await row(page, name).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

/** Chooses `label` in one of the filters beside Search; the list follows at once. */
async function choose(page: Page, filter: string, label: string): Promise<void> {
  await filters(page).getByLabel(filter, { exact: true }).selectOption({ label });
}

test.describe("Members", () => {
  test.beforeEach(async ({ page, signInAsAdmin }) => {
    await signInAsAdmin();
    await keepToasts(page);
  });

  test("accepting a join request in the panel makes the applicant a current member, whom Members lists; search and the filters narrow the list in the address", async ({
    page,
    seed,
  }) => {
    await seed.application({ fullname: "Ayesha Khan", class: "1st Year", department: "Pharmacy", phone: "03003333333" });
    for (const member of [BILAL, SARA, HINA]) await seed.member(member);

    await page.goto("/admin");
    await page.getByRole("article", { name: "Ayesha Khan", exact: true }).getByRole("button", { name: "View Full Details" }).click();
    const dialog = page.getByRole("dialog", { name: "Ayesha Khan" });
    await dialog.getByLabel("Status", { exact: true }).selectOption({ label: "Accepted" });
    await dialog.getByRole("button", { name: "Save status" }).click();
    await expect(dialog.getByRole("region", { name: "History" }).getByRole("listitem")).toHaveText([/Status set to Accepted/]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await goToAdminSection(page, "Members");
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Members");
    await expect(page.getByText(`The current session is ${CURRENT}.`)).toBeVisible();
    await expect(listRegion(page).getByRole("heading", { level: 2 })).toHaveText("Current members");
    await expect(summary(page)).toHaveText("Showing 3 of 3 (4 in all).");
    await expectNames(page, ["Ayesha Khan", "Bilal Ahmed", "Sara Malik"]);
    // Their own copy of the request's details, and the session the acceptance made them a member of.
    await expect(row(page, "Ayesha Khan")).toContainText(`ayesha.khan@example.org · 03003333333 · 1st Year · Pharmacy · ${CURRENT}`);
    await expect(row(page, "Sara Malik")).toContainText(`${CURRENT} · Treasurer`);
    await expect(rows(page).getByRole("link", { name: "Ayesha Khan" })).toHaveAttribute("href", /^\/admin\/members\/[0-9a-f-]{36}$/);

    // Search, after a pause in the typing: name, email or phone.
    const search = filters(page).getByLabel("Search", { exact: true });
    await search.fill("AYESHA");
    await expectFilterInAddress(page, { q: "AYESHA" });
    await expect(summary(page)).toHaveText("Showing 1 of 1 (4 in all).");
    await expectNames(page, ["Ayesha Khan"]);
    await search.fill("03002222222");
    await expectFilterInAddress(page, { q: "03002222222" });
    await expectNames(page, ["Sara Malik"]);
    await search.fill("nobody at all");
    await expect(summary(page)).toHaveText("No member matches.");
    await expect(rows(page)).toHaveCount(0);
    await filters(page).getByRole("link", { name: "Clear" }).click();
    await expectFilterInAddress(page, {});
    await expect(search).toHaveValue("");
    await expectNames(page, ["Ayesha Khan", "Bilal Ahmed", "Sara Malik"]);

    // The filters offer what members have, and list at once.
    await expect(filters(page).getByLabel("Class", { exact: true }).getByRole("option")).toHaveText([
      "All",
      "1st Year",
      "2nd Year",
      "3rd Year",
    ]);
    await expect(filters(page).getByLabel("Position", { exact: true }).getByRole("option")).toHaveText(["All", "Treasurer"]);
    await choose(page, "Class", "3rd Year");
    await expectFilterInAddress(page, { class: "3rd Year" });
    await expect(summary(page)).toHaveText("Showing 1 of 1 (4 in all).");
    await expectNames(page, ["Sara Malik"]);
    await choose(page, "Members", "Past");
    await expectFilterInAddress(page, { class: "3rd Year", status: "past" });
    await expect(listRegion(page).getByRole("heading", { level: 2 })).toHaveText("Past members");
    await expectNames(page, ["Hina Raza"]);
    await expect(row(page, "Hina Raza")).toContainText("Past member");
    await choose(page, "Members", "All");
    await expect(listRegion(page).getByRole("heading", { level: 2 })).toHaveText("All members");
    await expectNames(page, ["Hina Raza", "Sara Malik"]);
    // The address opens the same list again.
    await page.reload();
    await expect(filters(page).getByLabel("Class", { exact: true })).toHaveValue("3rd Year");
    await expect(filters(page).getByLabel("Members", { exact: true })).toHaveValue("all");
    await expectNames(page, ["Hina Raza", "Sara Malik"]);
  });

  test("26 members: 25 a page, and the next page keeps the filter", async ({ page, seed }) => {
    const names = Array.from({ length: 26 }, (_, i) => `Member ${String(i + 1).padStart(2, "0")}`);
    for (const [index, name] of names.entries()) await seed.member({ name, email: `member.${index + 1}@example.org` });
    await seed.member(HINA);
    await page.goto("/admin/members?status=all");
    await expect(summary(page)).toHaveText("Showing 25 of 27 (27 in all).");
    await expect(rows(page)).toHaveCount(25);
    const pager = page.getByRole("navigation", { name: "Member pages" });
    await expect(pager).toContainText("Page 1 of 2");
    await pager.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/members\?status=all&page=2$/);
    await expect(summary(page)).toHaveText("Showing 2 of 27 (27 in all).");
    await expectNames(page, ["Member 25", "Member 26"]);
    await pager.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/admin\/members\?status=all$/);
    await expect(rows(page).first().getByRole("link")).toHaveText("Hina Raza");
  });

  test("a member's page: their details and history; a committee position saved shows in the list and in their history, and cleared it goes", async ({
    page,
    seed,
  }) => {
    await seed.member(BILAL);
    await page.goto("/admin/members");
    await openMember(page, "Bilal Ahmed");
    for (const text of ["Email", emailOf(BILAL), "Phone", BILAL.phone, "Class", BILAL.class, "Department", "MBBS", "Session", CURRENT]) {
      await expect(page.getByRole("main")).toContainText(text);
    }
    await expect(history(page)).toHaveText([
      new RegExp(`^${WHEN}: applied to join$`),
      new RegExp(`^${WHEN}: Accepted as a member for ${CURRENT} \\(by ${E2E_ADMIN.email}\\)$`),
    ]);
    await expect(page.getByRole("region", { name: "Events registered for and attended" })).toContainText("None yet.");

    const form = page.getByRole("form", { name: "Committee position" });
    const position = form.getByLabel("Committee position", { exact: true });
    await expect(position).toHaveValue("");
    await position.fill("  General Secretary ");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(history(page)).toHaveCount(3);
    await expect(history(page).nth(2)).toHaveText(new RegExp(`^${WHEN}: Position: General Secretary \\(by ${E2E_ADMIN.email}\\)$`));
    await expectToastShown(page, MEMBERS_MESSAGES.positionSaved);
    await page.reload();
    await expect(position).toHaveValue("General Secretary");

    await page.getByRole("link", { name: "All members" }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expect(row(page, "Bilal Ahmed")).toContainText(`${CURRENT} · General Secretary`);
    await choose(page, "Position", "General Secretary");
    await expectFilterInAddress(page, { position: "General Secretary" });
    await expectNames(page, ["Bilal Ahmed"]);

    await openMember(page, "Bilal Ahmed");
    await position.fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(history(page)).toHaveCount(4);
    await expect(history(page).nth(3)).toHaveText(new RegExp(`^${WHEN}: Position cleared \\(by ${E2E_ADMIN.email}\\)$`));
    await page.getByRole("link", { name: "All members" }).click();
    await expect(row(page, "Bilal Ahmed")).not.toContainText("General Secretary");
  });

  test("Export CSV downloads the members the filters show: a byte order mark, the header, then each member", async ({ page, seed }) => {
    for (const member of [BILAL, SARA, HINA]) await seed.member(member);
    await page.goto("/admin/members");
    await choose(page, "Class", "3rd Year");
    await choose(page, "Members", "All");
    await expectNames(page, ["Hina Raza", "Sara Malik"]);
    const exportLink = filters(page).getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", "/admin/members.csv?class=3rd+Year&status=all");
    const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
    expect(download.suggestedFilename()).toMatch(/^members-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)], "UTF-8 byte order mark").toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")[0]).toBe("Name,Email,Phone,Class,Department,Session,Position,Status,Applied,Accepted");
    const records = parse(bytes, { bom: true }) as string[][];
    expect(records).toHaveLength(3);
    expect(records.slice(1).map((record) => record.slice(0, 8))).toEqual([
      ["Hina Raza", emailOf(HINA), "03001234567", "3rd Year", "MBBS", CURRENT, "", "Past"],
      ["Sara Malik", emailOf(SARA), SARA.phone, "3rd Year", "MBBS", CURRENT, "Treasurer", "Current"],
    ]);
    for (const record of records.slice(1))
      expect(record.slice(8)).toEqual([expect.stringMatching(new RegExp(`^${WHEN}$`)), expect.any(String)]);
  });

  test.describe(() => {
    // A link that did its work answers 404, which the browser logs.
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404 \(Not Found\)/] });

    test("an Owner starts the next session: every current member is mailed; one stays from the link and the list shows their new session, the other is asked until the link ends", async ({
      page,
      seed,
      mailbox,
      anotherBrowser,
      serverClock,
    }) => {
      for (const member of [BILAL, SARA, HINA]) await seed.member(member);
      await page.goto("/admin/members");
      const start = page.getByRole("region", { name: "Start the next session" });
      const field = start.getByLabel("Next session", { exact: true });
      await expect(field).toHaveAccessibleDescription(`Now: ${CURRENT}.`);
      // Without a name the field says so, and nothing asks to start anything.
      await start.getByRole("button", { name: "Start session" }).click();
      await expect(start.getByText("Name the session as people write it, like 2027–28 (at most 20 characters)")).toBeVisible();
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await field.fill(NEXT);
      await start.getByRole("button", { name: "Start session" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Start the next session?" });
      await expect(confirm).toContainText("Every current member gets a mail asking them to stay.");
      // Cancel starts nothing.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`The current session is ${CURRENT}.`)).toBeVisible();
      await start.getByRole("button", { name: "Start session" }).click();
      await confirm.getByRole("button", { name: "Start session" }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText(`The current session is ${NEXT}.`)).toBeVisible();
      await expectToastShown(page, MEMBERS_MESSAGES.sessionStarted(NEXT, 2));
      await expect(field).toHaveValue("");
      // Until they answer, they stay in the session they were in.
      await expect(row(page, "Bilal Ahmed")).toContainText(CURRENT);

      // Bilal, in his own browser, stays.
      const bilal = await anotherBrowser();
      await bilal.goto(await renewalLink(mailbox, emailOf(BILAL)));
      await expect(bilal.getByRole("heading", { level: 1 })).toHaveText("Stay a member");
      await expect(bilal.getByText(`Hello ${BILAL.name}. A new session starts: do you want to stay a member?`)).toBeVisible();
      await bilal.getByRole("button", { name: `Yes, keep me a member for ${NEXT}` }).click();
      await expect.poll(() => new URL(bilal.url()).pathname + new URL(bilal.url()).search).toBe(`${MEMBER_RENEWAL_PAGE}?stayed`);
      await expect(bilal.getByText(RENEWAL_MESSAGES.stayed, { exact: true })).toBeVisible();
      await expect(bilal.getByRole("main").getByRole("button")).toHaveCount(0);
      // The link did its work: opened again, it says so.
      const reopened = await bilal.goto(await renewalLink(mailbox, emailOf(BILAL)));
      expect(reopened?.status()).toBe(404);
      await expect(bilal.getByText(RENEWAL_MESSAGES.closed, { exact: true })).toBeVisible();
      await expect(bilal.getByRole("button", { name: /^Yes, keep me a member/ })).toHaveCount(0);

      await page.reload();
      await expect(row(page, "Bilal Ahmed")).toContainText(NEXT);
      await expect(row(page, "Sara Malik")).toContainText(CURRENT);
      await choose(page, "Session", NEXT);
      await expectFilterInAddress(page, { session: NEXT });
      await expectNames(page, ["Bilal Ahmed"]);
      await openMember(page, "Bilal Ahmed");
      await expect(history(page).last()).toHaveText(new RegExp(`^${WHEN}: Stayed a member for ${NEXT}$`));
      await page.goBack();
      await filters(page).getByRole("link", { name: "Clear" }).click();
      await openMember(page, "Sara Malik");
      await expect(page.getByRole("main")).toContainText(new RegExp(`Asked to stay\\s*for ${NEXT}, until ${WHEN}`));

      // A past member is not asked; Sara's link works for 30 days, then no more.
      expect(mailbox.all().filter((mail) => mail.envelopeTo.includes(emailOf(HINA)))).toEqual([]);
      const sara = await anotherBrowser();
      const saraLink = await renewalLink(mailbox, emailOf(SARA));
      await serverClock.advanceBy(31 * 24 * 60 * 60 * 1000);
      await sara.goto(saraLink);
      await expect(sara.getByText(RENEWAL_MESSAGES.closed, { exact: true })).toBeVisible();
      await expect(sara.getByRole("button", { name: /^Yes, keep me a member/ })).toHaveCount(0);
    });
  });

  test("Remove member asks first, then the list is without them with the toast 'Member removed'; their join request stays", async ({
    page,
    seed,
  }) => {
    await seed.application({ fullname: "Bilal Ahmed" });
    await page.goto("/admin");
    await page.getByRole("checkbox", { name: "Select Bilal Ahmed" }).check();
    await page.getByLabel("New status for the selected requests").selectOption({ label: "Accepted" });
    await page.getByRole("button", { name: "Set status" }).click();
    await expect(page.getByRole("article", { name: "Bilal Ahmed", exact: true }).getByTestId("status-badge")).toHaveText("Accepted");
    await seed.member(SARA);

    await goToAdminSection(page, "Members");
    await expectNames(page, ["Bilal Ahmed", "Sara Malik"]);
    await openMember(page, "Bilal Ahmed");
    await page.getByRole("button", { name: "Remove member" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove this member?" });
    await expect(confirm).toContainText("Bilal Ahmed is removed with their history. Their join request stays.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/members\/[0-9a-f-]{36}$/);
    const memberPage = page.url();

    await page.getByRole("button", { name: "Remove member" }).click();
    await confirm.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await expectToastShown(page, MEMBERS_MESSAGES.removed);
    await expect(summary(page)).toHaveText("Showing 1 of 1 (1 in all).");
    await expectNames(page, ["Sara Malik"]);

    await goToAdminSection(page, "Requests");
    await expect(page.getByRole("article", { name: "Bilal Ahmed", exact: true }).getByTestId("status-badge")).toHaveText("Accepted");
    // The removed member's page is gone.
    const gone = await page.request.get(memberPage);
    expect(gone.status()).toBe(404);
  });
});

test("an Editor sees Members and a member's page, but not 'Start the next session'", async ({ page, seed, signInAsAdmin }) => {
  await seed.admin(EDITOR);
  await seed.member(SARA);
  await signInAsAdmin({ email: EDITOR.email });
  await page.goto("/admin");
  const nav = await openAdminNav(page);
  await expect(nav.getByRole("link", { name: "Members", exact: true })).toBeVisible();
  await goToAdminSection(page, "Members");
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Members");
  await expect(page.getByRole("heading", { name: "Start the next session" })).toHaveCount(0);
  await expect(page.getByLabel("Next session")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Start session" })).toHaveCount(0);
  await expectNames(page, ["Sara Malik"]);
  await openMember(page, "Sara Malik");
  await expect(page.getByRole("form", { name: "Committee position" }).getByLabel("Committee position", { exact: true })).toHaveValue(
    "Treasurer",
  );
  // The member's page is in the Members section.
  await expect((await openAdminNav(page)).getByRole("link", { name: "Members", exact: true })).toHaveAttribute("aria-current", "true");
});
