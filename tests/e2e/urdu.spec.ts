import type { Page } from "@playwright/test";
import { announcementsEn } from "#core/i18n/announcements/en.ts";
import { announcementsUr } from "#core/i18n/announcements/ur.ts";
import { formsUr } from "#core/i18n/forms/ur.ts";
import { registrationUr } from "#core/i18n/registration/ur.ts";
import { ur } from "#core/i18n/ur.ts";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import { BOTH_WIDTHS, expect, header, isPhone, test } from "./fixtures";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * The public site in Urdu (/ur/…): right to left, in Nastaliq, in the catalogue's words and the committee's Urdu texts
 * where written, each page naming its other language. Which text shows where is site-content.test.ts's and
 * public-reads' tests'; axe checks these pages in accessibility.spec.ts.
 */

/** Whether the page has the Urdu typeface loaded (it is fetched only for Urdu text on an Urdu page). */
const nastaliqLoaded = (page: Page) =>
  page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].some((face) => face.family.includes("Noto Nastaliq Urdu") && face.status === "loaded");
  });

test(`the Urdu home page reads right to left in Nastaliq, its menu in Urdu, and switches to English ${BOTH_WIDTHS}`, async ({ page }) => {
  await page.goto("/ur");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("lang", "ur");
  await expect(html).toHaveAttribute("dir", "rtl");
  // Fetched once the page has loaded (app/lib/urdu-typeface.ts), then swapped in.
  await expect.poll(() => nastaliqLoaded(page)).toBe(true);
  const font = await page.getByRole("heading", { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontFamily);
  expect(font).toContain("Noto Nastaliq Urdu");

  // Mirrored: the logo starts the bar on the right.
  const bar = page.getByRole("banner");
  const logo = await bar.getByRole("link").first().boundingBox();
  expect(logo!.x + logo!.width / 2).toBeGreaterThan(page.viewportSize()!.width / 2);

  const menu = isPhone(page) ? page.locator("#site-menu") : bar;
  if (isPhone(page)) {
    await bar.getByRole("button", { name: ur.nav!.openMenu }).click();
    await expect(bar.getByRole("button", { name: ur.nav!.closeMenu })).toHaveAttribute("aria-expanded", "true");
  }
  await expect(menu.getByRole("link", { name: ur.nav!.announcement, exact: true })).toHaveAttribute("href", "/ur/announcement");
  if (isPhone(page)) await bar.getByRole("button", { name: ur.nav!.closeMenu }).click();

  // The page names its other language, and the switch leads there.
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /\/$/);
  await expect(page.locator('link[rel="alternate"][hreflang="ur"]')).toHaveAttribute("href", /\/ur$/);
  await bar.getByRole("link", { name: "یہ صفحہ English میں پڑھیں" }).click();
  await expect(html).toHaveAttribute("lang", "en");
  await expect(html).toHaveAttribute("dir", "ltr");
  await expect(bar.getByRole("link", { name: "Read this page in اردو" })).toHaveAttribute("href", "/ur");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an Urdu page declares its typeface itself, and reads in Nastaliq", async ({ page }) => {
    await page.goto("/ur");
    await expect.poll(() => nastaliqLoaded(page)).toBe(true);
  });
});

test("an English page never declares the Urdu typeface, so never fetches it", async ({ page }) => {
  const fontRequests: string[] = [];
  page.on("request", (request) => request.url().includes("nastaliq") && fontRequests.push(request.url()));
  await page.goto("/");
  expect(await page.evaluate(() => [...document.fonts].some((face) => face.family.includes("Nastaliq")))).toBe(false);
  await page.goto("/announcement");
  expect(fontRequests).toEqual([]);
});

