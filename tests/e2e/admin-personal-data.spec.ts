import fs from "node:fs";
import path from "node:path";
import { createLogger } from "../../server/logger";
import { mailFiles } from "../../server/mail/mail-files";
import { mailOutboxRepo } from "../../server/repos/mail-outbox";
import { personalDataService, recordEraser } from "../../server/services/personal-data";
import { expect, test } from "./fixtures";

/**
 * /admin/personal-data: how long requests and messages are kept, and erasing everything held for one email address.
 * The "clock" of retention is the requests' age (they are seeded as old as each test needs), and for the daily sweep
 * the time the test hands it.
 */

const monthsAgo = (months: number) => new Date(Date.now() - months * 31 * 24 * 3600_000);

/** `email` on its own, not as the end or start of a longer address. */
const addressPattern = (email: string) => new RegExp(`(?<![A-Za-z0-9._%+-])${email.replace(/[.]/g, "\\.")}(?![A-Za-z0-9.-])`, "i");

test.describe("personal data", () => {
  test.beforeEach(async ({ signInAsAdmin, database }) => {
    await signInAsAdmin();
    await database.db.updateTable("settings").set({ retention_months: 24 }).execute();
  });
  test.afterEach(async ({ database }) => {
    await database.db.updateTable("settings").set({ retention_months: 24, retention_swept_at: null }).execute();
  });

  test("the daily sweep, on the test's clock: a request inside the period stays; a month on, past it, it is gone from the panel", async ({
    page,
    seed,
    database,
    server,
  }) => {
    await seed.application({ fullname: "Twenty Three Months Ago", createdAt: monthsAgo(23) });
    const logger = createLogger("silent");
    const files = mailFiles(server.dataDir);
    const sweeper = personalDataService({
      db: database.db,
      mailFiles: files,
      erase: recordEraser({ db: database.db, mailFiles: files, logger }),
      logger,
    });
    const listed = async () => {
      await page.goto("/admin");
      return page.getByRole("article", { name: "Twenty Three Months Ago" });
    };
    // Today's sweep (the server's own may have run already: the day starts over for the test).
    await database.db.updateTable("settings").set({ retention_swept_at: null }).execute();
    const today = new Date();
    await sweeper.sweepDaily(today);
    await expect(await listed()).toBeVisible();

    const aMonthLater = new Date(today.getTime() + 31 * 24 * 3600_000);
    await sweeper.sweepDaily(aMonthLater);
    await expect(await listed()).toHaveCount(0);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("detail")
      .where("action", "=", "retention.sweep")
      .orderBy("at", "desc")
      .executeTakeFirst();
    expect(audit?.detail).toBe("requests=1 messages=0 registrations=0 mails=0");
  });

  test("a shorter retention period deletes at once the requests older than it; the panel no longer lists them", async ({
    page,
    seed,
    expectNoAxeViolations,
  }) => {
    await seed.application({ fullname: "Thirteen Months Ago", createdAt: monthsAgo(13) });
    await seed.application({ fullname: "Eleven Months Ago", createdAt: monthsAgo(11) });
    await page.goto("/admin");
    await page.getByRole("link", { name: "Personal data" }).click();
    await expect(page.getByRole("heading", { name: "Personal data", level: 1 })).toBeVisible();
    const retention = page.getByLabel("Keep join requests, contact messages and registrations for");
    await expect(retention).toHaveValue("24");
    await expectNoAxeViolations(page);

    await retention.selectOption("12 months");
    await page.getByRole("button", { name: "Save" }).click();
    // Shorter than before: it asks first, and Cancel changes nothing.
    const confirm = page.getByRole("alertdialog", { name: "Keep requests, messages and registrations for 12 months only?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Save and delete" }).click();
    await expect(
      page.getByText("Deleted 1 request, 0 messages, 0 registrations and 0 mails older than that.", { exact: true }),
    ).toBeVisible();
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Panel - All Requests (1)", level: 1 })).toBeVisible();
    await expect(page.getByRole("article", { name: "Eleven Months Ago" })).toBeVisible();

    await page.goto("/admin/personal-data");
    await expect(page.getByLabel("Keep join requests, contact messages and registrations for")).toHaveValue("12");
  });

  test("erase by email: what is held is listed, then after a confirmation no table and no file under DATA_DIR holds the address", async ({
    page,
    seed,
    database,
    server,
    expectNoAxeViolations,
  }) => {
    const email = "hina.erase@example.org";
    const first = await seed.application({ fullname: "Hina Erase", email });
    await seed.application({ fullname: "Hina Erase", email });
    await seed.application({ fullname: "Someone Else", email: `a.${email}` });
    // The request's notification mail as the join form queues it, due in an hour (so the worker leaves it waiting).
    await mailOutboxRepo(database.db).enqueue(
      "join",
      { replyTo: { name: "Hina Erase", address: email }, params: { email } },
      new Date(Date.now() + 3600_000),
      first,
    );

    await page.goto("/admin/personal-data");
    await page.getByLabel("Email address").fill(` ${email.toUpperCase()} `);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText(`Held for ${email}: 2 requests, 0 messages, 0 registrations and 1 mail.`, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Erase all" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Erase everything held for ${email}?` });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Erase" }).click();
    await expect(
      page.getByText(`Erased 2 requests, 0 messages, 0 registrations and 1 mail held for ${email}.`, { exact: true }),
    ).toBeVisible();

    const pattern = addressPattern(email);
    for (const table of ["applications", "application_activity", "contact_messages", "mail_outbox", "audit_log", "rate_limits"] as const) {
      const rows = await database.db.selectFrom(table).selectAll().execute();
      expect(
        rows.filter((row) => pattern.test(JSON.stringify(row))),
        table,
      ).toEqual([]);
    }
    // The test's own SMTP catcher keeps what the society's mailbox received under DATA_DIR/caught-mail: not the site's.
    const files = fs
      .readdirSync(server.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.parentPath.startsWith(server.mailDir))
      .map((entry) => path.join(entry.parentPath, entry.name));
    expect(files.filter((file) => pattern.test(fs.readFileSync(file).toString("latin1")))).toEqual([]);
    const others = await database.db.selectFrom("applications").select("email").execute();
    expect(others).toEqual([{ email: `a.${email}` }]);

    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText(`Nothing is held for ${email}.`, { exact: true })).toBeVisible();
  });

  test("an address that is not one is refused at the field", async ({ page }) => {
    await page.goto("/admin/personal-data");
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("Enter an email address", { exact: true })).toBeVisible();
  });
});
