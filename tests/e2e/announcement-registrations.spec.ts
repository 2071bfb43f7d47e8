import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import type { RegistrationQuestion } from "../../core/schemas/registration";
import { type CaughtMailFile, expect, type Mailbox, type Seed, test } from "./fixtures";

/**
 * Registrations collected on the site, walked through as people would: a visitor opens "Register" on a card, fills in
 * the form, is told a confirmation mail is on its way, opens its link and presses Confirm, and gets a mail with the
 * event's calendar file; once the places are taken the next joins the waiting list; the form says why it refuses a
 * registration; the admin sees who registered (and who has not confirmed), removes one (the first waiting moves up and
 * is mailed) and downloads the list; an admin creates such an announcement through the dialog.
 */

const HOUR = 60 * 60_000;

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

const FULL = "All places are taken. You can join the waiting list: if a place opens, you move up and get an email.";
const SENT =
  "Almost done: a confirmation mail is on its way to your email. Open the link in it within 24 hours and press Confirm; until you do, no place is kept for you.";
const REGISTERED = "You're registered: your place is confirmed. A mail with the details is on its way to your email.";
const waiting = (position: number) =>
  `All places are taken, so you're on the waiting list (number ${position}). If a place opens, you move up and get an email.`;

interface Person {
  name: string;
  email: string;
  phone: string;
  class: string;
  shirt?: string;
}

const AYESHA: Person = { name: "Ayesha Khan", email: "ayesha@example.org", phone: "03001234567", class: "2nd Year", shirt: "Small" };
const BILAL: Person = { name: "Bilal Ahmed", email: "bilal@example.org", phone: "03007654321", class: "3rd Year", shirt: "Large" };
const CHAND: Person = { name: "Chand Bibi", email: "chand@example.org", phone: "03111234567", class: "1st Year", shirt: "Medium" };
const DUA: Person = { name: "Dua Fatima", email: "dua@example.org", phone: "03211234567", class: "2nd Year", shirt: "Small" };

/** The camp with its event, two places and a required choice, as the admin would have saved it. */
const seedCamp = (seed: Seed, registration: Parameters<Seed["announcement"]>[0]["registration"] = { capacity: 2, questions: [SHIRT] }) =>
  seed.announcement({ title: CAMP.title, description: CAMP.description, event: CAMP.event, registration, withImage: false });

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
  if (person.shirt) await form.getByRole("group", { name: SHIRT.label }).getByLabel(person.shirt, { exact: true }).check();
}

/** Registers `person` on a fresh form page (pressing Register, or Join the waiting list) and waits for the page to say a mail is on its way. */
async function register(page: Page, id: string, person: Person, button: "Register" | "Join the waiting list" = "Register") {
  await page.goto(registerPath(id));
  const form = registrationForm(page);
  await fillIn(form, person);
  await form.getByRole("button", { name: button, exact: true }).click();
  await expect(outcome(page, SENT)).toHaveText(SENT);
}

const subjectOf = (mail: CaughtMailFile) => mail.headers.find(([name]) => name === "subject")?.[1];
/**
 * The mails about this announcement: each gives its page's address, so a mail a test before this one caused (sent
 * while this one began) is never taken for one of this test's.
 */
const mailsAbout = (mailbox: Mailbox, id: string) => mailbox.all().filter((mail) => mail.text.includes(`/announcement/${id}`));

