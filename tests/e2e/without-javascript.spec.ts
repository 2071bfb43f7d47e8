import { NOT_A_PAKISTANI_MOBILE } from "#core/blood/phone.ts";
import { BLOOD_DONOR_MESSAGES } from "#core/messages/blood.ts";
import { parseAnswers } from "#server/repos/applications.ts";
import { expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";

/**
 * The admin login, the contact form, both steps of Join Us, becoming a blood donor and an admin page's form work with JavaScript turned off:
 * each post lands on a page the server drew, with the form's messages at its fields, the spec's thanks, or what was done.
 * A phone's menu opens without it, so every public page can be reached.
 */
test.describe("without JavaScript", () => {
  // axe needs scripts: the pages these posts land on are checked, posted the same way, by tests/e2e/accessibility.spec.ts.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[01]/] });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test("the menu button opens the menu and its close button closes it: every public page can be reached", async ({ page }) => {
      await page.goto("/");
      const bar = page.getByRole("banner");
      const menu = page.locator("#site-menu");
      await expect(menu).toBeHidden();
      await bar.getByRole("button", { name: "Open menu" }).click();
      await expect(menu).toBeVisible();
      await expect(bar.getByRole("button", { name: "Open menu" })).toBeHidden();
      await bar.getByRole("link", { name: "Close menu" }).click();
      await expect(menu).toBeHidden();

      // The home page's Events & Activities entry is a disclosure (<details>), which opens without scripts too.
      await bar.getByRole("button", { name: "Open menu" }).click();
      await menu.getByText("Events & Activities", { exact: true }).click();
      await menu.getByRole("link", { name: "All events & activities" }).click();
      await expect(page).toHaveURL(/\/events-and-activities$/);
      for (const [entry, heading] of [
        ["Announcement", "Announcements"],
        ["Explore SMC", "Explore SMC"],
      ] as const) {
        await bar.getByRole("button", { name: "Open menu" }).click();
        await menu.getByRole("link", { name: entry, exact: true }).click();
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      }
    });
  });

  test("the admin login: a refusal is shown on the page, the right password opens the panel", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
    await expect(page.getByText("Password is required", { exact: true })).toBeVisible();

    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill("not the password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials. Please check the email and password.");
    await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

    await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (0)", level: 1 })).toBeVisible();
  });

  test("an admin page's form: a refusal is shown at its field; once saved, back on the page, which says so once", async ({
    page,
    database,
    signInAsAdmin,
  }) => {
    try {
      await signInAsAdmin();
      await page.goto("/admin/mail");
      const form = page.getByRole("form", { name: "Notification address" });
      const address = form.getByLabel("Send notifications to");
      await address.fill("not an address");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(address).toHaveAttribute("aria-invalid", "true");
      await expect(address).toHaveValue("not an address");

      await address.fill("committee-nojs@society.test");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/admin\/mail$/);
      await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
      await expect(address).toHaveValue("committee-nojs@society.test");
      await page.reload();
      await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toHaveCount(0);
    } finally {
      await database.db.updateTable("settings").set({ notificationEmail: null }).execute();
    }
  });

  test("the contact form: an empty field is named on the page, a complete message ends on the thanks", async ({
    page,
    database,
    mailbox,
  }) => {
    await page.goto("/#contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Sara Malik");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("alert")).toHaveText("Please fill all fields");
    await expect(page.getByLabel("Name")).toHaveValue("Sara Malik");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    expect(await database.db.selectFrom("contactMessages").selectAll().execute()).toHaveLength(0);

    await page.getByLabel("Email").fill("sara@example.org");
    await page.getByLabel("Message").fill("When is the next study circle?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/contact\?sent$/);
    await expect(page.getByRole("status").filter({ hasText: "Thank you for contacting us! Email sent successfully." })).toBeVisible();
    // A reload shows the thanks again and sends nothing twice.
    await page.reload();
    const rows = await database.db.selectFrom("contactMessages").selectAll().execute();
    expect(rows).toMatchObject([{ name: "Sara Malik", email: "sara@example.org", message: "When is the next study circle?" }]);
    await mailbox.waitFor("Name: Sara Malik");
  });

  test("Join Us: the entry leads to the form's page; Next checks the first step, Back keeps it, Join Us stores the application", async ({
    page,
    site,
    database,
  }) => {
    await page.goto("/");
    // On a phone the entry sits in the menu, which needs scripts; the page it leads to is the same.
    const entry = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Join Us" });
    if (await entry.isVisible()) await entry.click();
    else await page.goto("/join");
    await expect(page.getByRole("heading", { name: "Fill the form below to Join us", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Next" }).click();
    for (const message of ["Name is required", "Class is required", "Invalid email", "Phone number is required"])
      await expect(page.getByText(message, { exact: true })).toBeVisible();

    const basics = {
      "Full name": "Ayesha Khan",
      Class: "2nd Year",
      Department: "MBBS",
      "Sargodha address": "12 College Road",
      "Permanent address": "House 4, Street 9",
      Email: "ayesha@example.org",
      Phone: "03001234567",
    };
    for (const [label, value] of Object.entries(basics)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByText("Step 2 of 2: a few questions")).toBeVisible();
    await page.getByRole("form", { name: "Join us, step 2" }).getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Full name", { exact: true })).toHaveValue("Ayesha Khan");
    await page.getByRole("button", { name: "Next" }).click();

    const questions = page.getByRole("form", { name: "Join us, step 2" });
    for (const [index, question] of site.joinQuestions.slice(0, 4).entries())
      await page.getByRole("textbox", { name: `${index + 1}. ${question}` }).fill(`Answer ${index + 1}`);
    await questions.getByRole("button", { name: "Join Us" }).click();
    await expect(page.getByText("This question is required", { exact: true })).toHaveCount(2);
    await expect(page.getByRole("textbox", { name: `1. ${site.joinQuestions[0]}` })).toHaveValue("Answer 1");

    await page.getByRole("textbox", { name: `5. ${site.joinQuestions[4]}` }).fill("reading, cricket");
    await page.getByRole("textbox", { name: `6. ${site.joinQuestions[5]}` }).fill("Bang-e-Dra");
    await questions.getByRole("button", { name: "Join Us" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Thank you for joining us, we will contact you soon!" })).toBeVisible();
    const rows = await database.db.selectFrom("applications").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullname: "Ayesha Khan", email: "ayesha@example.org" });
    expect(parseAnswers(rows[0]!.answers).slice(4)).toEqual([
      { question: site.joinQuestions[4], answer: "reading, cricket" },
      { question: site.joinQuestions[5], answer: "Bang-e-Dra" },
    ]);
  });

  test("becoming a blood donor: the refusals are shown at their fields, a complete sign-up says a mail is on its way, the mailed link's Confirm works", async ({
    page,
    database,
    mailbox,
  }) => {
    const day = (days: number) => {
      const at = new Date();
      at.setDate(at.getDate() + days);
      return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
    };
    await page.goto("/blood-donors");
    const form = page.getByRole("form", { name: "Join the registry" });
    const fields = {
      Name: "Sana Iqbal",
      Email: "sana.nojs@example.org",
      "Phone number": "12345",
      City: "Sargodha",
      Area: "Satellite Town",
    };
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
    await form.getByLabel("Blood group", { exact: true }).selectOption("O-");
    await form.getByLabel("Last donation", { exact: true }).fill(day(2));
    await form.getByRole("group", { name: "Donation interval" }).getByLabel("Every 90 days (usual for men)").check();
    await form.getByRole("button", { name: "Become a donor" }).click();

    await expect(page).toHaveURL(/\/blood-donors$/);
    const phone = form.getByLabel("Phone number", { exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(`A Pakistani mobile: 03xx xxxxxxx. ${NOT_A_PAKISTANI_MOBILE}`);
    await expect(form.getByLabel("Last donation", { exact: true })).toHaveAccessibleDescription(
      `Optional. Leave it empty if you have not given blood before. ${BLOOD_DONOR_MESSAGES.lastDonationFuture}`,
    );
    await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(BLOOD_DONOR_MESSAGES.consentRequired);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Sana Iqbal");
    await expect(form.getByLabel("Blood group", { exact: true })).toHaveValue("O-");
    await expect(form.getByRole("group", { name: "Donation interval" }).getByLabel("Every 90 days (usual for men)")).toBeChecked();
    expect(await database.db.selectFrom("bloodDonors").selectAll().execute()).toEqual([]);

    await phone.fill("0300 1234567");
    await form.getByLabel("Last donation", { exact: true }).fill("");
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Become a donor" }).click();
    await expect(page.getByRole("status").filter({ hasText: BLOOD_DONOR_MESSAGES.checkYourMail })).toHaveText(
      BLOOD_DONOR_MESSAGES.checkYourMail,
    );
    const rows = await database.db.selectFrom("bloodDonors").selectAll().execute();
    expect(rows).toMatchObject([{ email: "sana.nojs@example.org", phone: "+923001234567", bloodGroup: "O-", confirmedAt: null }]);

    const mail = await mailbox.waitFor("/blood-donors/me?token=");
    await page.goto(/https?:\/\/\S+(\/blood-donors\/me\?token=[A-Za-z0-9_-]{43})/.exec(mail.text)![1]!);
    await page.getByRole("form", { name: "Confirm you are a donor" }).getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: BLOOD_DONOR_MESSAGES.confirmed })).toHaveText(BLOOD_DONOR_MESSAGES.confirmed);
    await expect(page.getByRole("form", { name: "Your availability and details" })).toBeVisible();
  });
});
