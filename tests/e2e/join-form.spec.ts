import type { Locator, Page } from "@playwright/test";
import { parseAnswers } from "../../server/repos/applications";
import { siteOrigin } from "../../scripts/lib/production-server";
import { formBody, joinApplication } from "../integration/helpers/forms";
import { holdRequests } from "./chunks";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";
import { chooseTopBarEntry } from "./menus";

/** SPEC 2 "Join Us flow", 4 and 5: the two-step join form. */

const STEP1 = {
  "Full name": "Ayesha Khan",
  Class: "2nd Year",
  Department: "MBBS",
  "Sargodha address": "12 College Road",
  "Permanent address": "House 4, Street 9",
  Email: "Ayesha.Khan@Example.org",
  Phone: "03001234567",
} as const;

const STEP1_MESSAGES = [
  "Name is required",
  "Class is required",
  "Department is required",
  "Street address is required",
  "Permanent address is required",
  "Invalid email",
  "Phone number is required",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The Add button of a list question (its name is "Add to: <number>. <question>"). */
const addButton = (dialog: Locator, question: string) =>
  dialog.getByRole("button", { name: new RegExp(`^Add to: \\d\\. ${escapeRegExp(question)}$`) });

const joinDialog = (page: Page) => page.getByRole("dialog", { name: "Fill the form below to Join us" });

async function openJoinForm(page: Page): Promise<Locator> {
  await page.goto("/");
  await chooseTopBarEntry(page, "Join Us");
  const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure you want to join us?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Continue" }).click();
  const dialog = joinDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillStep1(dialog: Locator, values: Partial<Record<keyof typeof STEP1 | "Blood group (optional)", string>> = STEP1) {
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

/** Adds a chip the way this screen offers: the Add button on a phone, Enter on a wide screen. */
async function addChip(
  page: Page,
  dialog: Locator,
  question: string,
  entry: string,
  how: "enter" | "button" = isPhone(page) ? "button" : "enter",
) {
  const input = dialog.getByRole("textbox", { name: question });
  await input.fill(entry);
  if (how === "enter") await input.press("Enter");
  else await addButton(dialog, question).click();
}

const chips = (dialog: Locator, question: string) => dialog.getByRole("list", { name: `${question}: entries` }).getByRole("listitem");

async function fillStep2(page: Page, dialog: Locator, questions: string[]) {
  for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: questions[i] }).fill(`Answer ${i + 1}`);
  await addChip(page, dialog, questions[4]!, "reading");
  await addChip(page, dialog, questions[5]!, "Bang-e-Dra");
}

test.describe("the join form", { tag: BOTH_WIDTHS }, () => {
  test("Continue opens the form; Next with nothing filled shows every step-1 message and stays on step 1", async ({
    page,
    expectNoAxeViolations,
  }) => {
    const dialog = await openJoinForm(page);
    await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
    await dialog.getByRole("button", { name: "Next" }).click();
    for (const message of STEP1_MESSAGES) await expect(dialog.getByText(message, { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Full name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("button", { name: "Next" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("an invalid email and a phone under 10 characters keep Next from moving on; blood group is optional", async ({ page, site }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog, { ...STEP1, Email: "not-an-email", Phone: "030012345" });
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByText("Invalid email", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Phone number is required", { exact: true })).toBeVisible();
    await expect(dialog.getByText("Name is required")).toHaveCount(0);
    await fillStep1(dialog, { Email: "ayesha@example.org", Phone: "0300123456" });
    await expect(dialog.getByText("Invalid email", { exact: true })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("textbox", { name: site.joinQuestions[0] })).toBeVisible();
  });

  test("step 2 shows the six questions; Join Us with nothing answered says 'This question is required' under each", async ({
    page,
    site,
    expectNoAxeViolations,
  }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    for (const [i, question] of site.joinQuestions.entries())
      await expect(dialog.getByText(`${i + 1}. ${question}`, { exact: true })).toBeVisible();
    expect(site.joinQuestions[2]).toContain("Iqbal");
    await dialog.getByRole("button", { name: "Join Us" }).click();
    await expect(dialog.getByText("This question is required", { exact: true })).toHaveCount(6);
    await expectNoAxeViolations(page);
    await dialog.getByRole("textbox", { name: site.joinQuestions[0] }).fill("Something");
    await expect(dialog.getByText("This question is required", { exact: true })).toHaveCount(5);
    // Typing in a list clears that list's error.
    await dialog.getByRole("textbox", { name: site.joinQuestions[4] }).fill("r");
    await expect(dialog.getByText("This question is required", { exact: true })).toHaveCount(4);
  });

  test("chips: added by Enter or the Add button (on every width), trimmed, empty and duplicate entries ignored, removable", async ({
    page,
    site,
  }) => {
    const hobbies = site.joinQuestions[4]!;
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();

    await addChip(page, dialog, hobbies, "  reading  ", "enter");
    await addChip(page, dialog, hobbies, "reading", "enter");
    await addChip(page, dialog, hobbies, "   ", "enter");
    await expect(addButton(dialog, hobbies)).toBeVisible();
    await addChip(page, dialog, hobbies, " cricket ", "button");
    await addChip(page, dialog, hobbies, "cricket", "button");
    await expect(chips(dialog, hobbies)).toHaveText(["reading", "cricket"]);
    await expect(dialog.getByRole("textbox", { name: hobbies })).toHaveValue("");

    await dialog.getByRole("button", { name: "Remove reading" }).click();
    await expect(chips(dialog, hobbies)).toHaveText(["cricket"]);
    await dialog.getByRole("button", { name: "Remove cricket" }).click();
    await expect(dialog.getByRole("list", { name: `${hobbies}: entries` })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Join Us" }).click();
    await expect(dialog.getByText("This question is required", { exact: true })).toHaveCount(6);
  });

  test("nothing typed is dropped: an entry left in the box becomes a chip when the box loses focus, and one typed just before Join Us is sent", async ({
    page,
    site,
    database,
  }) => {
    const [hobbies, books] = [site.joinQuestions[4]!, site.joinQuestions[5]!];
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: site.joinQuestions[i] }).fill(`Answer ${i + 1}`);
    await dialog.getByRole("textbox", { name: hobbies }).fill("calligraphy");
    await dialog.getByRole("textbox", { name: hobbies }).press("Tab");
    await expect(chips(dialog, hobbies)).toHaveText(["calligraphy"]);
    await expect(dialog.getByRole("textbox", { name: hobbies })).toHaveValue("");

    await dialog.getByRole("textbox", { name: books }).fill("The Alchemist");
    await dialog.getByRole("button", { name: "Join Us" }).click();
    await expect(page.getByText("Thank you for joining us, we will contact you soon!", { exact: true })).toBeVisible();
    const [row] = await database.db.selectFrom("applications").select("answers").execute();
    expect(parseAnswers(row!.answers).slice(4)).toEqual([
      { question: hobbies, answer: "calligraphy" },
      { question: books, answer: "The Alchemist" },
    ]);
  });

  test("an entry typed with commas shows as the chips it is stored as", async ({ page, site }) => {
    const books = site.joinQuestions[5]!;
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();

    await addChip(page, dialog, books, "Man's Search, for Meaning");
    await expect(chips(dialog, books)).toHaveText(["Man's Search", "for Meaning"]);
  });

  test("Back returns to step 1 with the values kept, and Next returns to the answers", async ({ page, site }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog, { ...STEP1, "Blood group (optional)": "O+" });
    await dialog.getByRole("button", { name: "Next" }).click();
    await dialog.getByRole("textbox", { name: site.joinQuestions[1] }).fill("To serve");
    await addChip(page, dialog, site.joinQuestions[5]!, "Bang-e-Dra");
    await dialog.getByRole("button", { name: "Back" }).click();
    for (const [label, value] of Object.entries(STEP1)) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
    await expect(dialog.getByLabel("Blood group (optional)")).toHaveValue("O+");
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("textbox", { name: site.joinQuestions[1] })).toHaveValue("To serve");
    await expect(chips(dialog, site.joinQuestions[5]!)).toHaveText(["Bang-e-Dra"]);
  });

  test("closing on step 1 closes the dialog and empties the form", async ({ page }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog, { "Full name": "Someone" });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await chooseTopBarEntry(page, "Join Us");
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    await expect(joinDialog(page).getByLabel("Full name", { exact: true })).toHaveValue("");
  });

  test("a complete application: 'Processing...', then the thanks; the dialog closes, the form resets, the application and its mail are stored", async ({
    page,
    site,
    database,
    mailbox,
  }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    await fillStep2(page, dialog, site.joinQuestions);
    await addChip(page, dialog, site.joinQuestions[4]!, "cricket");
    // The answer is held until the pending state has been seen (not for a fixed time a busy machine may outlast).
    const answer = await holdRequests(page, "**/join.data");
    await dialog.getByRole("button", { name: "Join Us" }).click();
    await expect(page.getByText("Processing...", { exact: true })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Join Us" })).toBeDisabled();
    answer.release();
    await expect(page.getByText("Thank you for joining us, we will contact you soon!", { exact: true })).toBeVisible();
    await expect(page.getByText("Processing...", { exact: true })).toHaveCount(0);
    await expect(dialog).toBeHidden();

    const rows = await database.db.selectFrom("applications").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fullname: "Ayesha Khan", email: "ayesha.khan@example.org", phone: "03001234567", blood_group: null });
    expect(parseAnswers(rows[0]!.answers)).toEqual([
      { question: site.joinQuestions[0], answer: "Answer 1" },
      { question: site.joinQuestions[1], answer: "Answer 2" },
      { question: site.joinQuestions[2], answer: "Answer 3" },
      { question: site.joinQuestions[3], answer: "Answer 4" },
      { question: site.joinQuestions[4], answer: "reading, cricket" },
      { question: site.joinQuestions[5], answer: "Bang-e-Dra" },
    ]);
    const mail = await mailbox.waitFor("Name: Ayesha Khan");
    expect(mail.text).toContain("Blood group: N/A");

    await chooseTopBarEntry(page, "Join Us");
    await page.getByRole("alertdialog").getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByLabel("Full name", { exact: true })).toHaveValue("");
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("textbox", { name: site.joinQuestions[0] })).toHaveValue("");
    await expect(dialog.getByRole("list", { name: `${site.joinQuestions[4]}: entries` })).toHaveCount(0);
  });

  test("the application sent through the form reaches the admin panel, its list answers as chips", async ({
    page,
    site,
    signInAsAdmin,
  }) => {
    const dialog = await openJoinForm(page);
    await fillStep1(dialog);
    await dialog.getByRole("button", { name: "Next" }).click();
    await fillStep2(page, dialog, site.joinQuestions);
    await addChip(page, dialog, site.joinQuestions[4]!, "cricket");
    await dialog.getByRole("button", { name: "Join Us" }).click();
    await expect(page.getByText("Thank you for joining us, we will contact you soon!", { exact: true })).toBeVisible();

    await signInAsAdmin();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (1)" })).toBeVisible();
    const card = page.getByRole("main").getByRole("article").filter({ hasText: "Ayesha Khan" });
    await expect(card).toContainText("ayesha.khan@example.org");
    await card.getByRole("button", { name: "View Full Details" }).click();
    const details = page.getByRole("dialog", { name: "Ayesha Khan" });
    await expect(details.getByText("Answer 1", { exact: true })).toBeVisible();
    await expect(details.getByTestId("answer-chip")).toHaveText(["reading", "cricket", "Bang-e-Dra"]);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 403/] });
    test("a refused submission says the server's reason, in a toast and in the form, and keeps the dialog open with the values", async ({
      page,
      site,
      seed,
      database,
    }) => {
      const dialog = await openJoinForm(page);
      await fillStep1(dialog);
      await dialog.getByRole("button", { name: "Next" }).click();
      await fillStep2(page, dialog, site.joinQuestions);
      await seed.joinUsVisible(false); // the admin closes applications while this visitor writes
      await dialog.getByRole("button", { name: "Join Us" }).click();
      await expect(page.getByRole("status").getByText("Applications are closed at the moment.", { exact: true })).toBeVisible();
      await expect(dialog.getByText("Applications are closed at the moment.", { exact: true })).toBeVisible();
      await expect(page.getByText("Something went wrong while submitting. Try again.", { exact: true })).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: site.joinQuestions[0] })).toHaveValue("Answer 1");
      await expect(chips(dialog, site.joinQuestions[4]!)).toHaveText(["reading"]);
      await expect(dialog.getByRole("button", { name: "Join Us" })).toBeEnabled();
      expect(await database.db.selectFrom("applications").selectAll().execute()).toHaveLength(0);
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test("a fourth application from one email in a day says how long to wait, and stores nothing", async ({
      page,
      site,
      database,
      baseURL,
    }) => {
      // Three applications from this email, sent as the form sends them without JavaScript.
      for (let i = 0; i < 3; i++) {
        const body = formBody("/join", joinApplication({ email: STEP1.Email }));
        const sent = await page.request.post("/join", {
          headers: { ...siteOrigin(baseURL!), "Content-Type": "application/x-www-form-urlencoded" },
          data: body.toString(),
        });
        expect(sent.status()).toBe(200);
      }
      const dialog = await openJoinForm(page);
      await fillStep1(dialog);
      await dialog.getByRole("button", { name: "Next" }).click();
      await fillStep2(page, dialog, site.joinQuestions);
      await dialog.getByRole("button", { name: "Join Us" }).click();
      const message = "Too many applications with this email today. Please try again in 24 hours.";
      await expect(page.getByRole("status").getByText(message, { exact: true })).toBeVisible();
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      expect(await database.db.selectFrom("applications").selectAll().execute()).toHaveLength(3);
    });
  });
});