/** The path (with its token) of the "Confirm your place" link mailed to `person` for announcement `id`, once it came. */
async function confirmLink(mailbox: Mailbox, id: string, person: Person): Promise<string> {
  const mail = await mailTo(mailbox, id, person, "Confirm your place:");
  expect(subjectOf(mail)).toBe(`Confirm your place: ${CAMP.title}`);
  const link = new RegExp(`https?://[^\\s]+(/announcement/${id}/confirm\\?token=[A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  expect(link, "the mail's link").toBeDefined();
  return link!;
}

/** Opens the mailed link and presses Confirm; waits for the page to say what came of it. */
async function confirmFromMail(page: Page, mailbox: Mailbox, id: string, person: Person, expected: string) {
  await page.goto(await confirmLink(mailbox, id, person));
  await page.getByRole("form", { name: "Confirm your place" }).getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(outcome(page, expected)).toHaveText(expected);
}

/** Waits for the mail about announcement `id` to `person` that says `words`. */
async function mailTo(mailbox: Mailbox, id: string, person: Person, words: string): Promise<CaughtMailFile> {
  const find = () => mailsAbout(mailbox, id).find((mail) => mail.envelopeTo.includes(person.email) && mail.text.includes(words));
  await expect.poll(() => find() !== undefined, { message: `a mail to ${person.email} saying ${words}`, timeout: 10_000 }).toBe(true);
  return find()!;
}

test.describe("registering for an announcement", () => {
  test("two people register through the card's Register button and take the two places by confirming from their mail; the third joins the waiting list; each gets their mail", async ({
    page,
    seed,
    mailbox,
    expectNoAxeViolations,
  }) => {
    test.slow();
    const camp = await seedCamp(seed);

    await page.goto("/announcement");
    const button = publicCard(page, CAMP.title).getByRole("link", withHeading("Register", CAMP.title));
    await expect(button).toHaveAttribute("href", registerPath(camp.id));
    await expect(button).not.toHaveAttribute("target");
    await button.click();
    await expect(page).toHaveURL(registerPath(camp.id));
    await expect(page.getByRole("heading", { name: `Register: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(CAMP.when);
    await expect(page.getByRole("main")).toContainText(CAMP.where);
    await expect(page.getByText("2 places left.", { exact: true })).toBeVisible();
    const form = registrationForm(page);
    for (const label of ["Name", "Email", "Phone number", "Class"]) await expect(form.getByLabel(label, { exact: true })).toBeVisible();
    const shirt = form.getByRole("group", { name: "T-shirt size" });
    await expect(shirt.getByRole("radio")).toHaveCount(3);
    await expectNoAxeViolations(page);

    await fillIn(form, AYESHA);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(outcome(page, SENT)).toHaveText(SENT);
    await expect(registrationForm(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to the announcement" })).toHaveAttribute("href", `/announcement/${camp.id}`);
    await expectNoAxeViolations(page);
    // Sent, not confirmed: it holds no place.
    await page.goto(registerPath(camp.id));
    await expect(page.getByText("2 places left.", { exact: true })).toBeVisible();

    // The mail's link opens a page that only asks; Confirm takes the place.
    await page.goto(await confirmLink(mailbox, camp.id, AYESHA));
    await expect(page.getByRole("heading", { name: `Confirm your place: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(CAMP.when);
    await expectNoAxeViolations(page);
    await page.getByRole("form", { name: "Confirm your place" }).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(outcome(page, REGISTERED)).toHaveText(REGISTERED);
    await expect(page.getByRole("link", { name: "Back to the announcement" })).toHaveAttribute("href", `/announcement/${camp.id}`);
    await expectNoAxeViolations(page);

    await page.goto(registerPath(camp.id));
    await expect(page.getByText("1 place left.", { exact: true })).toBeVisible();
    await register(page, camp.id, BILAL);
    await confirmFromMail(page, mailbox, camp.id, BILAL, REGISTERED);

    await page.goto(registerPath(camp.id));
    await expect(page.getByText(FULL, { exact: true })).toBeVisible();
    await expect(registrationForm(page).getByRole("button", { name: "Register", exact: true })).toHaveCount(0);
    await register(page, camp.id, CHAND, "Join the waiting list");
    await confirmFromMail(page, mailbox, camp.id, CHAND, waiting(1));
    await expectNoAxeViolations(page);

    for (const person of [AYESHA, BILAL]) {
      const mail = await mailTo(mailbox, camp.id, person, `You're registered for "${CAMP.title}".`);
      expect(mail.envelopeTo).toEqual([person.email]);
      expect(subjectOf(mail)).toBe(`Registered: ${CAMP.title}`);
      expect(mail.text).toContain(`Hello ${person.name},`);
      expect(mail.text).toContain(CAMP.when);
      expect(mail.text).toContain(CAMP.where);
      expect(mail.attachments).toEqual([
        { filename: "event.ics", contentType: expect.stringMatching(/^text\/calendar/), content: expect.stringContaining("BEGIN:VEVENT") },
      ]);
      expect(mail.attachments[0]!.content).toContain("SUMMARY:Blood donation camp");
    }
    const waitingMail = await mailTo(mailbox, camp.id, CHAND, "waiting list (number 1)");
    expect(waitingMail.envelopeTo).toEqual([CHAND.email]);
    expect(subjectOf(waitingMail)).toBe(`Waiting list: ${CAMP.title}`);
    expect(waitingMail.attachments).toEqual([]);
    // Three "Confirm your place", then three outcomes.
    expect(mailsAbout(mailbox, camp.id)).toHaveLength(6);
  });

  test.describe("refusals", () => {
    // The server answers a refused registration with 409 (a taken email, no place left) or 403 (closed).
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (403|409)/] });

    test("an empty form names each field it needs; an email already registered is refused at the Email field", async ({
      page,
      seed,
      mailbox,
    }) => {
      const motivation: RegistrationQuestion = { label: "Why do you want to come?", kind: "long", choices: [], required: true };
      const camp = await seedCamp(seed, { questions: [motivation, SHIRT] });
      await page.goto(registerPath(camp.id));
      const form = registrationForm(page);
      // No capacity: no count of places.
      await expect(page.getByText(/places? left\./)).toHaveCount(0);
      await form.getByRole("button", { name: "Register" }).click();
      for (const message of ["Name is required", "Invalid email", "Phone number is required", "Class is required"]) {
        await expect(form.getByText(message, { exact: true })).toBeVisible();
      }
      await expect(form.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel(motivation.label)).toHaveAccessibleDescription("This question is required");
      await expect(form.getByRole("group", { name: SHIRT.label })).toHaveAccessibleDescription("Choose one of the options");

      await fillIn(form, AYESHA);
      await form.getByLabel(motivation.label).fill("I donate every year.");
      await form.getByRole("button", { name: "Register" }).click();
      await expect(outcome(page, SENT)).toBeVisible();
      await confirmFromMail(page, mailbox, camp.id, AYESHA, REGISTERED);

      // The same address, typed otherwise, by someone else.
      await page.goto(registerPath(camp.id));
      await fillIn(registrationForm(page), { ...BILAL, email: ` ${AYESHA.email.toUpperCase()} ` });
      await registrationForm(page).getByLabel(motivation.label).fill("My friend is going.");
      await registrationForm(page).getByRole("button", { name: "Register" }).click();
      const email = registrationForm(page).getByLabel("Email", { exact: true });
      await expect(email).toHaveAccessibleDescription("This email is already registered for this announcement.");
      await expect(email).toHaveAttribute("aria-invalid", "true");
      await expect(outcome(page, SENT)).toHaveCount(0);
      // One registration, its two mails: the refused one sent none.
      await mailTo(mailbox, camp.id, AYESHA, `You're registered for "${CAMP.title}".`);
      expect(mailsAbout(mailbox, camp.id)).toHaveLength(2);
    });

    test("a place taken while the form was open: the form says all places are taken and offers the waiting list", async ({
      page,
      context,
      seed,
      mailbox,
    }) => {
      const camp = await seedCamp(seed, { capacity: 1, questions: [SHIRT] });
      await page.goto(registerPath(camp.id));
      await expect(page.getByText("1 place left.", { exact: true })).toBeVisible();
      const form = registrationForm(page);
      await fillIn(form, BILAL);

      const other = await context.newPage();
      await register(other, camp.id, AYESHA);
      await confirmFromMail(other, mailbox, camp.id, AYESHA, REGISTERED);
      await other.close();

      await form.getByRole("button", { name: "Register" }).click();
      await expect(form.getByRole("alert")).toHaveText(FULL);
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(BILAL.name);
      await form.getByRole("button", { name: "Join the waiting list" }).click();
      await expect(outcome(page, SENT)).toHaveText(SENT);
      await confirmFromMail(page, mailbox, camp.id, BILAL, waiting(1));
      await mailTo(mailbox, camp.id, AYESHA, `You're registered for "${CAMP.title}".`);
      await mailTo(mailbox, camp.id, BILAL, "waiting list (number 1)");
    });

    test("once the closing time has passed the form refuses, the page says registration is closed, and so does the card", async ({
      page,
      seed,
      serverClock,
    }) => {
      const camp = await seedCamp(seed, { capacity: 2, closesAt: new Date(Date.now() + HOUR), questions: [SHIRT] });
      await page.goto(registerPath(camp.id));
      await expect(page.getByText(/Registration closes .+\./)).toBeVisible();
      const form = registrationForm(page);
      await fillIn(form, AYESHA);

      await serverClock.advanceBy(2 * HOUR);
      await form.getByRole("button", { name: "Register" }).click();
      await expect(form.getByRole("alert")).toHaveText("Registration is closed.");

      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: "Registration is closed." })).toBeVisible();
      await expect(registrationForm(page)).toHaveCount(0);

      await page.goto("/announcement");
      const card = publicCard(page, CAMP.title);
      await expect(card).toContainText("Registration is closed.");
      await expect(card.getByRole("link", { name: /^Register/ })).toHaveCount(0);
    });
  });
});

