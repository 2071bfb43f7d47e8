import { axeViolations, expect, test } from "./fixtures";

// Every screen's "zero violations" means something only if the check finds violations where they are.
test("the accessibility check finds a photo without alt text, a field without a label and text too faint to read", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
    <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
    <input type="text">
    <p style="color:#ccc;background:#fff">Faint</p>
  </main></body></html>`);
  const rules = (await axeViolations(page)).map((line) => line.split(" ")[0]);
  expect(rules).toEqual(expect.arrayContaining(["image-alt", "label", "color-contrast"]));
});

// A test that runs at desktop width only has its pages checked at the phone's width too (decision 025).
test("a desktop-only test's check also finds what breaks only at the phone's width", async ({ page, expectNoAxeViolations }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Narrow</title>
    <style>p { color: #000; background: #fff } @media (max-width: 600px) { p { color: #ccc } }</style></head>
    <body><main><h1>Narrow</h1><p>Faint on a phone</p></main></body></html>`);
  await expect(expectNoAxeViolations(page)).rejects.toThrow(/axe found accessibility violations at 375 px/);
  expect(page.viewportSize()?.width, "the page is widened back").toBe(1280);
});
