import type { Locator, Page } from "@playwright/test";
import { parseAnswers } from "#server/repos/applications.ts";
import { holdRequests } from "./chunks";
import { BOTH_WIDTHS, expect, isPhone, test } from "./fixtures";
import { chooseTopBarEntry } from "./menus";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * SPEC 2 "Join Us flow", 4 and 5: the two-step join dialog as a visitor uses it. Each field's message is
 * core/schemas/join.test.ts's; what is stored and mailed, and the limits, server/services/applications.test.ts's.
 */

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
const REQUIRED = "This question is required";
const THANKS = "Thank you for joining us, we will contact you soon!";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The Add button of a list question (its name is "Add to: <number>. <question>"). */
const addButton = (dialog: Locator, question: string) =>
  dialog.getByRole("button", { name: new RegExp(`^Add to: \\d\\. ${escapeRegExp(question)}$`) });

const joinDialog = (page: Page) => page.getByRole("dialog", { name: "Fill the form below to Join us" });

/** Join Us in the top bar, then Continue in the question it asks. */
async function openJoinForm(page: Page): Promise<Locator> {
  await chooseTopBarEntry(page, "Join Us");
  await page
    .getByRole("alertdialog", { name: "Are you absolutely sure you want to join us?" })
    .getByRole("button", { name: "Continue" })
    .click();
  const dialog = joinDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillStep1(dialog: Locator, values: Partial<Record<keyof typeof STEP1 | "Blood group (optional)", string>> = STEP1) {
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
}

/** Adds a chip the way this screen offers: the Add button on a phone, Enter on a wide screen. */
async function addChip(page: Page, dialog: Locator, question: string, entry: string, how = isPhone(page) ? "button" : "enter") {
  const input = dialog.getByRole("textbox", { name: question });
  await input.fill(entry);
  if (how === "enter") await input.press("Enter");
  else await addButton(dialog, question).click();
}

const chips = (dialog: Locator, question: string) => dialog.getByRole("list", { name: `${question}: entries` }).getByRole("listitem");

test.describe("the join form", () => {
  test(
    "the join dialog's two steps: every message, chips, Back and Next, then 'Processing...', the thanks, and a fresh form",
    { tag: BOTH_WIDTHS },
    async ({ page, site, database }) => {
      test.slow();
      const [hobbies, books] = [site.joinQuestions[4]!, site.joinQuestions[5]!];
      await keepToasts(page);
      await page.goto("/");
      let dialog = await openJoinForm(page);
      // Closed on step 1, the form empties.
      await fillStep1(dialog, { "Full name": "Someone" });
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toBeHidden();
      dialog = await openJoinForm(page);
      await expect(dialog.getByLabel("Full name", { exact: true })).toHaveValue("");

      await expect(dialog.getByText("Step 1 of 2")).toBeVisible();
      await dialog.getByRole("button", { name: "Next" }).click();
      for (const message of STEP1_MESSAGES) await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      await expect(dialog.getByLabel("Full name", { exact: true })).toHaveAttribute("aria-invalid", "true");
      await fillStep1(dialog, { ...STEP1, Email: "not-an-email", Phone: "030012345", "Blood group (optional)": "O+" });
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByText("Invalid email", { exact: true })).toBeVisible();
      await expect(dialog.getByText("Phone number is required", { exact: true })).toBeVisible();
      await expect(dialog.getByText("Name is required")).toHaveCount(0);
      await fillStep1(dialog, { Email: STEP1.Email, Phone: STEP1.Phone });
      await expect(dialog.getByText("Invalid email", { exact: true })).toHaveCount(0);
      await dialog.getByRole("button", { name: "Next" }).click();

      // Step 2: the six questions, each required; typing in one clears its message.
      for (const [i, question] of site.joinQuestions.entries()) {
        await expect(dialog.getByText(`${i + 1}. ${question}`, { exact: true })).toBeVisible();
      }
      expect(site.joinQuestions[2]).toContain("Iqbal");
      await dialog.getByRole("button", { name: "Join Us" }).click();
      await expect(dialog.getByText(REQUIRED, { exact: true })).toHaveCount(6);
      for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: site.joinQuestions[i] }).fill(`Answer ${i + 1}`);
      await expect(dialog.getByText(REQUIRED, { exact: true })).toHaveCount(2);
      await dialog.getByRole("textbox", { name: hobbies }).fill("r");
      await expect(dialog.getByText(REQUIRED, { exact: true })).toHaveCount(1);

      // Chips, by Enter or the Add button on every width: trimmed, empty and repeated entries left out, removable.
      await addChip(page, dialog, hobbies, "  reading  ", "enter");
      await addChip(page, dialog, hobbies, "reading", "enter");
      await addChip(page, dialog, hobbies, "   ", "enter");
      await addChip(page, dialog, hobbies, " cricket ", "button");
      await addChip(page, dialog, hobbies, "cricket", "button");
      await addChip(page, dialog, hobbies, "hiking");
      await expect(chips(dialog, hobbies)).toHaveText(["reading", "cricket", "hiking"]);
      await expect(dialog.getByRole("textbox", { name: hobbies })).toHaveValue("");
      await dialog.getByRole("button", { name: "Remove reading" }).click();
      await expect(chips(dialog, hobbies)).toHaveText(["cricket", "hiking"]);
      // An entry typed with commas shows as the chips it is stored as; one left in the box becomes a chip on leaving it.
      await addChip(page, dialog, books, "Man's Search, for Meaning");
      await expect(chips(dialog, books)).toHaveText(["Man's Search", "for Meaning"]);
      await dialog.getByRole("textbox", { name: hobbies }).fill("calligraphy");
      await dialog.getByRole("textbox", { name: hobbies }).press("Tab");
      await expect(chips(dialog, hobbies)).toHaveText(["cricket", "hiking", "calligraphy"]);

      // Back keeps step 1 as it was; Next returns to the answers as they were.
      await dialog.getByRole("button", { name: "Back" }).click();
      for (const [label, value] of Object.entries(STEP1)) await expect(dialog.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(dialog.getByLabel("Blood group (optional)")).toHaveValue("O+");
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByRole("textbox", { name: site.joinQuestions[1] })).toHaveValue("Answer 2");
      await expect(chips(dialog, books)).toHaveText(["Man's Search", "for Meaning"]);

      // An entry typed just before Join Us is sent too. The answer is held until the pending state has been seen.
      await dialog.getByRole("textbox", { name: books }).fill("Bang-e-Dra");
      const answer = await holdRequests(page, "**/join.data");
      await dialog.getByRole("button", { name: "Join Us" }).click();
      await expect(page.getByText("Processing...", { exact: true })).toBeVisible();
      await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
      await expect(dialog.getByRole("button", { name: "Join Us" })).toBeDisabled();
      answer.release();
      await expect(dialog).toBeHidden();
      await expectToastShown(page, THANKS);
      await expect(page.getByText("Processing...", { exact: true })).toHaveCount(0);
      const rows = await database.db.selectFrom("applications").selectAll().execute();
      expect(rows).toMatchObject([{ fullname: "Ayesha Khan", email: "ayesha.khan@example.org", bloodGroup: "O+" }]);
      expect(parseAnswers(rows[0]!.answers).map((entry) => entry.answer)).toEqual([
        "Answer 1",
        "Answer 2",
        "Answer 3",
        "Answer 4",
        "cricket, hiking, calligraphy",
        "Bang-e-Dra, Man's Search, for Meaning",
      ]);

      // Opened again, the form is fresh.
      dialog = await openJoinForm(page);
      await expect(dialog.getByLabel("Full name", { exact: true })).toHaveValue("");
      await fillStep1(dialog);
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByRole("textbox", { name: site.joinQuestions[0] })).toHaveValue("");
      await expect(dialog.getByRole("list", { name: `${hobbies}: entries` })).toHaveCount(0);
    },
  );

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 403/] });
    test("a refused submission says the server's reason, in a toast and in the form, and keeps the dialog open with the values", async ({
      page,
      site,
      seed,
      database,
    }) => {
      await keepToasts(page);
      await page.goto("/");
      const dialog = await openJoinForm(page);
      await fillStep1(dialog);
      await dialog.getByRole("button", { name: "Next" }).click();
      for (let i = 0; i < 4; i++) await dialog.getByRole("textbox", { name: site.joinQuestions[i] }).fill(`Answer ${i + 1}`);
      await addChip(page, dialog, site.joinQuestions[4]!, "reading");
      await addChip(page, dialog, site.joinQuestions[5]!, "Bang-e-Dra");
      await seed.joinUsVisible(false); // the admin closes applications while this visitor writes
      await dialog.getByRole("button", { name: "Join Us" }).click();
      await expect(dialog.getByText("Applications are closed at the moment.", { exact: true })).toBeVisible();
      await expectToastShown(page, "Applications are closed at the moment.");
      await expect(page.getByText("Something went wrong while submitting. Try again.", { exact: true })).toHaveCount(0);
      await expect(dialog.getByRole("textbox", { name: site.joinQuestions[0] })).toHaveValue("Answer 1");
      await expect(chips(dialog, site.joinQuestions[4]!)).toHaveText(["reading"]);
      await expect(dialog.getByRole("button", { name: "Join Us" })).toBeEnabled();
      expect(await database.db.selectFrom("applications").selectAll().execute()).toHaveLength(0);
    });
  });
});
