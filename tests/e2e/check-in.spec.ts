import { expect, test } from "./fixtures";
import { writeQrVideo } from "./fake-camera";

/**
 * The door, by camera: Chromium's fake camera plays a video of a ticket's QR code (tests/e2e/fake-camera.ts), as a phone
 * held up to it would see it. Checking in by search is in announcement-registrations.spec.ts; what a check-in comes to
 * (waiting list, other events, twice) is server/services/registrations.test.ts's.
 */
test("scanning tickets with the camera: the ticket held up is checked in, and still held up a moment later is 'Already checked in'", async ({
  playwright,
  launchOptions,
  baseURL,
  seed,
  signInAsAdmin,
  watch,
}, testInfo) => {
  const camp = await seed.announcement({
    title: "Blood sugar screening camp",
    description: "Free screening for everyone.",
    registration: { capacity: 5, questions: [] },
    withImage: false,
  });
  await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
  await seed.registration(camp.id, { name: "Bilal Ahmed", status: "registered" });
  const video = testInfo.outputPath("ticket.y4m");
  writeQrVideo(video, `${baseURL}/ticket?token=${await seed.ticketOf(camp.id, "Ayesha Khan")}`);
  const camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`];
  const browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...camera] });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, permissions: ["camera"] });
    watch(context);
    await signInAsAdmin({ context });
    const page = await context.newPage();
    await page.goto(`/admin/announcements/${camp.id}/check-in`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByTestId("check-in-counts")).toHaveText("0 of 2 checked in.");

    await page.getByRole("button", { name: "Scan tickets" }).click();
    await expect(page.getByLabel("Camera")).toBeVisible();
    const outcome = page.getByRole("status").filter({ hasText: "checked in" });
    await expect(outcome).toHaveText("Checked in: Ayesha Khan");
    await expect(outcome).toHaveAttribute("data-outcome", "checked-in");
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");
    await expect(outcome).toHaveText(/^Already checked in: Ayesha Khan, by \S+ at /, { timeout: 10_000 });
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");

    await page.getByRole("button", { name: "Stop scanning" }).click();
    await expect(page.getByLabel("Camera")).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
