import { expect, test } from "./fixtures";
import { goToAdminSection } from "./menus";

/** The Owners' audit log (docs/operations.md, "Audit trail"): from the admin navigation, each change with who and when, filtered. */
test("an Owner switches Join Us off, finds the change in the audit log from the admin navigation, and filters by action", async ({
  page,
  signInAsAdmin,
}) => {
  await signInAsAdmin();
  await page.goto("/admin");
  await page.getByRole("switch", { name: "Hide Join Us Form" }).click();
  await expect(page.getByText("Toggled successfully", { exact: true })).toBeVisible();
  await expect(page.getByRole("switch", { name: "Show Join Us Form" })).not.toBeChecked();
  await goToAdminSection(page, "Audit log");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const entries = page.getByRole("list", { name: "Audit entries" });
  await expect(entries.getByText("join-us.toggle", { exact: false }).first()).toBeVisible();
  await expect(entries.getByText(/^Network [0-9a-f]{8}$/).first()).toBeVisible();

  const filter = page.getByRole("form", { name: "Filter the audit log" });
  await filter.getByLabel("Action").selectOption("join-us.toggle");
  await filter.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/action=join-us\.toggle/);
  await expect(page.getByRole("heading", { name: "Entries (1)" })).toBeVisible();
  await expect(entries.getByTestId("audit-entry")).toHaveCount(1);
  await expect(entries.getByText("join-us.toggle", { exact: false })).toHaveCount(1);
});
