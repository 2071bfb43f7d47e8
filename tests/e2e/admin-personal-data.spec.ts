import { mailOutboxRepo } from "#server/repos/mail-outbox.ts";
import { expect, test } from "./fixtures";
import { goToAdminSection } from "./menus";

/**
 * /admin/personal-data as an owner uses it: a shorter retention period, asked about first, deletes what is older at
 * once; erasing everything held for an address, found first and confirmed. What each takes away (every copy, the
 * daily sweep, the audit) is server/services/personal-data.test.ts's and tests/integration/personal-data.test.ts's.
 */

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 3600_000);

test.afterEach(async ({ database }) => {
  await database.db.updateTable("settings").set({ retentionMonths: 24, retentionSweptAt: null }).execute();
});

test("personal data: a shorter retention period deletes at once after asking; erase by email finds, confirms and erases", async ({
  page,
  seed,
  database,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await database.db.updateTable("settings").set({ retentionMonths: 24 }).execute();
  const email = "hina.erase@example.org";
  const hina = await seed.application({ fullname: "Hina Erase", email, createdAt: monthsAgo(11) });
  await seed.application({ fullname: "Hina Erase", email, createdAt: monthsAgo(1) });
  await seed.application({ fullname: "Thirteen Months Ago", createdAt: monthsAgo(13) });
  // The request's notification mail as the join form queues it, due in an hour (so the worker leaves it waiting).
  await mailOutboxRepo(database.db).enqueue(
    "join",
    { replyTo: { name: "Hina", address: email }, params: { email } },
    new Date(Date.now() + 3600_000),
    hina,
  );

  await page.goto("/admin");
  await goToAdminSection(page, "Personal data");
  await expect(page.getByRole("heading", { name: "Personal data", level: 1 })).toBeVisible();
  const retention = page.getByLabel("Keep join requests, contact messages and registrations for");
  await expect(retention).toHaveValue("24");
  await retention.selectOption("12 months");
  await page.getByRole("button", { name: "Save" }).click();
  // Shorter than before: it asks first, and Cancel changes nothing.
  const shorter = page.getByRole("alertdialog", { name: "Keep requests, messages and registrations for 12 months only?" });
  await shorter.getByRole("button", { name: "Cancel" }).click();
  await expect(shorter).toBeHidden();
  await page.getByRole("button", { name: "Save" }).click();
  await shorter.getByRole("button", { name: "Save and delete" }).click();
  await expect(
    page.getByText(
      "Deleted 1 request, 0 messages, 0 registrations, 0 blood donors, 0 members, 0 certificates and 0 mails older than that.",
      {
        exact: true,
      },
    ),
  ).toBeVisible();

  const address = page.getByLabel("Email address");
  await address.fill("not an address");
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText("Enter an email address", { exact: true })).toBeVisible();
  await address.fill(` ${email.toUpperCase()} `);
  await page.getByRole("button", { name: "Find" }).click();
  await expect(
    page.getByText(`Held for ${email}: 2 requests, 0 messages, 0 registrations, 0 blood donors, 0 members, 0 certificates and 1 mail.`, {
      exact: true,
    }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Erase all" }).click();
  await page
    .getByRole("alertdialog", { name: `Erase everything held for ${email}?` })
    .getByRole("button", { name: "Erase" })
    .click();
  await expect(
    page.getByText(
      `Erased 2 requests, 0 messages, 0 registrations, 0 blood donors, 0 members, 0 certificates and 1 mail held for ${email}.`,
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Find" }).click();
  await expect(page.getByText(`Nothing is held for ${email}.`, { exact: true })).toBeVisible();

  await page.reload();
  await expect(retention).toHaveValue("12");
});
