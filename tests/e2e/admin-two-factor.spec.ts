import type { Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";

/**
 * Two-factor sign-in (docs/operations.md, "Two-factor sign-in" and "Accounts (Owners)"): an admin sets it up under
 * Security with an authenticator app, signs in with the password and then the app's code or a recovery code, replaces
 * the recovery codes or turns it off with the password again; an Owner can require it of every admin. The test is the
 * admin's phone: it reads the key from the page and computes the app's codes with otpauth, as the app would.
 */

/** An Editor the tests seed; the password passes the site's rules. */
const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;

const PANEL_HEADING = "Admin Panel - All Requests (0)";
const WRONG_SIGN_IN_CODE = "That code is not right. Enter the current code from your app, or an unused recovery code.";
const WRONG_SETUP_CODE = "That code is not right. Check that the app shows this site's account, and enter its current code.";
const NOT_YOUR_PASSWORD = "That is not your password";
const TOO_MANY_CODES = "Too many wrong codes. Please sign in again in 15 minutes.";
const REQUIRED_NOTICE = "The site's Owners require two-factor sign-in. Set it up below to go on to the admin area.";
const OWN_FIRST = "Turn on your own two-factor sign-in first (under Security).";
/** xxxxx-xxxxx-xxxxx-xxxxx-xxxxx, in the recovery codes' alphabet (no 0, 1, i, l, o). */
const RECOVERY_CODE = /^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){4}$/;

const PERIOD_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / PERIOD_MS);
const codeAt = (secret: string, step: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * PERIOD_MS });

/**
 * The admin's authenticator app. The server takes a code of the 30-second step before, at or after its own, each step
 * once: the app gives the current step's code, and for a second code the next step's, which the server takes now and
 * during the next step alike (no waiting, whenever the step turns). Two codes per test and admin are all it gives.
 */
function authenticatorApp(secret: string) {
  let lastStep = -1;
  return {
    code(): string {
      const now = stepAt(Date.now());
      const step = Math.max(now, lastStep + 1);
      if (step > now + 1) throw new Error("a third code within one step: the server would not take it yet");
      lastStep = step;
      return codeAt(secret, step);
    },
    /** Six digits that are none of the codes the server might take around now. */
    wrongCode(): string {
      const now = stepAt(Date.now());
      const near = new Set([-2, -1, 0, 1, 2].map((delta) => codeAt(secret, now + delta)));
      return ["123456", "654321", "246802"].find((code) => !near.has(code))!;
    },
  };
}
type AuthenticatorApp = ReturnType<typeof authenticatorApp>;

const securitySection = (page: Page) => page.getByRole("region", { name: "Two-factor sign-in", exact: true });
const passwordAgainForm = (page: Page, name: "New recovery codes" | "Turn off two-factor sign-in") => page.getByRole("form", { name });

/** Reads the recovery codes shown once, after checking there are ten of the right form. */
async function shownRecoveryCodes(page: Page): Promise<string[]> {
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list.getByRole("listitem")).toHaveCount(10);
  const codes = await list.getByRole("listitem").allTextContents();
  for (const code of codes) expect(code).toMatch(RECOVERY_CODE);
  expect(new Set(codes).size).toBe(10);
  return codes;
}

/**
 * On the Security page with two factors off: sets them up as a person would (Set up, read the key, type the app's code,
 * Turn on), and leaves the page showing the recovery codes. Returns the app and the codes.
 */
async function setUpTwoFactor(page: Page): Promise<{ app: AuthenticatorApp; recoveryCodes: string[] }> {
  await securitySection(page).getByRole("button", { name: "Set up two-factor sign-in" }).click();
  const key = page.getByTestId("two-factor-secret");
  await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const app = authenticatorApp((await key.textContent())!.replace(/\s+/g, ""));
  await page.getByLabel("The 6-digit code the app shows").fill(app.code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByText("Two-factor sign-in is on.", { exact: true })).toBeVisible();
  return { app, recoveryCodes: await shownRecoveryCodes(page) };
}

/** Logout from the panel's toolbar. */
async function signOut(page: Page) {
  await page.goto("/admin");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
}

/** The login's first step, from /admin. */
async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

async function expectCodeRefused(page: Page) {
  const field = page.getByLabel("Code", { exact: true });
  await expect(page.getByText(WRONG_SIGN_IN_CODE, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(WRONG_SIGN_IN_CODE);
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
}

async function expectPanel(page: Page) {
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: PANEL_HEADING, level: 1 })).toBeVisible();
}

const accountRow = (page: Page, who: string) =>
  page.getByRole("list", { name: "Admin accounts" }).getByRole("listitem").filter({ hasText: who });
const twoFactorOf = (row: Locator) => row.locator("dt", { hasText: /^Two-factor$/ }).locator("xpath=following-sibling::dd[1]");

