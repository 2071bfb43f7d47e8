import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { RegistrationQuestion } from "#core/schemas/registration.ts";
import { expect, type Mailbox, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * Registrations collected on the site, walked through as people would: a visitor opens "Register" on a card, fills in
 * the form, is told a confirmation mail is on its way, opens its link and presses Confirm; once the places are taken
 * the next joins the waiting list; the form says why the server refused one, at its field; the admin sees who
 * registered (and who has not confirmed), downloads the list and removes one (the first waiting moves up); an admin
 * creates such an announcement through the dialog. The rules (places, links, limits, mails) are
 * server/services/registrations.test.ts's; the pages without JavaScript and the mails over SMTP,
 * tests/integration/registrations.test.ts's.
 */

/** The e2e server keeps the default SITE_TIMEZONE (Asia/Karachi, UTC+5): 10:00 to 13:30 there. */
const CAMP = {
  title: "Blood donation camp",
  description: "Donate blood, save lives. Bring your student card.",
  event: {
    startsAt: new Date("2099-12-01T05:00:00Z"),
    endsAt: new Date("2099-12-01T08:30:00Z"),
    location: "Hall 2, main campus",
  },
  when: "When: 1 December 2099 at 10:00 to 13:30",
  where: "Where: Hall 2, main campus",
};

const SHIRT: RegistrationQuestion = { label: "T-shirt size", kind: "choice", choices: ["Small", "Medium", "Large"], required: true };
const MOTIVATION: RegistrationQuestion = { label: "Why do you want to come?", kind: "long", choices: [], required: true };

const FULL = "All places are taken. You can join the waiting list: if a place opens, you move up and get an email.";
const SENT =
  "Almost done: a confirmation mail is on its way to your email. Open the link in it within 24 hours and press Confirm; until you do, no place is kept for you.";
const REGISTERED = "You're registered: your place is confirmed. A mail with the details is on its way to your email.";
const waiting = (position: number) =>
  `All places are taken, so you're on the waiting list (number ${position}). If a place opens, you move up and get an email.`;

const AYESHA = { name: "Ayesha Khan", email: "ayesha@example.org", phone: "03001234567", class: "2nd Year", shirt: "Small" };
const BILAL = { name: "Bilal Ahmed", email: "bilal@example.org", phone: "03007654321", class: "3rd Year", shirt: "Large" };
const CHAND = { name: "Chand Bibi", email: "chand@example.org", phone: "03111234567", class: "1st Year", shirt: "Medium" };
type Person = typeof AYESHA;

/** A link named by its visible words and the announcement it is for, exactly as a screen reader reads it: "Register: Blood donation camp". */
const withHeading = (words: string, heading: string) => ({ name: `${words}: ${heading}`, exact: true });

const registerPath = (id: string) => `/announcement/${id}/register`;
const registrationForm = (page: Page) => page.getByRole("form", { name: "Registration form" });
const publicCard = (page: Page, heading: string) => page.getByRole("main").getByRole("article", { name: heading });
const outcome = (page: Page, message: string) => page.getByRole("status").filter({ hasText: message });

async function fillIn(form: Locator, person: Person) {
  await form.getByLabel("Name", { exact: true }).fill(person.name);
  await form.getByLabel("Email", { exact: true }).fill(person.email);
  await form.getByLabel("Phone number", { exact: true }).fill(person.phone);
  await form.getByLabel("Class", { exact: true }).fill(person.class);
  await form.getByRole("group", { name: SHIRT.label }).getByLabel(person.shirt, { exact: true }).check();
  await form.getByLabel(MOTIVATION.label).fill("I donate every year.");
}

/** The path (with its token) of the "Confirm your place" link mailed to `person` for announcement `id`, once it came. */
async function confirmLink(mailbox: Mailbox, id: string, person: Person): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+(/announcement/${id}/confirm\\?token=[A-Za-z0-9_-]{43})`);
  const link = () => mailbox.all().flatMap((mail) => (mail.envelopeTo.includes(person.email) && pattern.exec(mail.text)?.[1]) || [])[0];
  await expect.poll(link, { message: `a "Confirm your place" mail to ${person.email}`, timeout: 10_000 }).toBeDefined();
  return link()!;
}

/** Opens the mailed link and presses Confirm; waits for the page to say what came of it. */
async function confirmFromMail(page: Page, mailbox: Mailbox, id: string, person: Person, expected: string) {
  await page.goto(await confirmLink(mailbox, id, person));
  await page.getByRole("form", { name: "Confirm your place" }).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(outcome(page, expected)).toHaveText(expected);
}

test.describe(() => {
  // The server refuses a registration (no place left, the email taken) with 409, which the browser logs; offline, the
  // ticket page's links cannot ask the server for their routes (React Router's route discovery), which it logs too.
  // The ticket page's own service worker keeps it for a door with no signal.
  test.use({
    serviceWorkers: "allow",
    allowedConsoleErrors: [
      /Failed to load resource: the server responded with a status of 409|net::ERR_INTERNET_DISCONNECTED \(http:\/\/[^/]+\/__manifest\?|Failed to fetch manifest patches/,
    ],
  });

  test("registrations: the card's Register, the form's messages, Confirm from the mail, the ticket (offline too), the waiting list, a taken email refused at its field; the admin's list, its CSV and Remove", async ({
    page,
    seed,
    mailbox,
    database,
    signInAsAdmin,
  }) => {
    test.slow();
    await keepToasts(page);
    const registration = { capacity: 2, questions: [SHIRT, MOTIVATION] };
    const camp = await seed.announcement({
      title: CAMP.title,
      description: CAMP.description,
      event: CAMP.event,
      registration,
      withImage: false,
    });
    await page.goto("/announcement");
    const button = publicCard(page, CAMP.title).getByRole("link", withHeading("Register", CAMP.title));
    await expect(button).toHaveAttribute("href", registerPath(camp.id));
    await expect(button).not.toHaveAttribute("target");
    await button.click();
    await expect(page.getByRole("heading", { name: `Register: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(CAMP.when);
    await expect(page.getByRole("main")).toContainText(CAMP.where);
    await expect(page.getByText("2 places left.", { exact: true })).toBeVisible();
    const form = registrationForm(page);
    await expect(form.getByRole("group", { name: SHIRT.label }).getByRole("radio")).toHaveCount(3);
    await form.getByRole("button", { name: "Register" }).click();
    for (const message of ["Name is required", "Invalid email", "Phone number is required", "Class is required"]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel(MOTIVATION.label)).toHaveAccessibleDescription("This question is required");
    await expect(form.getByRole("group", { name: SHIRT.label })).toHaveAccessibleDescription("Choose one of the options");
    await fillIn(form, AYESHA);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(outcome(page, SENT)).toHaveText(SENT);
    await expect(registrationForm(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to the announcement" })).toHaveAttribute("href", `/announcement/${camp.id}`);

    // The mail's link opens a page that only asks; Confirm takes the place.
    await page.goto(await confirmLink(mailbox, camp.id, AYESHA));
    await expect(page.getByRole("heading", { name: `Confirm your place: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(CAMP.when);
    await page.getByRole("form", { name: "Confirm your place" }).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(outcome(page, REGISTERED)).toHaveText(REGISTERED);
    await expect(page.getByRole("link", { name: "Back to the announcement" })).toHaveAttribute("href", `/announcement/${camp.id}`);

    // Her ticket: the event, her name and place, the QR code to show at the door and the code to read out.
    await page.getByRole("link", { name: "Show your ticket" }).click();
    await expect(page.getByRole("heading", { name: "Your ticket", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: CAMP.title, level: 2 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(CAMP.when);
    await expect(page.getByTestId("ticket-name")).toHaveText(AYESHA.name);
    await expect(page.getByTestId("ticket-state")).toHaveText("Your place is confirmed.");
    await expect(page.getByRole("img", { name: "QR code of your ticket" })).toBeVisible();
    await expect(page.getByTestId("ticket-code")).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    // Opened once, it opens again with no network, as at a door in a basement.
    await expect.poll(() => page.evaluate(async () => (await caches.match(location.href)) !== undefined)).toBe(true);
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByTestId("ticket-name")).toHaveText(AYESHA.name);
    await expect(page.getByRole("img", { name: "QR code of your ticket" })).toBeVisible();
    await page.context().setOffline(false);

    // The last place is taken while Bilal's form is open: the form says so, keeps what he typed, and offers the waiting list.
    await page.goto(registerPath(camp.id));
    await expect(page.getByText("1 place left.", { exact: true })).toBeVisible();
    await fillIn(registrationForm(page), BILAL);
    await database.db.updateTable("announcements").set({ registrationCapacity: 1 }).where("id", "=", camp.id).execute();
    await registrationForm(page).getByRole("button", { name: "Register" }).click();
    await expect(registrationForm(page).getByRole("alert")).toHaveText(FULL);
    await expect(registrationForm(page).getByLabel("Name", { exact: true })).toHaveValue(BILAL.name);
    await registrationForm(page).getByRole("button", { name: "Join the waiting list" }).click();
    await expect(outcome(page, SENT)).toHaveText(SENT);
    await confirmFromMail(page, mailbox, camp.id, BILAL, waiting(1));

    // Full: the form offers only the waiting list; an address already registered, typed otherwise, is refused at its field.
    await page.goto(registerPath(camp.id));
    await expect(page.getByText(FULL, { exact: true })).toBeVisible();
    await expect(registrationForm(page).getByRole("button", { name: "Register", exact: true })).toHaveCount(0);
    await fillIn(registrationForm(page), { ...CHAND, email: ` ${AYESHA.email.toUpperCase()} ` });
    await registrationForm(page).getByRole("button", { name: "Join the waiting list" }).click();
    const email = registrationForm(page).getByLabel("Email", { exact: true });
    await expect(email).toHaveAccessibleDescription("This email is already registered for this announcement.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill(CHAND.email);
    await registrationForm(page).getByRole("button", { name: "Join the waiting list" }).click();
    await expect(outcome(page, SENT)).toHaveText(SENT);
    // Chand never confirms: she holds nothing.

    await signInAsAdmin();
    await page.goto("/admin-announcement");
    const link = page
      .getByRole("main")
      .getByRole("article", { name: CAMP.title })
      .getByRole("link", withHeading("Registrations (1 registered, 1 waiting)", CAMP.title));
    await expect(link).toHaveAttribute("href", `/admin/announcements/${camp.id}/registrations`);
    await link.click();
    await expect(page.getByRole("heading", { name: `Registrations: ${CAMP.title}`, level: 1 })).toBeVisible();
    const unconfirmed = "1 unconfirmed: they hold no place until confirmed from their mail, and go after 24 hours.";
    await expect(page.getByTestId("registration-counts")).toHaveText(`1 registered of 1 place, 1 on the waiting list. ${unconfirmed}`);
    const people = page.getByRole("main").getByRole("listitem");
    await expect(people.getByRole("heading", { level: 2 })).toHaveText([AYESHA.name, BILAL.name, CHAND.name]);
    for (const [i, status] of ["Registered", "Waiting list", "Unconfirmed"].entries()) await expect(people.nth(i)).toContainText(status);
    for (const text of ["Email", BILAL.email, "Phone", BILAL.phone, "Class", BILAL.class, SHIRT.label, BILAL.shirt]) {
      await expect(people.nth(1)).toContainText(text);
    }

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^registrations-${camp.id.slice(-8)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const rows = parse(fs.readFileSync(await download.path()), { bom: true }) as string[][];
    expect(rows.map((row) => [row[1], row[3], row[7]])).toEqual([
      ["Status", "Name", SHIRT.label],
      ["Registered", AYESHA.name, AYESHA.shirt],
      ["Waiting list", BILAL.name, BILAL.shirt],
      ["Unconfirmed", CHAND.name, CHAND.shirt],
    ]);

    // At the door: found by a part of her name, checked in once; a second check-in says by whom; Undo puts it back.
    await page.getByRole("link", { name: "Check in" }).click();
    await expect(page.getByRole("heading", { name: `Check in: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("check-in-counts")).toHaveText("0 of 1 checked in.");
    const search = page.getByRole("search", { name: "Find a ticket" });
    await search.getByLabel("Name or ticket code").fill(AYESHA.name.split(" ")[0]!.toLowerCase());
    await search.getByRole("button", { name: "Search" }).click();
    const found = page.getByRole("list", { name: "Found" }).getByRole("listitem");
    await expect(found).toHaveCount(1);
    await found.getByRole("button", { name: `Check in ${AYESHA.name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Checked in:" })).toHaveText(`Checked in: ${AYESHA.name}`);
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 1 checked in.");
    await expect(found).toContainText(`by ${E2E_ADMIN.email}`);
    await found.getByRole("button", { name: `Undo check-in of ${AYESHA.name}` }).click();
    await expect(page.getByTestId("check-in-counts")).toHaveText("0 of 1 checked in.");
    await found.getByRole("button", { name: `Check in ${AYESHA.name}` }).click();
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 1 checked in.");
    await page.goto(`/admin/announcements/${camp.id}/registrations`);
    await expect(people.nth(0)).toContainText(`Checked in`);

    await people
      .nth(0)
      .getByRole("button", { name: `Remove ${AYESHA.name}` })
      .click();
    await page
      .getByRole("alertdialog", { name: `Remove ${AYESHA.name}?` })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(people.getByRole("heading", { level: 2 })).toHaveText([BILAL.name, CHAND.name]);
    await expect(people.nth(0)).toContainText("Registered");
    await expect(page.getByTestId("registration-counts")).toHaveText(`1 registered of 1 place, 0 on the waiting list. ${unconfirmed}`);
    await expectToastShown(page, "Registration removed");
  });
});

test("an announcement created with 'Collect registrations here' and a question of the admin's own: its card's Register opens a form that asks it", async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await keepToasts(page);
  await page.goto("/admin-announcement");
  await page.getByRole("button", { name: "Create Announcement" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Announcement" });
  await dialog.getByLabel("Title", { exact: true }).fill("Debate club trials");
  await dialog.getByLabel("Description", { exact: true }).fill("Trials for the inter-college debate team.");
  await expect(dialog.getByRole("group", { name: "Registrations" })).toHaveCount(0);
  await dialog.getByLabel("Registration", { exact: true }).selectOption({ label: "Collect registrations here" });
  const settings = dialog.getByRole("group", { name: "Registrations" });
  await expect(dialog.getByLabel("Google Form URL")).toHaveCount(0);
  await settings.getByLabel("Places", { exact: true }).fill("2");
  await expect(settings.getByLabel("Registration closes at")).toHaveAttribute("type", "datetime-local");
  await settings.getByText("Extra questions (up to 5)").click();
  const question = settings.getByRole("group", { name: "Question 1", exact: true });
  await question.getByLabel("Question 1", { exact: true }).fill("Which round suits you?");
  await expect(question.getByLabel("Choices for question 1")).toHaveCount(0);
  await question.getByLabel("Answer to question 1").selectOption({ label: "One choice of several" });
  await question.getByLabel("Choices for question 1").fill("Morning\nAfternoon");
  await question.getByLabel("An answer is required").check();
  await dialog.getByRole("button", { name: "Create Announcement" }).click();
  await expect(dialog).toBeHidden();
  await expectToastShown(page, "Announcement created!");
  await expect(page.getByRole("link", withHeading("Registrations (0 registered, 0 waiting)", "Debate club trials"))).toBeVisible();

  await page.goto("/announcement");
  await publicCard(page, "Debate club trials").getByRole("link", withHeading("Register", "Debate club trials")).click();
  await expect(page.getByRole("heading", { name: "Register: Debate club trials", level: 1 })).toBeVisible();
  await expect(page.getByText("2 places left.", { exact: true })).toBeVisible();
  const round = registrationForm(page).getByRole("group", { name: "Which round suits you?" });
  await expect(round.getByRole("radio")).toHaveCount(2);
  await expect(round.getByLabel("Morning", { exact: true })).toBeVisible();
  await expect(round.getByLabel("Afternoon", { exact: true })).toBeVisible();
});
