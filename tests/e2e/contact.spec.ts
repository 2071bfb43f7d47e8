import { holdChunk, holdRequests } from "./chunks";
import { expect, readyContactForm, test } from "./fixtures";
import { expectToastShown, keepToasts } from "./toasts-shown";

/**
 * SPEC 2 "Contact", 4, 5 and 8: the contact form as a visitor uses it. Its messages and limits are core/schemas/
 * join.test.ts's and tests/integration/join-and-contact.test.ts's; what is stored and mailed,
 * server/services/contact-messages.test.ts's.
 */

// The send that fails is refused by the browser's network, which it logs.
test.use({ allowedConsoleErrors: [/ERR_CONNECTION_REFUSED|Failed to load resource/] });

test("the contact form: an empty field says so once the toasts' code has come, a complete message is sent and thanked, a failed send keeps the fields", async ({
  page,
  database,
}) => {
  await keepToasts(page);
  const chunk = await holdChunk(page, "react-hot-toast");
  await page.goto("/#contact");
  await page.waitForLoadState("networkidle");
  expect(chunk.held, "nothing of the toasts with the page").toEqual([]);
  const form = await readyContactForm(page);
  await form.getByLabel("Name").fill("Sara Malik");
  await form.getByLabel("Email").fill("Sara@Example.org");
  await form.getByRole("button", { name: "Send Message" }).click();
  // The toast asked for before its code arrives shows once it has.
  await expect.poll(() => chunk.held.length).toBe(1);
  await expect(page.getByText("Please fill all fields", { exact: true })).toHaveCount(0);
  chunk.release();
  await expect(page.getByText("Please fill all fields", { exact: true })).toBeVisible();
  expect(await database.db.selectFrom("contactMessages").selectAll().execute()).toHaveLength(0);

  await form.getByLabel("Message").fill("When is the next study circle?");
  // The answer is held until the pending state has been seen (not for a fixed time a busy machine may outlast).
  const answer = await holdRequests(page, "**/contact.data");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
  answer.release();
  await expect(form.getByLabel("Message")).toHaveValue("");
  await expectToastShown(page, "Thank you for contacting us! Email sent successfully.");
  await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
  for (const label of ["Name", "Email"]) await expect(form.getByLabel(label)).toHaveValue("");
  const rows = await database.db.selectFrom("contactMessages").selectAll().execute();
  expect(rows).toMatchObject([{ name: "Sara Malik", email: "sara@example.org", message: "When is the next study circle?" }]);

  await page.route("**/contact.data", (route) => route.abort("connectionrefused"));
  await form.getByLabel("Name").fill("Sara Malik");
  await form.getByLabel("Email").fill("sara@example.org");
  await form.getByLabel("Message").fill("Hello");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToastShown(page, "Something went wrong while sending the email.");
  await expect(form.getByLabel("Message")).toHaveValue("Hello");
});

test("the contact form's code comes as the visitor nears it, not with the home page; until then the form is the server's", async ({
  page,
}) => {
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const form = page.getByRole("form", { name: "Contact form" });
  await expect(form.getByRole("button", { name: "Send Message" })).toBeAttached();
  await expect(form, "no form code with the top of the page").not.toHaveAttribute("data-hydrated");
  const code = await holdRequests(page, /\/assets\/[\w-]+\.js$/);
  await form.scrollIntoViewIfNeeded();
  await expect.poll(() => code.held.length).toBeGreaterThan(0);
  await expect(form).not.toHaveAttribute("data-hydrated");
  code.release();
  await expect(form).toHaveAttribute("data-hydrated", "");
});
