import type { Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { BOTH_WIDTHS, expect, test } from "./fixtures";
import { E2E_ADMIN } from "./e2e-server";
import { enterCode, expectPanel, signInThroughForm, signOut } from "./sign-in";
import { goToAdminSection } from "./menus";

/**
 * Two-factor sign-in (docs/operations.md, "Two-factor sign-in" and "Accounts (Owners)"): an admin sets it up under
 * Security with an authenticator app, signs in with the password and then the app's code or a recovery code, replaces
 * the recovery codes or turns it off with the password again; an Owner can require it of every admin. The test is the
 * admin's phone: it reads the key from the page and computes the app's codes with otpauth, as the app would. The rules
 * (codes taken once, the lock, the stages of a sign-in) are server/auth/two-factor.server.test.ts and auth-service.test.ts.
 */

/** An Editor the tests seed; the password passes the site's rules. */
const EDITOR = { name: "Omar Editor", email: "omar.editor@example.org", password: "quilt harbour lantern" } as const;

const WRONG_SIGN_IN_CODE = "That code is not right. Enter the current code from your app, or an unused recovery code.";
const WRONG_SETUP_CODE = "That code is not right. Check that the app shows this site's account, and enter its current code.";
const NOT_YOUR_PASSWORD = "That is not your password";
const REQUIRED_NOTICE = "The site's Owners require two-factor sign-in. Set it up below to go on to the admin area.";
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

async function expectCodeRefused(page: Page) {
  const field = page.getByLabel("Code", { exact: true });
  await expect(page.getByText(WRONG_SIGN_IN_CODE, { exact: true })).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(WRONG_SIGN_IN_CODE);
  await expect(page).toHaveURL(/\/admin\/login\/code$/);
}

const state = (page: Page) => securitySection(page).getByTestId("two-factor-state");
const accountRow = (page: Page, who: string) =>
  page.getByRole("list", { name: "Admin accounts" }).getByRole("listitem").filter({ hasText: who });
const twoFactorOf = (row: Locator) => row.locator("dt", { hasText: /^Two-factor$/ }).locator("xpath=following-sibling::dd[1]");

test.describe("two-factor sign-in", () => {
  // Refusals are 4xx answers, which Chromium reports on the console: a wrong code or password (400).
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test(
    "Security sets it up: a QR code and the key to type, the app's code turns it on, and ten recovery codes are shown once",
    { tag: BOTH_WIDTHS },
    async ({ page, signInAsAdmin }) => {
      await signInAsAdmin();
      await page.goto("/admin");
      await goToAdminSection(page, "Security");
      await expect(page).toHaveURL(/\/admin\/security$/);
      await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
      const section = securitySection(page);
      await expect(state(page)).toHaveText("Off.");

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

      await section.getByRole("button", { name: "I have saved them" }).click();
      await expect(state(page)).toHaveText("On. 10 recovery codes left.");
      await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
      // Shown once: the page opened again does not show them.
      await page.reload();
      await expect(state(page)).toHaveText("On. 10 recovery codes left.");
      await expect(page.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);
      await expect(section.getByTestId("two-factor-secret")).toHaveCount(0);
    },
  );

  test("signing in asks for the app's code after the password: other pages lead to the code screen, a wrong code is refused at its field, the right one opens the panel; a recovery code, typed in capitals without its dashes, signs in once", async ({
    page,
    seed,
  }) => {
    const { secret, recoveryCodes } = await seed.twoFactor();
    const app = authenticatorApp(secret);
    await signInThroughForm(page);
    await expect(page).toHaveURL(/\/admin\/login\/code$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Code", { exact: true })).toBeFocused();
    // The password alone opens nothing else.
    await page.goto("/admin/messages");
    await expect(page).toHaveURL(/\/admin\/login\/code$/);

    await enterCode(page, app.wrongCode());
    await expectCodeRefused(page);
    await enterCode(page, app.code());
    await expectPanel(page);
    await signOut(page);

    const [recovery] = recoveryCodes;
    await signInThroughForm(page);
    await enterCode(page, recovery!.replaceAll("-", "").toUpperCase());
    await expectPanel(page);
    await goToAdminSection(page, "Security");
    await expect(state(page)).toHaveText("On. 9 recovery codes left.");
  });

  test("new recovery codes and turning it off ask for the password again, refused at its field when wrong", async ({
    page,
    seed,
    signInAsAdmin,
  }) => {
    const { recoveryCodes: oldCodes } = await seed.twoFactor();
    await signInAsAdmin();
    await page.goto("/admin/security");
    await expect(state(page)).toHaveText("On. 10 recovery codes left.");

    const renew = passwordAgainForm(page, "New recovery codes");
    await renew.getByLabel("Your password").fill("not my password");
    await renew.getByRole("button", { name: "New recovery codes" }).click();
    await expect(renew.getByText(NOT_YOUR_PASSWORD, { exact: true })).toBeVisible();
    await expect(renew.getByLabel("Your password")).toHaveAttribute("aria-invalid", "true");
    await renew.getByLabel("Your password").fill(E2E_ADMIN.password);
    await renew.getByRole("button", { name: "New recovery codes" }).click();
    const newCodes = await shownRecoveryCodes(page);
    expect(newCodes.filter((code) => oldCodes.includes(code))).toEqual([]);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await expect(state(page)).toHaveText("On. 10 recovery codes left.");

    const turnOff = passwordAgainForm(page, "Turn off two-factor sign-in");
    await turnOff.getByLabel("Your password").fill(E2E_ADMIN.password);
    await turnOff.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(page.getByText("Two-factor sign-in is off", { exact: true })).toBeVisible();
    await expect(state(page)).toHaveText("Off.");
  });

  test("an Owner with two factors requires them of every admin; an Editor without them is sent to Security, which says why", async ({
    page,
    seed,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    await seed.twoFactor();
    await seed.admin(EDITOR);
    await signInAsAdmin();
    await page.goto("/admin/accounts");
    const requirement = page.getByRole("region", { name: "Two-factor sign-in for everyone" });
    await expect(requirement.getByTestId("two-factor-required")).toHaveText("Not required: each admin chooses.");
    await expect(twoFactorOf(accountRow(page, E2E_ADMIN.email))).toHaveText("On");
    await expect(twoFactorOf(accountRow(page, EDITOR.name))).toHaveText("Off");
    await requirement.getByRole("button", { name: "Require it for every admin" }).click();
    await expect(page.getByText("Two-factor sign-in is now required", { exact: true })).toBeVisible();
    await expect(requirement.getByTestId("two-factor-required")).toHaveText("Required for every admin.");
    await expect(requirement.getByRole("button", { name: "Stop requiring it" })).toBeVisible();

    const editorPage = await anotherBrowser();
    await signInAsAdmin({ email: EDITOR.email, context: editorPage.context() });
    await editorPage.goto("/admin/messages");
    await expect(editorPage).toHaveURL(/\/admin\/security$/);
    await expect(editorPage.getByText(REQUIRED_NOTICE, { exact: true })).toBeVisible();
    await expect(securitySection(editorPage).getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
  });
});
