import type { Locator, Page } from "@playwright/test";
import { type CaughtMailFile, expect, header, type Mailbox, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { expectPanel, signInThroughForm } from "./sign-in";
import { adminNav } from "./menus";

/**
 * Admin accounts (docs/operations.md, "The admins"): an Owner lists, invites, changes the role of, disables and
 * removes admins at /admin/accounts; an Editor does not reach the Owners' pages; "Forgot password?" mails a link that
 * sets a new password once. The mails are the ones the worker's SMTP catcher received (tests/e2e/e2e-server.ts), and
 * each person is a browser of their own (the Owner the test's page, the Editor or the invitee `anotherBrowser()`). The
 * rules (links, roles, the last Owner, sessions ended) are server/auth/accounts.server.test.ts.
 */

/** An Editor the tests seed; the password passes the site's rules. */
const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;
/** A password the rules accept, and one on the list of common and breached passwords. */
const GOOD_PASSWORD = "tiger lily gravel";
const BREACHED_PASSWORD = "password1";

const BREACHED_PASSWORD_MESSAGE = "This password is on a list of common and breached passwords. Choose another one.";
const OWNERS_ONLY_MESSAGE = "Only an Owner can open this page or make this change.";
const LINK_GONE = "This link has expired or was already used.";
const SESSION_ENDED = "Your session has ended. Please log in again.";
const RESET_ON_ITS_WAY = "If an admin account has that address, a link to reset its password is on its way. It works once, for 30 minutes.";
const PASSWORD_CHANGED = "Your password is changed. Sign in with it now.";
const LAST_OWNER = "The site needs an Owner who can sign in: make another admin an Owner first.";
/** formatSiteTime's "23 November 2026 at 15:04". */
const SITE_TIME = /^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The mail the catcher received for `address` (waiting for it). */
async function mailTo(mailbox: Mailbox, address: string): Promise<CaughtMailFile> {
  await expect.poll(() => mailbox.all().some((mail) => mail.envelopeTo.includes(address))).toBe(true);
  return mailbox.all().find((mail) => mail.envelopeTo.includes(address))!;
}

/** The single-use link to `path` in `mail`, as the mail has it (the site's PUBLIC_URL is the worker's server). */
function linkIn(mail: CaughtMailFile, origin: string, path: string): string {
  const link = new RegExp(`${escapeRegExp(origin)}${escapeRegExp(path)}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  expect(link, `a link to ${path} in the mail:\n${mail.text}`).toBeDefined();
  return link!;
}

const accountList = (page: Page) => page.getByRole("list", { name: "Admin accounts" });
/** The list entry of the admin whose name or email is `who`. */
const accountRow = (page: Page, who: string) => accountList(page).getByRole("listitem").filter({ hasText: who });
/** What an entry says after `term` (Role, Two-factor, Last sign-in, Access). */
const detail = (row: Locator, term: string) =>
  row.locator("dt", { hasText: new RegExp(`^${escapeRegExp(term)}$`) }).locator("xpath=following-sibling::dd[1]");

/** The admin navigation's sections only an Owner sees. */
const OWNER_SECTIONS = ["Mail", "Certificates", "Personal data", "Accounts", "Audit log"] as const;
const sectionLink = (page: Page, name: string) => adminNav(page).getByRole("link", { name, exact: true });

async function changeRole(page: Page, who: string, role: "Owner" | "Editor") {
  const row = accountRow(page, who);
  await row.getByLabel(`Role of ${who}`).selectOption({ label: role });
  await row.getByRole("button", { name: "Change role" }).click();
}

test.describe("admin accounts", () => {
  // Refusals are 4xx answers, which Chromium reports on the console: a refused password (400), an address already an
  // admin's (409), a change that would leave no Owner (409), an Editor at an Owner's page (403).
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|403|409)/] });

  test("an Owner invites an Editor and an Owner, revokes the Owner's invitation; the Editor accepts through the mailed link, refused a breached password at its field, and is listed; the link is then used", async ({
    page,
    site,
    mailbox,
    baseURL,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    const invitee = { name: "Sara Khan", email: "sara.khan@example.org" };
    await signInAsAdmin();
    await page.goto("/admin");
    await sectionLink(page, "Accounts").click();
    await expect(page).toHaveURL(/\/admin\/accounts$/);
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    // The signed-in Owner has no name: the email heads the entry.
    const owner = accountList(page).getByRole("listitem").first();
    await expect(owner).toContainText(`${E2E_ADMIN.email} (you)`);
    await expect(detail(owner, "Role")).toHaveText("Owner");
    await expect(detail(owner, "Two-factor")).toHaveText("Off");
    await expect(detail(owner, "Last sign-in")).toHaveText("Never");

    const form = page.getByRole("form", { name: "Invite admin" });
    await expect(form.getByLabel("Role")).toHaveValue("editor");
    // An address that already has an account is refused at the field.
    await form.getByLabel("Email").fill(E2E_ADMIN.email);
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(form.getByText("An admin with this email already exists", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    const invitations = page.getByRole("list", { name: "Open invitations" });
    await form.getByLabel("Email").fill("bilal.owner@example.org");
    await form.getByLabel("Role").selectOption({ label: "Owner" });
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(invitations).toContainText("bilal.owner@example.org, Owner, until");
    await expect(form.getByLabel("Email")).toHaveValue("");
    await form.getByLabel("Email").fill(invitee.email);
    await form.getByLabel("Role").selectOption({ label: "Editor" });
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent", { exact: true }).first()).toBeVisible();
    await expect(invitations.getByRole("listitem")).toHaveText([
      new RegExp(`^${escapeRegExp(invitee.email)}, Editor, until \\d{1,2} [A-Z][a-z]+ \\d{4} at \\d{2}:\\d{2}Revoke$`),
      /^bilal\.owner@example\.org, Owner, until/,
    ]);

    await invitations.getByRole("listitem").filter({ hasText: "bilal.owner@example.org" }).getByRole("button", { name: "Revoke" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Revoke this invitation?" });
    await expect(dialog).toContainText("The link sent to bilal.owner@example.org stops working.");
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(page.getByText("Invitation revoked", { exact: true })).toBeVisible();
    await expect(invitations.getByRole("listitem")).toHaveCount(1);

    const mail = await mailTo(mailbox, invitee.email);
    expect(header(mail, "subject")).toBe(`You are invited to run the ${site.shortName} website`);
    expect(mail.text).toContain(`${E2E_ADMIN.email} invited you to help run the ${site.shortName} website as Editor.`);
    const link = linkIn(mail, baseURL!, "/admin/invitation");

    const theirs = await anotherBrowser();
    await theirs.goto(link);
    await expect(theirs.getByRole("heading", { name: "Accept the invitation", level: 1 })).toBeVisible();
    await expect(theirs.getByText("You are invited to run this site as Editor. Choose your name and password.")).toBeVisible();
    await expect(theirs.getByText(invitee.email)).toBeVisible();
    await theirs.getByLabel("Your name").fill(invitee.name);
    const password = theirs.getByLabel("Password", { exact: true });
    await password.fill(BREACHED_PASSWORD);
    await theirs.getByLabel("Confirm Password").fill(BREACHED_PASSWORD);
    await theirs.getByRole("button", { name: "Create my account" }).click();
    await expect(theirs.getByText(BREACHED_PASSWORD_MESSAGE, { exact: true })).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAccessibleDescription(new RegExp(escapeRegExp(BREACHED_PASSWORD_MESSAGE)));
    await expect(theirs.getByLabel("Your name")).toHaveValue(invitee.name);
    await password.fill(GOOD_PASSWORD);
    await theirs.getByLabel("Confirm Password").fill(GOOD_PASSWORD);
    await theirs.getByLabel("Confirm Password").press("Enter");
    await expectPanel(theirs);

    // The Owner's list has the new Editor, just signed in, and no invitation waits any more.
    await page.reload();
    const row = accountRow(page, invitee.name);
    await expect(row).toContainText(invitee.email);
    await expect(detail(row, "Role")).toHaveText("Editor");
    await expect(detail(row, "Last sign-in")).toHaveText(SITE_TIME);
    await expect(page.getByRole("list", { name: "Open invitations" })).toHaveCount(0);

    await theirs.goto(link);
    await expect(theirs.getByText(`${LINK_GONE} Ask an Owner of the site to invite you again.`, { exact: true })).toBeVisible();
    await expect(theirs.getByLabel("Your name")).toHaveCount(0);
  });

  test("the Owner changes the Editor's role and the Editor's navigation follows; disables, enables and removes the account, whose session ends", async ({
    page,
    seed,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    await seed.admin(EDITOR);
    await signInAsAdmin();
    const editorPage = await anotherBrowser();
    await signInAsAdmin({ email: EDITOR.email, context: editorPage.context() });
    await editorPage.goto("/admin");
    await expect(sectionLink(editorPage, "Site content")).toBeVisible();
    for (const name of OWNER_SECTIONS) await expect(sectionLink(editorPage, name)).toHaveCount(0);
    // An Owner's page says so to an Editor, and leads back.
    await editorPage.goto("/admin/accounts");
    await expect(editorPage.getByRole("heading", { name: "Owners only", level: 1 })).toBeVisible();
    await expect(editorPage.getByText(OWNERS_ONLY_MESSAGE, { exact: true })).toBeVisible();
    await editorPage.getByRole("link", { name: "Back to the admin panel" }).click();
    await expect(editorPage).toHaveURL(/\/admin$/);

    await page.goto("/admin/accounts");
    const editor = accountRow(page, EDITOR.name);
    await expect(editor).toContainText(EDITOR.email);
    await expect(detail(editor, "Role")).toHaveText("Editor");
    await expect(detail(editor, "Access")).toHaveCount(0);
    await expect(editor.getByLabel(`Role of ${EDITOR.name}`)).toHaveValue("editor");
    // Nothing to change until another role is chosen.
    await expect(editor.getByRole("button", { name: "Change role" })).toBeDisabled();
    // The only Owner may not make itself an Editor: the site would have no Owner left.
    await changeRole(page, E2E_ADMIN.email, "Editor");
    await expect(page.getByText(LAST_OWNER, { exact: true })).toBeVisible();

    await changeRole(page, EDITOR.name, "Owner");
    await expect(page.getByText("Role changed", { exact: true })).toBeVisible();
    await expect(detail(editor, "Role")).toHaveText("Owner");
    await editorPage.reload();
    for (const name of OWNER_SECTIONS) await expect(sectionLink(editorPage, name)).toBeVisible();
    // The first change's toast may still be showing: the list says this one is done.
    await changeRole(page, EDITOR.name, "Editor");
    await expect(detail(editor, "Role")).toHaveText("Editor");
    await editorPage.reload();
    for (const name of OWNER_SECTIONS) await expect(sectionLink(editorPage, name)).toHaveCount(0);

    await editor.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByText("Account disabled: its sessions have ended", { exact: true })).toBeVisible();
    await expect(detail(editor, "Access")).toHaveText("Disabled");
    await expect(editor.getByRole("button", { name: "Disable" })).toHaveCount(0);
    await sectionLink(editorPage, "Site content").click();
    await expect(editorPage).toHaveURL(/\/admin\?ended=1&next=%2Fadmin%2Fcontent$/);
    await expect(editorPage.getByText(SESSION_ENDED, { exact: true })).toBeVisible();
    await editor.getByRole("button", { name: "Enable" }).click();
    await expect(page.getByText("Account enabled", { exact: true })).toBeVisible();
    await expect(detail(editor, "Access")).toHaveCount(0);
    await signInThroughForm(editorPage, EDITOR, { goto: false });
    await expect(editorPage).toHaveURL(/\/admin\/content$/);

    // Remove asks first: the dialog keeps the keyboard's focus, and Escape keeps the account.
    const remove = editor.getByRole("button", { name: "Remove" });
    await remove.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Remove this admin?" });
    await expect(dialog).toContainText(`${EDITOR.name} can no longer sign in, and every session of the account ends now.`);
    const [cancel, confirm] = [dialog.getByRole("button", { name: "Cancel" }), dialog.getByRole("button", { name: "Remove" })];
    // The safe answer has the focus; Tab and Shift+Tab go round the dialog's two buttons and never leave it.
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(remove).toBeFocused();
    await expect(accountList(page).getByRole("listitem")).toHaveCount(2);

    await page.keyboard.press("Enter");
    await expect(cancel).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByText("Account removed", { exact: true })).toBeVisible();
    await expect(accountList(page).getByRole("listitem")).toHaveCount(1);
    await editorPage.reload();
    await expect(editorPage.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(editorPage.getByText(SESSION_ENDED, { exact: true })).toBeVisible();
  });
});

test.describe("forgot password", () => {
  test("the login's 'Forgot password?' mails a link; the new password set there signs the other device out and signs in; the link works once", async ({
    page,
    site,
    mailbox,
    baseURL,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    // The admin is still signed in on another device.
    const otherDevice = await anotherBrowser();
    await signInAsAdmin({ context: otherDevice.context() });

    await page.goto("/admin");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/admin\/forgot-password$/);
    await expect(page.getByRole("heading", { name: "Forgot password", level: 1 })).toBeVisible();
    await page.getByLabel("Email").fill(E2E_ADMIN.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(RESET_ON_ITS_WAY, { exact: true })).toBeVisible();

    const mail = await mailbox.waitFor("/admin/reset-password?token=");
    expect(mail.envelopeTo).toEqual([E2E_ADMIN.email]);
    expect(header(mail, "subject")).toBe(`Reset your password for the ${site.shortName} website`);
    const link = linkIn(mail, baseURL!, "/admin/reset-password");

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password", level: 1 })).toBeVisible();
    await page.getByLabel("New Password", { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel("Confirm New Password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Save password" }).click();
    await expect(page.getByText(PASSWORD_CHANGED, { exact: true })).toBeVisible();

    // Every session of the account has ended: the other device's next page is the login.
    await otherDevice.goto("/admin");
    await expect(otherDevice.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(otherDevice.getByText(SESSION_ENDED, { exact: true })).toBeVisible();

    await page.getByRole("link", { name: "Go to the login" }).click();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await signInThroughForm(page, { email: E2E_ADMIN.email, password: GOOD_PASSWORD }, { goto: false });
    await expectPanel(page);

    await page.goto(link);
    await expect(page.getByText(LINK_GONE, { exact: true })).toBeVisible();
    await expect(page.getByLabel("New Password", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/admin/forgot-password");
  });
});
