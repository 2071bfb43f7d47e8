import type { Locator, Page } from "@playwright/test";
import { type CaughtMailFile, expect, test } from "./fixtures";
import { chooseTopBarEntry } from "./menus";

/**
 * /admin/mail: how the site's mail leaves, where the notifications go, and the confirmation each applicant gets. The
 * mails are the ones the worker's SMTP catcher received (tests/e2e/e2e-server.ts, whose MAIL_TO is office@society.test).
 */

const MAIL_TO = "office@society.test";
const TEST_MAIL_TEXT = "This is a test mail, sent from the admin area.";

const sentence = (address: string, source: string) => `Each new join request and contact message is mailed to ${address} (${source}).`;
const FROM_MAIL_TO = "from the server's MAIL_TO setting";

/** An address no other test (nor another run against a kept server) uses. */
const uniqueAddress = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@society.test`;

const header = (mail: CaughtMailFile, name: string) => mail.headers.find(([key]) => key === name)?.[1];

const notificationForm = (page: Page) => page.getByRole("form", { name: "Notification address" });
const confirmationForm = (page: Page) => page.getByRole("form", { name: "Confirmation to applicants" });

async function saveNotificationAddress(page: Page, address: string) {
  const form = notificationForm(page);
  await form.getByLabel("Send notifications to").fill(address);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
}

interface Applicant {
  name: string;
  email: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Applies through the public Join Us form, as a visitor does (both steps), and waits for the thanks. */
async function applyThroughJoinUs(page: Page, joinQuestions: readonly string[], applicant: Applicant) {
  await page.goto("/");
  await chooseTopBarEntry(page, "Join Us");
  await page
    .getByRole("alertdialog", { name: "Are you absolutely sure you want to join us?" })
    .getByRole("button", { name: "Continue" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Fill the form below to Join us" });
  await expect(dialog).toBeVisible();
  const step1 = {
    "Full name": applicant.name,
    Class: "2nd Year",
    Department: "MBBS",
    "Sargodha address": "12 College Road",
    "Permanent address": "House 4, Street 9",
    Email: applicant.email,
    Phone: "03001234567",
  };
  for (const [label, value] of Object.entries(step1)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole("button", { name: "Next" }).click();
  for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: joinQuestions[i] }).fill(`Answer ${i + 1}`);
  for (const [question, entry] of [
    [joinQuestions[4]!, "reading"],
    [joinQuestions[5]!, "Bang-e-Dra"],
  ] as const) {
    await addChip(dialog, question, entry);
  }
  await dialog.getByRole("button", { name: "Join Us" }).click();
  await expect(page.getByText("Thank you for joining us, we will contact you soon!", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** A list answer, added with its Add button (offered at every width). */
async function addChip(dialog: Locator, question: string, entry: string) {
  await dialog.getByRole("textbox", { name: question }).fill(entry);
  await dialog.getByRole("button", { name: new RegExp(`^Add to: \\d\\. ${escapeRegExp(question)}$`) }).click();
  await expect(dialog.getByRole("list", { name: `${question}: entries` }).getByRole("listitem")).toHaveText([entry]);
}

test.describe("admin mail settings", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  // The worker's server outlives the test: what a test changed in the settings row goes back to the defaults.
  test.afterEach(async ({ database }) => {
    await database.db
      .updateTable("settings")
      .set({ notification_email: null, confirmation_enabled: 1, confirmation_subject: null, confirmation_text: null })
      .execute();
  });

  test("the toolbar's Mail link opens /admin/mail: SMTP, and notifications to MAIL_TO", async ({ page, expectNoAxeViolations }) => {
    await page.goto("/admin");
    await page.getByRole("link", { name: "Mail", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    const delivery = page.getByRole("region", { name: "Delivery" });
    await expect(delivery.getByText("Mail is sent by SMTP.", { exact: true })).toBeVisible();
    await expect(delivery.getByText("Mails: all delivered.", { exact: true })).toBeVisible();
    await expect(delivery.getByRole("button", { name: "Send test mail" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notification address" }).getByText(sentence(MAIL_TO, FROM_MAIL_TO))).toBeVisible();
    // Nothing is stored: the field is empty, the default applies.
    await expect(notificationForm(page).getByLabel("Send notifications to")).toHaveValue("");
    const confirmation = confirmationForm(page);
    await expect(confirmation.getByRole("checkbox", { name: "Send each applicant a confirmation mail" })).toBeChecked();
    await expect(confirmation.getByLabel("Subject", { exact: true })).toHaveValue("We received your application to {society}");
    await expect(confirmation.getByLabel("Text", { exact: true })).toHaveValue(/^Dear \{name\},/);
    await expectNoAxeViolations(page);
  });

  test("a notification address set here: 'Saved', '(set here)', the test mail goes to it; an invalid one is refused at the field; empty is the default again", async ({
    page,
    mailbox,
    database,
  }) => {
    const address = uniqueAddress("committee");
    await page.goto("/admin/mail");
    // Typed in capitals, stored as mail addresses are compared: lower case.
    await saveNotificationAddress(page, address.toUpperCase());
    await expect(page.getByText(sentence(address, "set here"), { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Send test mail" }).click();
    await expect(page.getByText(`Test mail queued for ${address}.`, { exact: true })).toBeVisible();
    const mail = await mailbox.waitFor(TEST_MAIL_TEXT);
    expect(mail.envelopeTo).toEqual([address]);
    expect(header(mail, "subject")).toBe("Test mail from the society website");

    // An invalid address: the message shows at the field once it loses focus, and Enter sends nothing.
    const field = notificationForm(page).getByLabel("Send notifications to");
    await field.fill("not an address");
    await field.press("Tab");
    await expect(notificationForm(page).getByText("Enter a valid email address", { exact: true })).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Enter a valid email address/);
    await field.focus();
    await field.press("Enter");
    await expect(notificationForm(page).getByText("Enter a valid email address", { exact: true })).toBeVisible();
    // Nothing was stored: a fresh page shows the address saved before, in lower case.
    await page.reload();
    await expect(notificationForm(page).getByLabel("Send notifications to")).toHaveValue(address);
    await expect(page.getByText(sentence(address, "set here"), { exact: true })).toBeVisible();
    const stored = await database.db.selectFrom("settings").select("notification_email").executeTakeFirstOrThrow();
    expect(stored.notification_email).toBe(address);

    // Emptied, it goes back to the server's MAIL_TO.
    await saveNotificationAddress(page, "");
    await expect(page.getByText(sentence(MAIL_TO, FROM_MAIL_TO), { exact: true })).toBeVisible();
    await expect(notificationForm(page).getByLabel("Send notifications to")).toHaveValue("");
  });

  test("an edited confirmation: an applicant who joins gets it with {name} and {society} filled in; the notification goes to MAIL_TO", async ({
    page,
    site,
    mailbox,
    database,
  }) => {
    const applicant = { name: "Zara Hussain", email: "zara.confirm@example.org" };
    await page.goto("/admin/mail");
    const form = confirmationForm(page);
    await expect(form.getByRole("checkbox", { name: "Send each applicant a confirmation mail" })).toBeChecked();
    await form.getByLabel("Subject", { exact: true }).fill("{name}, your application to {society} has arrived");
    await form
      .getByLabel("Text", { exact: true })
      .fill("Dear {name},\n\nThanks for applying to {society}. We will call you before the next meeting.\n\nThe committee");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(confirmationForm(page).getByLabel("Subject", { exact: true })).toHaveValue(
      "{name}, your application to {society} has arrived",
    );

    // An empty subject is refused at the field.
    await confirmationForm(page).getByLabel("Subject", { exact: true }).fill("");
    await confirmationForm(page).getByRole("button", { name: "Save" }).click();
    await expect(confirmationForm(page).getByText("Subject is required", { exact: true })).toBeVisible();
    await expect(confirmationForm(page).getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await applyThroughJoinUs(page, site.joinQuestions, applicant);

    const confirmation = await mailbox.waitFor(`Thanks for applying to ${site.shortName}.`);
    expect(confirmation.envelopeTo).toEqual([applicant.email]);
    expect(header(confirmation, "subject")).toBe(`${applicant.name}, your application to ${site.shortName} has arrived`);
    expect(confirmation.text).toContain(`Dear ${applicant.name},`);
    expect(confirmation.text).not.toMatch(/\{(name|society)\}/);
    // Replies reach the committee.
    expect(header(confirmation, "reply-to")).toContain(MAIL_TO);

    const notification = await mailbox.waitFor(`Name: ${applicant.name}`);
    expect(notification.envelopeTo).toEqual([MAIL_TO]);
    expect(header(notification, "subject")).toBe(`New join application: ${applicant.name}`);

    const queued = await database.db.selectFrom("mail_outbox").select("kind").orderBy("id").execute();
    expect(queued.map((row) => row.kind)).toEqual(["join", "confirmation"]);
  });

  test("with the confirmation turned off, an applicant gets none; the notification still reaches the address set here", async ({
    page,
    site,
    mailbox,
    database,
  }) => {
    const address = uniqueAddress("committee");
    const applicant = { name: "Omar Farooq", email: "omar.noconfirm@example.org" };
    await page.goto("/admin/mail");
    const form = confirmationForm(page);
    await form.getByRole("checkbox", { name: "Send each applicant a confirmation mail" }).uncheck();
    await form.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Saved", { exact: true })).toBeVisible();
    await page.reload();
    await expect(confirmationForm(page).getByRole("checkbox", { name: "Send each applicant a confirmation mail" })).not.toBeChecked();
    await saveNotificationAddress(page, address);
    await expect(page.getByText(sentence(address, "set here"), { exact: true })).toBeVisible();

    await applyThroughJoinUs(page, site.joinQuestions, applicant);

    const notification = await mailbox.waitFor(`Name: ${applicant.name}`);
    expect(notification.envelopeTo).toEqual([address]);
    // The confirmation would have been queued with the notification, in the same transaction: there is only the one.
    const queued = await database.db.selectFrom("mail_outbox").select("kind").execute();
    expect(queued.map((row) => row.kind)).toEqual(["join"]);
    expect(mailbox.all().filter((mail) => mail.envelopeTo.includes(applicant.email))).toEqual([]);
  });
});
