import type { Page } from "@playwright/test";
import { holdChunk, holdRequests } from "./chunks";
import { expect, test } from "./fixtures";
import { PUBLIC_FORM_LIMIT } from "../../server/services/public-submissions";
import { siteOrigin } from "../../scripts/lib/production-server";
import { contactMessage, formBody } from "../integration/helpers/forms";

/** SPEC 2 "Contact", 4, 5 and 8: the contact form. */

const contactForm = (page: Page) => page.getByRole("form", { name: "Contact form" });

test.describe("the contact form", () => {
  test("any empty field gives 'Please fill all fields' and sends nothing", async ({ page, database }) => {
    await page.goto("/#contact");
    const form = contactForm(page);
    await form.getByLabel("Name").fill("Sara Malik");
    await form.getByLabel("Email").fill("sara@example.org");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please fill all fields", { exact: true })).toBeVisible();
    expect(await database.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(0);
  });

  test("the toasts' code comes when the form is used, not with the page; a toast asked for before it arrives still shows", async ({
    page,
  }) => {
    const chunk = await holdChunk(page, "react-hot-toast");
    await page.goto("/#contact");
    await page.waitForLoadState("networkidle");
    expect(chunk.held, "nothing of the toasts with the page").toEqual([]);

    await contactForm(page).getByRole("button", { name: "Send Message" }).click();
    await expect.poll(() => chunk.held.length).toBe(1);
    await expect(page.getByText("Please fill all fields", { exact: true })).toHaveCount(0);
    chunk.release();
    await expect(page.getByText("Please fill all fields", { exact: true })).toBeVisible();
  });

  test("a complete message: spinner and disabled button while sending, then the thanks, cleared fields, and the mail", async ({
    page,
    database,
    mailbox,
    expectNoAxeViolations,
  }) => {
    await page.goto("/#contact");
    const form = contactForm(page);
    await form.getByLabel("Name").fill("Sara Malik");
    await form.getByLabel("Email").fill("Sara@Example.org");
    await form.getByLabel("Message").fill("When is the next study circle?");
    // The answer is held until the pending state has been seen (not for a fixed time a busy machine may outlast).
    const answer = await holdRequests(page, "**/contact.data");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
    answer.release();
    await expect(page.getByText("Thank you for contacting us! Email sent successfully.", { exact: true })).toBeVisible();
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const label of ["Name", "Email", "Message"]) await expect(form.getByLabel(label)).toHaveValue("");
    const rows = await database.db.selectFrom("contact_messages").selectAll().execute();
    expect(rows).toMatchObject([{ name: "Sara Malik", email: "sara@example.org", message: "When is the next study circle?" }]);
    const mail = await mailbox.waitFor("Name: Sara Malik");
    expect(mail.text).toContain("Message: When is the next study circle?");
    expect(mail.headers).toContainEqual(["reply-to", "Sara Malik <sara@example.org>"]);
    await expectNoAxeViolations(page);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|Failed to load resource/] });
    test("a failed send says 'Something went wrong while sending the email.' and keeps the fields", async ({ page }) => {
      await page.goto("/#contact");
      const form = contactForm(page);
      await form.getByLabel("Name").fill("Sara Malik");
      await form.getByLabel("Email").fill("sara@example.org");
      await form.getByLabel("Message").fill("Hello");
      await page.route("**/contact.data", (route) => route.abort("connectionrefused"));
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText("Something went wrong while sending the email.", { exact: true })).toBeVisible();
      await expect(form.getByLabel("Message")).toHaveValue("Hello");
    });
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 429/] });
    test("past the per-address limit the toast says how long to wait, and the message is kept", async ({ page, database, baseURL }) => {
      for (let i = 0; i < PUBLIC_FORM_LIMIT.limit; i++) {
        const body = formBody("/contact", contactMessage());
        const sent = await page.request.post("/contact", {
          headers: { ...siteOrigin(baseURL!), "Content-Type": "application/x-www-form-urlencoded" },
          data: body.toString(),
        });
        expect(sent.status()).toBe(200);
      }
      await page.goto("/#contact");
      const form = contactForm(page);
      await form.getByLabel("Name").fill("Sara Malik");
      await form.getByLabel("Email").fill("sara@example.org");
      await form.getByLabel("Message").fill("One too many");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByText(/^Too many messages from your network\. Please try again in (9|10) minutes\.$/)).toBeVisible();
      await expect(form.getByLabel("Message")).toHaveValue("One too many");
      expect(await database.db.selectFrom("contact_messages").selectAll().execute()).toHaveLength(PUBLIC_FORM_LIMIT.limit);
    });
  });
});
