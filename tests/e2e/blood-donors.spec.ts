import type { Locator, Page } from "@playwright/test";
import { NOT_A_PAKISTANI_MOBILE } from "#core/blood/phone.ts";
import { BLOOD_DONOR_MESSAGES, NO_MONEY_FOR_BLOOD } from "#core/messages/blood.ts";
import { BLOOD_DONOR_LINK_PAGE } from "#core/public-pages.ts";
import { expect, type Mailbox, test } from "./fixtures";

/**
 * The blood-donor registry as a donor uses it: the home page's way to /blood-donors, the form's messages at its fields,
 * the personal link the mail brings and its Confirm, availability from a date saved and kept, a new link by email (the
 * old one then no longer works), "Yes, I am still willing", and withdrawing; the form filled and sent by keyboard alone.
 * The rules (limits, links, erasure, counts) are server/services/blood-donors.test.ts's; the sign-up and Confirm
 * without JavaScript, tests/e2e/without-javascript.spec.ts's; axe, tests/e2e/accessibility.spec.ts's.
 */

const SANA = {
  name: "Sana Iqbal",
  email: "sana.donor@example.org",
  phone: "0300 1234567",
  bloodGroup: "B+",
  city: "Sargodha",
  area: "Satellite Town",
};

/** YYYY-MM-DD `days` from today in the browser's (and this process's) time zone; the server's day is at most one off. */
function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
}

const signUpForm = (page: Page) => page.getByRole("form", { name: "Join the registry" });
const linkRequestForm = (page: Page) => page.getByRole("form", { name: "Already a donor? Get a new link" });
const detailsForm = (page: Page) => page.getByRole("form", { name: "Your availability and details" });
const status = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/**
 * The path (with its token) of the newest personal link mailed to `email` that is not one of `besides`, once it came.
 * The mail's text holds the link whole: https://…/blood-donors/me?token=<43 characters>.
 */
async function mailedLink(mailbox: Mailbox, email: string, besides: string[] = []): Promise<string> {
  const pattern = new RegExp(`https?://\\S+(${BLOOD_DONOR_LINK_PAGE}\\?token=[A-Za-z0-9_-]{43})(?:\\s|$)`);
  const link = () =>
    mailbox
      .all()
      .flatMap((mail) => (mail.envelopeTo.includes(email) && pattern.exec(mail.text)?.[1]) || [])
      .filter((path) => !besides.includes(path))
      .at(-1);
  await expect.poll(link, { message: `a mail with a personal link to ${email}`, timeout: 10_000 }).toBeDefined();
  return link()!;
}

/**
 * What the donor types into "Join the registry", the consent left as it is. Each field is checked as the donor leaves
 * it, its message shown under it: the last donation is left (blurred) before anything is clicked, or the message it
 * shows would move the target of that click.
 */
async function fillSignUp(form: Locator, donor: typeof SANA, lastDonation: string): Promise<void> {
  await form.getByLabel("Name", { exact: true }).fill(donor.name);
  await form.getByLabel("Email", { exact: true }).fill(donor.email);
  await form.getByLabel("Phone number", { exact: true }).fill(donor.phone);
  await form.getByLabel("Blood group", { exact: true }).selectOption(donor.bloodGroup);
  await form.getByLabel("City", { exact: true }).fill(donor.city);
  await form.getByLabel("Area", { exact: true }).fill(donor.area);
  await form.getByRole("group", { name: "Donation interval" }).getByLabel("Every 120 days (usual for women)").check();
  await form.getByLabel("Last donation", { exact: true }).fill(lastDonation);
  await form.getByLabel("Last donation", { exact: true }).blur();
}

