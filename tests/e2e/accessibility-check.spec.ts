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
