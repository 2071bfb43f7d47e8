import type { Page } from "@playwright/test";
import { expect, header, test } from "./fixtures";
import { goToAdminSection } from "./menus";

/**
 * /admin/mail: how the site's mail leaves, where the notifications go, and the confirmation each applicant gets. The
 * mails are the ones the worker's SMTP catcher received (tests/e2e/e2e-server.ts, whose MAIL_TO is office@society.test).
 * The settings reaching the mails of an application: tests/integration/mail-settings.test.ts.
 */

const MAIL_TO = "office@society.test";
const TEST_MAIL_TEXT = "This is a test mail, sent from the admin area.";

const sentence = (address: string, source: string) => `Each new join request and contact message is mailed to ${address} (${source}).`;
const FROM_MAIL_TO = "from the server's MAIL_TO setting";

/** An address no other test (nor another run against a kept server) uses. */
const uniqueAddress = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@society.test`;

const notificationForm = (page: Page) => page.getByRole("form", { name: "Notification address" });
const confirmationForm = (page: Page) => page.getByRole("form", { name: "Confirmation to applicants" });

async function saveNotificationAddress(page: Page, address: string) {
  const form = notificationForm(page);
  await form.getByLabel("Send notifications to").fill(address);
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved", { exact: true })).toBeVisible();
}

test.describe("admin mail settings", () => {
  // The worker's server outlives the test: what the test changed in the settings row goes back to the defaults.
  test.afterEach(async ({ database }) => {
    await database.db
      .updateTable("settings")
      .set({
        notificationEmail: null,
        confirmationEnabled: 1,
        confirmationSubject: null,
        confirmationText: null,
        confirmationSubjectUr: null,
        confirmationTextUr: null,
      })
      .execute();
  });

  test("the admin navigation's Mail opens /admin/mail: the notification address set and sent a test mail, then emptied; the confirmation edited, then turned off", async ({
    page,
    mailbox,
    database,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin");
    await goToAdminSection(page, "Mail");
    await expect(page).toHaveURL(/\/admin\/mail$/);
    await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
    const delivery = page.getByRole("region", { name: "Delivery" });
    await expect(delivery.getByText("Mail is sent by SMTP.", { exact: true })).toBeVisible();
    await expect(delivery.getByText("Mails: all delivered.", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Notification address" }).getByText(sentence(MAIL_TO, FROM_MAIL_TO))).toBeVisible();
    // Nothing is stored: the field is empty, the default applies.
    const address = notificationForm(page).getByLabel("Send notifications to");
    await expect(address).toHaveValue("");

    // Typed in capitals, stored as mail addresses are compared: lower case.
    const committee = uniqueAddress("committee");
    await saveNotificationAddress(page, committee.toUpperCase());
    await expect(page.getByText(sentence(committee, "set here"), { exact: true })).toBeVisible();
    await delivery.getByRole("button", { name: "Send test mail" }).click();
    await expect(page.getByText(`Test mail queued for ${committee}.`, { exact: true })).toBeVisible();
    const mail = await mailbox.waitFor(TEST_MAIL_TEXT);
    expect(mail.envelopeTo).toEqual([committee]);
    expect(header(mail, "subject")).toBe("Test mail from the society website");

    // An invalid address: the message shows at the field once it loses focus, and Enter sends nothing.
    await address.fill("not an address");
    await address.press("Tab");
    await expect(notificationForm(page).getByText("Enter a valid email address", { exact: true })).toBeVisible();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(/Enter a valid email address/);
    await address.focus();
    await address.press("Enter");
    await page.reload();
    await expect(address).toHaveValue(committee);
    // Emptied, it goes back to the server's MAIL_TO.
    await saveNotificationAddress(page, "");
    await expect(page.getByText(sentence(MAIL_TO, FROM_MAIL_TO), { exact: true })).toBeVisible();

    const form = confirmationForm(page);
    const enabled = form.getByRole("checkbox", { name: "Send each applicant a confirmation mail" });
    await expect(enabled).toBeChecked();
    await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("We received your application to {society}");
    await expect(form.getByLabel("Text", { exact: true })).toHaveValue(/^Dear \{name\},/);
    await form.getByLabel("Subject", { exact: true }).fill("");
    await form.getByRole("button", { name: "Save" }).click();
    await expect(form.getByText("Subject is required", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Subject", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await form.getByLabel("Subject", { exact: true }).fill("{name}, your application to {society} has arrived");
    await form.getByLabel("Text", { exact: true }).fill("Dear {name},\n\nThanks for applying to {society}.\n\nThe committee");
    await enabled.uncheck();
    await form.getByRole("button", { name: "Save" }).click();
    // An earlier "Saved" may still show: the stored row says when this one is done.
    const stored = () => database.db.selectFrom("settings").select(["notificationEmail", "confirmationEnabled"]).executeTakeFirstOrThrow();
    await expect.poll(stored).toEqual({ notificationEmail: null, confirmationEnabled: 0 });
    await page.reload();
    await expect(enabled).not.toBeChecked();
    await expect(form.getByLabel("Subject", { exact: true })).toHaveValue("{name}, your application to {society} has arrived");
  });
});
