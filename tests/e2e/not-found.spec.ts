import { expect, test } from "./fixtures";

test.describe("an unknown path", () => {
  // The browser reports the page's own 404 status in the console; nothing else may be logged.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\) \(http:\/\/[^/]+\/no-such-page\)$/] });

  test("answers 404 with 'Page not found' and a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    const home = page.getByRole("main").getByRole("link", { name: /home/i });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Empowering minds, changing lives");
  });
});