test(`the Urdu announcements page: its words in Urdu, the committee's Urdu title where written, English where not ${BOTH_WIDTHS}`, async ({
  page,
  seed,
  database,
}) => {
  const inUrdu = await seed.announcement({
    title: "Blood donation camp",
    description: "Saturday at 10 am in the main hall.",
    withImage: false,
  });
  await database.db.updateTable("announcements").set({ titleUr: "خون کے عطیے کا کیمپ" }).where("id", "=", inUrdu.id).execute();
  await seed.announcement({ title: "Debate club", description: "Every Thursday in room 4.", withImage: false });
  await page.goto("/ur/announcement");
  await expect(page.getByRole("heading", { name: announcementsUr.announcements!.title, level: 1 })).toBeVisible();
  await expect(page.getByText(announcementsUr.announcements!.intro!)).toBeVisible();
  await expect(page.getByRole("heading", { name: "خون کے عطیے کا کیمپ" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Debate club" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: `${announcementsUr.announcements!.shareOnWhatsApp}: خون کے عطیے کا کیمپ ${ur.nav!.opensInNewTab}` }),
  ).toBeVisible();
  // An announcement's page in Urdu, from its card.
  await page.getByRole("link", { name: "خون کے عطیے کا کیمپ" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/ur/announcement/${inUrdu.id}$`));
  await expect(page.getByRole("heading", { name: "خون کے عطیے کا کیمپ", level: 1 })).toBeVisible();
  expect(await page.title()).toContain("خون کے عطیے کا کیمپ");
  // Still English at /announcement.
  await page.goto("/announcement");
  await expect(page.getByRole("heading", { name: announcementsEn.announcements.title, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Blood donation camp" })).toBeVisible();
});

test(`Join Us on an Urdu page asks, checks and thanks in Urdu, and the application reaches the committee in Urdu`, async ({
  page,
  site,
  database,
  mailbox,
}) => {
  test.slow();
  await keepToasts(page);
  await page.goto("/ur");
  // One width: the dialog at both is join-form.spec.ts's; this is about its words.
  await page.getByRole("banner").getByRole("button", { name: ur.nav!.joinUs, exact: true }).click();
  await page.getByRole("alertdialog", { name: formsUr.join!.confirmTitle }).getByRole("button", { name: formsUr.join!.continue }).click();
  const dialog = page.getByRole("dialog", { name: formsUr.join!.title });

  await dialog.getByRole("button", { name: formsUr.join!.next }).click();
  await expect(dialog.getByText(formsUr.join!.nameRequired!, { exact: true })).toBeVisible();
  await expect(dialog.getByText(formsUr.checks!.invalidEmail!, { exact: true })).toBeVisible();
  const step1 = { fullname: "عائشہ خان", class: "دوسرا سال", department: "MBBS", sargodhaAddress: "12 کالج روڈ" };
  for (const [field, value] of Object.entries(step1)) {
    await dialog.getByLabel(formsUr.join![field as keyof typeof step1]!, { exact: true }).fill(value);
  }
  await dialog.getByLabel(formsUr.join!.permanentAddress!, { exact: true }).fill("لاہور");
  await dialog.getByLabel(formsUr.join!.email!, { exact: true }).fill("ayesha.urdu@example.org");
  await dialog.getByLabel(formsUr.join!.phone!, { exact: true }).fill("03001234567");
  await dialog.getByRole("button", { name: formsUr.join!.next }).click();

  await dialog.getByRole("button", { name: formsUr.join!.submit, exact: true }).click();
  await expect(dialog.getByText(formsUr.checks!.questionRequired!, { exact: true })).toHaveCount(6);
  for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: site.joinQuestions[i] }).fill(`جواب ${i + 1}`);
  for (const question of site.joinQuestions.slice(4)) {
    await dialog.getByRole("textbox", { name: question }).fill("مطالعہ");
    await dialog.getByRole("textbox", { name: question }).press("Enter");
  }
  await dialog.getByRole("button", { name: formsUr.join!.submit, exact: true }).click();
  await expectToastShown(page, formsUr.join!.success!);
  const stored = await database.db
    .selectFrom("applications")
    .select("fullname")
    .where("email", "=", "ayesha.urdu@example.org")
    .executeTakeFirst();
  expect(stored?.fullname).toBe("عائشہ خان");
  // The applicant's confirmation is in Urdu (the built-in Urdu wording: the committee has written none).
  const confirmation = await mailbox.waitFor("محترم عائشہ خان،");
  expect(header(confirmation, "subject")).toBe(`${site.shortName} میں آپ کی درخواست موصول ہو گئی`);
});

test("the Urdu contact form posts to its Urdu page and says what is missing in Urdu", async ({ page }) => {
  await keepToasts(page);
  await page.goto("/ur/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(formsUr.contact!.title!);
  const form = page.getByRole("form", { name: formsUr.contact!.formName });
  await expect(form).toHaveAttribute("action", "/ur/contact");
  await expect(form).toHaveAttribute("data-hydrated", "");
  await form.getByLabel(formsUr.contact!.name!, { exact: true }).fill("عائشہ");
  await form.getByRole("button", { name: formsUr.contact!.send }).click();
  await expectToastShown(page, formsUr.contact!.fillAll!);
  await form.getByLabel(formsUr.contact!.email!, { exact: true }).fill("not-an-email");
  await form.getByLabel(formsUr.contact!.message!, { exact: true }).fill("سلام");
  await form.getByRole("button", { name: formsUr.contact!.send }).click();
  await expect(form.getByText(formsUr.checks!.invalidEmail!, { exact: true })).toBeVisible();
});

test.describe("the Urdu registration form", () => {
  // The form posted without its scripts is refused with 400, as the English one is.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test(`from the Urdu announcement page: right to left, in Urdu, an empty form refused in Urdu at its fields, by the page and by the server ${BOTH_WIDTHS}`, async ({
    page,
    seed,
  }) => {
    const shirt: RegistrationQuestion = { label: "T-shirt size", kind: "choice", choices: ["Small", "Medium", "Large"], required: true };
    const camp = await seed.announcement({
      title: "Blood donation camp",
      description: "Saturday at 10 am in the main hall.",
      registration: { capacity: 2, questions: [shirt] },
      withImage: false,
    });
    const { register } = registrationUr;
    await page.goto(`/ur/announcement/${camp.id}`);
    await page
      .getByRole("main")
      .getByRole("link", { name: `${register!.register}: Blood donation camp` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/ur/announcement/${camp.id}/register$`));
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "رجسٹریشن: Blood donation camp", level: 1 })).toBeVisible();
    await expect(page.getByText("2 جگہیں باقی ہیں۔", { exact: true })).toBeVisible();

    const form = page.getByRole("form", { name: register!.formName });
    const name = form.getByLabel(register!.name!, { exact: true });
    await expect(form.getByLabel(register!.phone!, { exact: true })).toBeVisible();
    // The committee's question as written.
    await expect(form.getByRole("group", { name: shirt.label })).toBeVisible();
    await form.getByRole("button", { name: register!.register }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(register!.nameRequired!);
    await expect(form.getByRole("group", { name: shirt.label })).toHaveAccessibleDescription(register!.chooseOne!);

    // Without its scripts the form posts to the Urdu page, and the server refuses it in Urdu too.
    await form.evaluate((element) => HTMLFormElement.prototype.submit.call(element));
    await page.waitForLoadState("load");
    await expect(page).toHaveURL(new RegExp(`/ur/announcement/${camp.id}/register$`));
    await expect(
      page.getByRole("form", { name: register!.formName }).getByLabel(register!.name!, { exact: true }),
    ).toHaveAccessibleDescription(register!.nameRequired!);
  });
});