test.describe("two-factor sign-in", () => {
  // Refusals are 4xx answers, which Chromium reports on the console: a wrong code or password (400), a refused
  // requirement (409), too many codes (429).
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|409|429)/] });

  test(
    "Security sets it up: a QR code and the key to type, the app's code turns it on, and ten recovery codes are shown once",
    { tag: BOTH_WIDTHS },
    async ({ page, signInAsAdmin, expectNoAxeViolations }) => {
      await signInAsAdmin();
      await page.goto("/admin");
      await page.getByRole("link", { name: "Security", exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/security$/);
      await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
      const section = securitySection(page);
      await expect(section.getByTestId("two-factor-state")).toHaveText("Off.");

      await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
      const qr = section.getByRole("img", { name: "QR code of the two-factor key" });
      await expect(qr.locator("svg")).toBeVisible();
      const key = section.getByTestId("two-factor-secret");
      await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
      // The code and the key fit the screen whole: nothing to scroll sideways for, at the phone's width too.
      const width = page.viewportSize()!.width;
      for (const box of [await qr.boundingBox(), await key.boundingBox()]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);

      const app = authenticatorApp((await key.textContent())!.replace(/\s+/g, ""));
      const code = page.getByLabel("The 6-digit code the app shows");
      await code.fill("12345");
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect(section.getByText("Enter the 6-digit code from the app", { exact: true })).toBeVisible();
      await code.fill(app.wrongCode());
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect(section.getByText(WRONG_SETUP_CODE, { exact: true })).toBeVisible();
      await expect(code).toHaveAttribute("aria-invalid", "true");

      await code.fill(app.code());
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect(section.getByText("Two-factor sign-in is on.", { exact: true })).toBeVisible();
      await shownRecoveryCodes(page);
      await expect(qr).toHaveCount(0);
      await expectNoAxeViolations(page);

      await section.getByRole("button", { name: "I have saved them" }).click();
      await expect(section.getByTestId("two-factor-state")).toHaveText("On. 10 recovery codes left.");
      await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
      // Shown once: the page opened again does not show them.
      await page.reload();
      await expect(section.getByTestId("two-factor-state")).toHaveText("On. 10 recovery codes left.");
      await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
      await expect(section.getByTestId("two-factor-secret")).toHaveCount(0);
    },
  );

  test("signing in asks for the app's code after the password: other pages lead to the code screen, a wrong code is refused at its field, the right one opens the panel", async ({
    page,
    signInAsAdmin,
    expectNoAxeViolations,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/security");
    const { app } = await setUpTwoFactor(page);
    await signOut(page);

    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toBeFocused();
    await expectNoAxeViolations(page);

    // The password alone opens nothing else.
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/login\/code$/);

    await enterCode(page, app.wrongCode());
    await expectCodeRefused(page);
    await expectNoAxeViolations(page);

    await enterCode(page, app.code());
    await expectPanel(page);
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/messages$/);
  });

  test("a recovery code signs in once, typed in capitals without its dashes; the next time it is refused, and Security counts 9 left", async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/security");
    const { app, recoveryCodes } = await setUpTwoFactor(page);
    const [code] = recoveryCodes;
    await signOut(page);

    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await enterCode(page, code!.replaceAll("-", "").toUpperCase());
    await expectPanel(page);
    await signOut(page);

    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await enterCode(page, code!);
    await expectCodeRefused(page);
    await enterCode(page, app.code());
    await expectPanel(page);

    await page.getByRole("link", { name: "Security", exact: true }).click();
    await expect(securitySection(page).getByTestId("two-factor-state")).toHaveText("On. 9 recovery codes left.");
  });

  test("new recovery codes and turning it off ask for the password again: the old codes stop working, and once off the password alone signs in", async ({
    page,
    signInAsAdmin,
    expectNoAxeViolations,
  }) => {
    await signInAsAdmin();
    await page.goto("/admin/security");
    const { recoveryCodes: oldCodes } = await setUpTwoFactor(page);
    await page.getByRole("button", { name: "I have saved them" }).click();

    const renew = passwordAgainForm(page, "New recovery codes");
    await renew.getByLabel("Your password").fill("not my password");
    await renew.getByRole("button", { name: "New recovery codes" }).click();
    await expect(renew.getByText(NOT_YOUR_PASSWORD, { exact: true })).toBeVisible();
    await expect(renew.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await renew.getByLabel("Your password").fill(E2E_ADMIN.password);
    await renew.getByRole("button", { name: "New recovery codes" }).click();
    const newCodes = await shownRecoveryCodes(page);
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(securitySection(page).getByTestId("two-factor-state")).toHaveText("On. 10 recovery codes left.");
    await signOut(page);

    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await enterCode(page, oldCodes[0]!);
    await expectCodeRefused(page);
    await enterCode(page, newCodes[0]!);
    await expectPanel(page);

    await page.goto("/admin/security");
    await expect(securitySection(page).getByTestId("two-factor-state")).toHaveText("On. 9 recovery codes left.");
    const turnOff = passwordAgainForm(page, "Turn off two-factor sign-in");
    await turnOff.getByLabel("Your password").fill("not my password");
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(turnOff.getByText(NOT_YOUR_PASSWORD, { exact: true })).toBeVisible();
    await expect(securitySection(page).getByTestId("two-factor-state")).toHaveText("On. 9 recovery codes left.");
    await turnOff.getByLabel("Your password").fill(E2E_ADMIN.password);
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(page.getByText("Two-factor sign-in is off", { exact: true })).toBeVisible();
    await expect(securitySection(page).getByTestId("two-factor-state")).toHaveText("Off.");
    await signOut(page);

    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expectPanel(page);
  });

  test("the fifth wrong code says 'Too many' and the waiting sign-in ends", async ({ page, seed }) => {
    const { secret } = await seed.twoFactor();
    const app = authenticatorApp(secret);
    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    for (let i = 0; i < 4; i += 1) {
      await enterCode(page, app.wrongCode());
      await expectCodeRefused(page);
    }
    await enterCode(page, app.wrongCode());
    await expect(page.getByText(TOO_MANY_CODES, { exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Admin Login", level: 1 })).toBeVisible();
  });

  test("an Owner with two factors requires them of every admin: an Editor is sent to Security after the password, reaches nothing else, and gets in once set up", async ({
    page,
    seed,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    await seed.admin(EDITOR);
    await signInAsAdmin();
    await page.goto("/admin/accounts");
    const requirement = page.getByRole("region", { name: "Two-factor sign-in for everyone" });
    await expect(requirement.getByTestId("two-factor-required")).toHaveText("Not required: each admin chooses.");
    // Not before the Owner's own is on.
    await requirement.getByRole("button", { name: "Require it for every admin" }).click();
    await expect(page.getByText(OWN_FIRST, { exact: true })).toBeVisible();
    await page.reload();
    await expect(requirement.getByTestId("two-factor-required")).toHaveText("Not required: each admin chooses.");

    await page.goto("/admin");
    await page.getByRole("link", { name: "Security", exact: true }).click();
    await setUpTwoFactor(page);
    await page.goto("/admin/accounts");
    await requirement.getByRole("button", { name: "Require it for every admin" }).click();
    await expect(page.getByText("Two-factor sign-in is now required", { exact: true })).toBeVisible();
    await expect(requirement.getByTestId("two-factor-required")).toHaveText("Required for every admin.");
    await expect(requirement.getByRole("button", { name: "Stop requiring it" })).toBeVisible();

    const editorPage = await anotherBrowser();
    await signInWithPassword(editorPage, EDITOR.email, EDITOR.password);
    await expect(editorPage).toHaveURL(/\/admin\/security$/);
    await expect(editorPage.getByText(REQUIRED_NOTICE, { exact: true })).toBeVisible();
    await editorPage.goto("/admin/messages");
    await expect(editorPage).toHaveURL(/\/admin\/security$/);
    await expect(editorPage.getByText(REQUIRED_NOTICE, { exact: true })).toBeVisible();

    await setUpTwoFactor(editorPage);
    await editorPage.getByRole("button", { name: "I have saved them" }).click();
    await expect(securitySection(editorPage).getByTestId("two-factor-state")).toHaveText("On. 10 recovery codes left.");
    await expect(editorPage.getByText(REQUIRED_NOTICE, { exact: true })).toHaveCount(0);
    await editorPage.goto("/admin/messages");
    await expect(editorPage).toHaveURL(/\/admin\/messages$/);
    await editorPage.goto("/admin");
    await expectPanel(editorPage);

    await page.reload();
    await expect(twoFactorOf(accountRow(page, E2E_ADMIN.email))).toHaveText("On");
    await expect(twoFactorOf(accountRow(page, EDITOR.name))).toHaveText("On");
  });
});

test.describe("two-factor sign-in without JavaScript", () => {
  // axe needs scripts: the code screen is checked with it above.
  test.use({ javaScriptEnabled: false, allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test("the code screen is a plain form: a wrong code is refused at its field, the app's code opens the panel", async ({ page, seed }) => {
    const { secret } = await seed.twoFactor();
    const app = authenticatorApp(secret);
    await signInWithPassword(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();

    await enterCode(page, app.wrongCode());
    await expectCodeRefused(page);
    await enterCode(page, app.code());
    await expectPanel(page);
  });
});