test.describe("the blood-donor registry", () => {
  // A link that no longer works is a 404 page, which the browser logs.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 404/] });

  test("becoming a donor: the home page's link, the form's messages at its fields, the mailed link's Confirm, availability from a date saved and kept", async ({
    page,
    mailbox,
    database,
  }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Blood donors" });
    await expect(section).toContainText(NO_MONEY_FOR_BLOOD);
    await section.getByRole("link", { name: "Become a blood donor" }).click();
    await expect(page).toHaveURL(/\/blood-donors$/);
    await expect(page.getByRole("heading", { name: "Become a blood donor", level: 1 })).toBeVisible();
    await expect(page.getByText(NO_MONEY_FOR_BLOOD, { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Donors available now", level: 2 })).toBeVisible();
    await expect(
      page.getByText("A count appears here once three or more donors of a blood group in a city are available.", { exact: true }),
    ).toBeVisible();

    // A number that is not a mobile, a donation tomorrow and no consent: each is said at its field, and nothing is stored.
    const form = signUpForm(page);
    await fillSignUp(form, { ...SANA, phone: "12345" }, dayFromToday(2));
    await form.getByRole("button", { name: "Become a donor" }).click();
    const phone = form.getByLabel("Phone number", { exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(`A Pakistani mobile: 03xx xxxxxxx. ${NOT_A_PAKISTANI_MOBILE}`);
    const lastDonation = form.getByLabel("Last donation", { exact: true });
    await expect(lastDonation).toHaveAttribute("aria-invalid", "true");
    await expect(lastDonation).toHaveAccessibleDescription(
      `Optional. Leave it empty if you have not given blood before. ${BLOOD_DONOR_MESSAGES.lastDonationFuture}`,
    );
    const consent = form.getByRole("checkbox");
    await expect(consent).toHaveAttribute("aria-invalid", "true");
    await expect(consent).toHaveAccessibleDescription(BLOOD_DONOR_MESSAGES.consentRequired);
    for (const label of ["Name", "Email", "City", "Area"])
      await expect(form.getByLabel(label, { exact: true })).not.toHaveAttribute("aria-invalid");
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(SANA.name);
    expect(await database.db.selectFrom("bloodDonors").selectAll().execute()).toEqual([]);

    await phone.fill(SANA.phone);
    await expect(phone).not.toHaveAttribute("aria-invalid");
    await lastDonation.fill(dayFromToday(-30));
    await consent.check();
    await form.getByRole("button", { name: "Become a donor" }).click();
    await expect(status(page, BLOOD_DONOR_MESSAGES.checkYourMail)).toHaveText(BLOOD_DONOR_MESSAGES.checkYourMail);
    await expect(signUpForm(page)).toHaveCount(0);

    // The mail's link opens the donor's own page, which only asks; Confirm puts them in the registry.
    await page.goto(await mailedLink(mailbox, SANA.email));
    await expect(page.getByRole("heading", { name: "Your blood-donor details", level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(SANA.name);
    await expect(detailsForm(page)).toHaveCount(0);
    await page.getByRole("form", { name: "Confirm you are a donor" }).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(status(page, BLOOD_DONOR_MESSAGES.confirmed)).toHaveText(BLOOD_DONOR_MESSAGES.confirmed);
    const details = detailsForm(page);
    const availability = details.getByRole("group", { name: "Can coordinators ask you?" });
    await expect(availability.getByLabel("Available", { exact: true })).toBeChecked();
    await expect(details.getByLabel("Phone number", { exact: true })).toHaveValue(SANA.phone);

    // Available from a date: a day that has come is refused at its field; one to come is saved.
    await availability.getByLabel("Available from a date", { exact: true }).check();
    const from = details.getByLabel("Available from", { exact: true });
    await from.fill(dayFromToday(-1));
    await from.blur();
    await expect(from).toHaveAttribute("aria-invalid", "true");
    await details.getByRole("button", { name: "Save", exact: true }).click();
    await expect(from).toHaveAccessibleDescription(`Only with “Available from a date”. ${BLOOD_DONOR_MESSAGES.availableFromPast}`);
    const availableFrom = dayFromToday(20);
    await from.fill(availableFrom);
    await details.getByLabel("Area", { exact: true }).fill("Model Town");
    await details.getByRole("button", { name: "Save", exact: true }).click();
    await expect(status(page, BLOOD_DONOR_MESSAGES.saved)).toHaveText(BLOOD_DONOR_MESSAGES.saved);

    await page.reload();
    await expect(availability.getByLabel("Available from a date", { exact: true })).toBeChecked();
    await expect(from).toHaveValue(availableFrom);
    await expect(details.getByLabel("Last donation", { exact: true })).toHaveValue(dayFromToday(-30));
    await expect(details.getByLabel("City", { exact: true })).toHaveValue(SANA.city);
    await expect(details.getByLabel("Area", { exact: true })).toHaveValue("Model Town");
    await expect(status(page, BLOOD_DONOR_MESSAGES.saved)).toHaveCount(0);
  });

  test("a new link by email: the old link no longer works; 'Yes, I am still willing'; withdrawing erases the donor", async ({
    page,
    seed,
    mailbox,
    database,
  }) => {
    const oldLink = `${BLOOD_DONOR_LINK_PAGE}?token=${await seed.bloodDonor({ name: SANA.name, email: SANA.email })}`;
    await page.goto("/blood-donors");
    const request = linkRequestForm(page);
    await request.getByLabel("Email", { exact: true }).fill(SANA.email.toUpperCase());
    await request.getByRole("button", { name: "Mail me a new link" }).click();
    await expect(status(page, BLOOD_DONOR_MESSAGES.linkSent)).toHaveText(BLOOD_DONOR_MESSAGES.linkSent);
    await expect(request.getByLabel("Email", { exact: true })).toHaveValue("");
    const newLink = await mailedLink(mailbox, SANA.email, [oldLink]);

    await page.goto(oldLink);
    await expect(page.getByRole("heading", { name: "Your blood-donor details", level: 1 })).toBeVisible();
    await expect(status(page, BLOOD_DONOR_MESSAGES.linkGone)).toHaveText(BLOOD_DONOR_MESSAGES.linkGone);
    await expect(page.getByRole("main")).not.toContainText(SANA.name);
    await expect(page.getByRole("form", { name: "Get a new link" }).getByRole("button", { name: "Mail me a new link" })).toBeVisible();

    await page.goto(newLink);
    await expect(detailsForm(page)).toBeVisible();
    await page.getByRole("form", { name: "Still willing" }).getByRole("button", { name: "Yes, I am still willing" }).click();
    await expect(status(page, BLOOD_DONOR_MESSAGES.confirmed)).toHaveText(BLOOD_DONOR_MESSAGES.confirmed);

    // Withdrawing sits behind a disclosure; it erases the donor and lands on a page a reload cannot post again.
    const withdraw = page.getByRole("button", { name: "Withdraw and erase my details" });
    await expect(withdraw).toBeHidden();
    await page.getByText("Withdraw from the registry", { exact: true }).click();
    await withdraw.click();
    await expect(page).toHaveURL(new RegExp(`${BLOOD_DONOR_LINK_PAGE}\\?withdrawn$`));
    await expect(status(page, BLOOD_DONOR_MESSAGES.withdrawn)).toHaveText(BLOOD_DONOR_MESSAGES.withdrawn);
    await expect(page.getByRole("main").getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    expect(await database.db.selectFrom("bloodDonors").selectAll().execute()).toEqual([]);

    await page.goto(newLink);
    await expect(status(page, BLOOD_DONOR_MESSAGES.linkGone)).toHaveText(BLOOD_DONOR_MESSAGES.linkGone);
  });
});

test("the sign-up form by keyboard alone: Tab through its fields in order, a refusal puts the focus on the field, Enter sends it", async ({
  page,
  mailbox,
}) => {
  await page.goto("/blood-donors");
  const form = signUpForm(page);
  const focused = (locator: Locator) => expect(locator).toBeFocused();
  /** Tab until `locator` has the focus (a date input takes a Tab per part), never past `most` presses. */
  async function tabTo(locator: Locator, most = 5): Promise<void> {
    for (let presses = 0; presses < most; presses += 1) {
      await page.keyboard.press("Tab");
      if (await locator.evaluate((element) => element === document.activeElement)) return;
    }
    await focused(locator);
  }

  // From the top of the page: past the top bar's entries (the page has no other control before the form).
  await tabTo(form.getByLabel("Name", { exact: true }), 40);
  await page.keyboard.type(SANA.name);
  await tabTo(form.getByLabel("Email", { exact: true }), 1);
  await page.keyboard.type(SANA.email);
  const phone = form.getByLabel("Phone number", { exact: true });
  await tabTo(phone, 1);
  await page.keyboard.type("0300 12345");
  const group = form.getByLabel("Blood group", { exact: true });
  await tabTo(group, 1);
  // On a closed select the arrow keys choose: "Choose…", O-, O+, A-, A+, B-, B+.
  for (let step = 0; step < 6; step += 1) await page.keyboard.press("ArrowDown");
  await expect(group).toHaveValue(SANA.bloodGroup);
  await tabTo(form.getByLabel("City", { exact: true }), 1);
  await page.keyboard.type(SANA.city);
  await tabTo(form.getByLabel("Area", { exact: true }), 1);
  await page.keyboard.type(SANA.area);
  // The last donation is optional: Tab goes through it, untouched, to the first interval (none chosen yet); Space chooses it.
  const men = form.getByRole("group", { name: "Donation interval" }).getByLabel("Every 90 days (usual for men)");
  await tabTo(men);
  await page.keyboard.press("Space");
  await expect(men).toBeChecked();
  const consent = form.getByRole("checkbox");
  await tabTo(consent, 1);
  await page.keyboard.press("Space");
  await expect(consent).toBeChecked();
  const send = form.getByRole("button", { name: "Become a donor" });
  await tabTo(send, 1);

  // A number one digit short: Enter on the button sends nothing and puts the focus on the phone number, with its message.
  await page.keyboard.press("Enter");
  await focused(phone);
  await expect(phone).toHaveAccessibleDescription(`A Pakistani mobile: 03xx xxxxxxx. ${NOT_A_PAKISTANI_MOBILE}`);
  await page.keyboard.press("End");
  await page.keyboard.type("67");
  await expect(phone).toHaveValue(SANA.phone);
  await page.keyboard.press("Enter");
  await expect(status(page, BLOOD_DONOR_MESSAGES.checkYourMail)).toHaveText(BLOOD_DONOR_MESSAGES.checkYourMail);
  await mailedLink(mailbox, SANA.email);
});

test("the join form's blood group offers the registry in a new tab, so the form's answers stay", async ({ page, context }) => {
  await page.goto("/join");
  const offer = page.getByRole("link", { name: "Become a blood donor (opens in a new tab)" });
  await expect(offer).toHaveAttribute("href", "/blood-donors");
  await expect(page.getByLabel("Blood group (optional)", { exact: true })).toHaveAccessibleDescription(
    "Would you give blood when a patient needs it? Become a blood donor (opens in a new tab)",
  );
  await page.getByLabel("Full name", { exact: true }).fill("Ayesha Khan");
  const [tab] = await Promise.all([context.waitForEvent("page"), offer.click()]);
  await expect(tab.getByRole("heading", { name: "Become a blood donor", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Ayesha Khan");
});