test.describe(() => {
  // Offline, the ticket page's links cannot ask the server for their routes (React Router's route discovery): the
  // browser logs it. The ticket page's own service worker keeps it for a door with no signal.
  test.use({
    serviceWorkers: "allow",
    allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED \(http:\/\/[^/]+\/__manifest\?|Failed to fetch manifest patches/],
  });

  test("a registrant's ticket in Urdu, from the Urdu confirmation: right to left, in Urdu, its event's link to the Urdu page, kept for a door with no signal; the switch to English keeps the ticket", async ({
    page,
    seed,
  }) => {
    const camp = await seed.announcement({
      title: "Blood donation camp",
      description: "Saturday at 10 am in the main hall.",
      registration: { capacity: 2 },
      withImage: false,
    });
    const { confirm, ticket } = registrationUr;
    await page.goto(`/ur/announcement/${camp.id}/confirm?token=${await seed.registration(camp.id, { name: "Ayesha Khan" })}`);
    await page.getByRole("form", { name: confirm!.confirmYourPlace }).getByRole("button", { name: confirm!.confirm, exact: true }).click();
    await page.getByRole("link", { name: confirm!.showTicket }).click();
    const token = await seed.ticketOf(camp.id, "Ayesha Khan");
    await expect(page).toHaveURL(new RegExp(`/ur/ticket\\?token=${token}$`));
    const html = page.locator("html");
    await expect(html).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: ticket!.heading, level: 1 })).toBeVisible();
    await expect(page.getByTestId("ticket-state")).toHaveText(ticket!.registered!);
    await expect(page.getByRole("img", { name: ticket!.qrCode })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Blood donation camp" })).toHaveAttribute(
      "href",
      `/ur/announcement/${camp.id}`,
    );
    expect(await page.title()).toBe("آپ کا ٹکٹ: Blood donation camp");
    // Opened once, it opens again with no network: the ticket page's own worker keeps it, registered for /ur/ticket.
    await expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByTestId("ticket-state")).toHaveText(ticket!.registered!);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/ticket-sw\.js$/);
    await page.context().setOffline(false);

    await page.getByRole("banner").getByRole("link", { name: "یہ صفحہ English میں پڑھیں" }).click();
    await expect(page).toHaveURL(new RegExp(`/ticket\\?token=${token}$`));
    await expect(html).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { name: "Your ticket", level: 1 })).toBeVisible();
  });
});