test.describe("registrations for the admin", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the list counts and shows each person; Remove gives the place to the first waiting, who is mailed; the CSV holds everyone", async ({
    page,
    seed,
    mailbox,
    expectNoAxeViolations,
  }) => {
    test.slow();
    const camp = await seedCamp(seed);
    for (const person of [AYESHA, BILAL]) {
      await register(page, camp.id, person);
      await confirmFromMail(page, mailbox, camp.id, person, REGISTERED);
    }
    await register(page, camp.id, CHAND, "Join the waiting list");
    await confirmFromMail(page, mailbox, camp.id, CHAND, waiting(1));
    // Dua never confirms: she holds nothing.
    await register(page, camp.id, DUA, "Join the waiting list");
    // Their mails are out before an admin removes anyone (a removal takes the removed one's mails with it).
    for (const person of [AYESHA, BILAL]) await mailTo(mailbox, camp.id, person, `You're registered for "${CAMP.title}".`);
    await mailTo(mailbox, camp.id, CHAND, "waiting list (number 1)");

    await page.goto("/admin-announcement");
    const link = page
      .getByRole("main")
      .getByRole("article", { name: CAMP.title })
      .getByRole("link", withHeading("Registrations (2 registered, 1 waiting)", CAMP.title));
    await expect(link).toHaveAttribute("href", `/admin/announcements/${camp.id}/registrations`);
    await link.click();
    await expect(page.getByRole("heading", { name: `Registrations: ${CAMP.title}`, level: 1 })).toBeVisible();
    await expect(page.getByTestId("registration-counts")).toHaveText(
      "2 registered of 2 places, 1 on the waiting list. 1 unconfirmed: they hold no place until confirmed from their mail, and go after 24 hours.",
    );
    const people = page.getByRole("main").getByRole("listitem");
    await expect(people.getByRole("heading", { level: 2 })).toHaveText([AYESHA.name, BILAL.name, CHAND.name, DUA.name]);
    await expect(people.nth(0)).toContainText("Registered");
    await expect(people.nth(2)).toContainText("Waiting list");
    await expect(people.nth(3)).toContainText("Unconfirmed");
    for (const text of ["Email", CHAND.email, "Phone", CHAND.phone, "Class", CHAND.class, SHIRT.label, CHAND.shirt!]) {
      await expect(people.nth(2)).toContainText(text);
    }
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^registrations-${camp.id.slice(-8)}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString("utf8")) as string[][];
    const when = expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows).toEqual([
      ["Registered", "Status", "Name", "Email", "Phone", "Class", SHIRT.label],
      ...[AYESHA, BILAL].map((p) => [when, "Registered", p.name, p.email, p.phone, p.class, p.shirt]),
      [when, "Waiting list", CHAND.name, CHAND.email, CHAND.phone, CHAND.class, CHAND.shirt],
      [when, "Unconfirmed", DUA.name, DUA.email, DUA.phone, DUA.class, DUA.shirt],
    ]);

    await people
      .nth(0)
      .getByRole("button", { name: `Remove ${AYESHA.name}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: `Remove ${AYESHA.name}?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Registration removed", { exact: true })).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(people.getByRole("heading", { level: 2 })).toHaveText([BILAL.name, CHAND.name, DUA.name]);
    await expect(people.nth(1)).toContainText("Registered");
    await expect(page.getByRole("main")).not.toContainText("Waiting list");
    await expect(page.getByTestId("registration-counts")).toHaveText(
      "2 registered of 2 places, 0 on the waiting list. 1 unconfirmed: they hold no place until confirmed from their mail, and go after 24 hours.",
    );

    const promoted = await mailTo(mailbox, camp.id, CHAND, `A place opened for "${CAMP.title}" and it is yours`);
    expect(promoted.envelopeTo).toEqual([CHAND.email]);
    expect(subjectOf(promoted)).toBe(`A place opened: you're registered for ${CAMP.title}`);
    expect(promoted.attachments.map((file) => file.filename)).toEqual(["event.ics"]);

    await page.goto("/admin-announcement");
    await expect(page.getByRole("link", withHeading("Registrations (2 registered, 0 waiting)", CAMP.title))).toBeVisible();
  });

  test("an announcement created with 'Collect registrations here' and a question of the admin's own: its card's Register opens a form that asks it", async ({
    page,
  }) => {
    test.slow();
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
    await expect(page.getByText("Announcement created!", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
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
});

test.describe("registering without JavaScript", () => {
  // An empty form's post is answered 400 with its messages.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test("the form posts and answers on a page the server drew: the missing fields named, then the registration taken and confirmed", async ({
    page,
    seed,
    mailbox,
  }) => {
    const camp = await seedCamp(seed);
    await page.goto("/announcement");
    await publicCard(page, CAMP.title).getByRole("link", withHeading("Register", CAMP.title)).click();
    await expect(page).toHaveURL(registerPath(camp.id));

    const form = registrationForm(page);
    await form.getByLabel("Name", { exact: true }).fill(AYESHA.name);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(form.getByText("Invalid email", { exact: true })).toBeVisible();
    await expect(form.getByText("Choose one of the options", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(AYESHA.name);

    await fillIn(form, AYESHA);
    await form.getByRole("button", { name: "Register" }).click();
    await expect(outcome(page, SENT)).toHaveText(SENT);
    await expect(page.getByRole("link", { name: "Back to the announcement" })).toBeVisible();
    // The link's page and its Confirm button work without JavaScript too.
    await confirmFromMail(page, mailbox, camp.id, AYESHA, REGISTERED);
    await mailTo(mailbox, camp.id, AYESHA, `You're registered for "${CAMP.title}".`);
  });
});
