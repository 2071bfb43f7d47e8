import type { Browser, BrowserContext, Page } from "@playwright/test";
import { ALONE, expect, type SeedRegistration, test as base } from "./fixtures";
import { writeQrVideo } from "./fake-camera";

/**
 * The door, by camera: Chromium's fake camera plays a video of a ticket's QR code (tests/e2e/fake-camera.ts), as a phone
 * held up to it would see it. Checking in by search is in announcement-registrations.spec.ts; what a check-in comes to
 * (waiting list, other events, twice) is server/services/registrations.test.ts's.
 */
const test = base.extend<{
  /**
   * A phone at the door of a camp where `people` registered, signed in as the admin, on its check-in screen: Chromium's
   * fake camera shows the first one's ticket.
   */
  phoneAtTheDoor: (people: SeedRegistration[]) => Promise<{ page: Page; context: BrowserContext; campId: string }>;
}>({
  phoneAtTheDoor: async ({ playwright, launchOptions, baseURL, seed, signInAsAdmin, watch }, use, testInfo) => {
    let browser: Browser | undefined;
    await use(async (people) => {
      const camp = await seed.announcement({
        title: "Blood sugar screening camp",
        description: "Free screening for everyone.",
        registration: { capacity: 5, questions: [] },
        withImage: false,
      });
      for (const person of people) await seed.registration(camp.id, person);
      const video = testInfo.outputPath("ticket.y4m");
      writeQrVideo(video, `${baseURL}/ticket?token=${await seed.ticketOf(camp.id, people[0]!.name)}`);
      const camera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`];
      browser = await playwright.chromium.launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...camera] });
      const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, permissions: ["camera"] });
      watch(context);
      await signInAsAdmin({ context });
      const page = await context.newPage();
      await page.goto(`/admin/announcements/${camp.id}/check-in`);
      return { page, context, campId: camp.id };
    });
    await browser?.close();
  },
});

// Offline, the check-in's post fails, which the browser logs.
test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

test(
  "scanning tickets with the camera, on a CPU four times slower: the ticket held up is checked in within half a second, still held up a moment later is 'Already checked in', and with no signal the phone's list still knows she is in",
  { tag: ALONE },
  async ({ phoneAtTheDoor }) => {
    const { page, context } = await phoneAtTheDoor([
      { name: "Ayesha Khan", status: "registered" },
      { name: "Bilal Ahmed", status: "registered" },
    ]);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(page.getByTestId("check-in-counts")).toHaveText("0 of 2 checked in.");

    // A mid-range phone: the CPU four times slower. From the code read to its colour on screen: under half a second.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.getByRole("button", { name: "Scan tickets" }).click();
    await expect(page.getByLabel("Camera")).toBeVisible();
    const outcome = page.getByRole("status").filter({ hasText: "checked in" });
    await expect(outcome).toHaveText("Checked in: Ayesha Khan");
    await expect(outcome).toHaveAttribute("data-outcome", "checked-in");
    const [scanToColour] = await page.evaluate(() => performance.getEntriesByName("ticket-read-to-outcome").map((entry) => entry.duration));
    expect(scanToColour).toBeLessThan(500);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");
    await expect(outcome).toHaveText(/^Already checked in: Ayesha Khan, by \S+ at /, { timeout: 10_000 });
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");

    // The signal drops: the phone's kept list knows this phone checked her in; back online, the server says so again.
    await context.setOffline(true);
    await expect(outcome).toHaveText(/^Already checked in: Ayesha Khan, by this phone at /, { timeout: 10_000 });
    await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");
    await context.setOffline(false);
    await expect(outcome).toHaveText(/^Already checked in: Ayesha Khan, by (?!this phone)/, { timeout: 10_000 });

    await page.getByRole("button", { name: "Stop scanning" }).click();
    await expect(page.getByLabel("Camera")).toHaveCount(0);
  },
);

test("offline at the door: the phone keeps the list, checks tickets in by camera and by search with no signal, and sends them once it is back", async ({
  phoneAtTheDoor,
}) => {
  const { page, context, campId } = await phoneAtTheDoor([
    { name: "Ayesha Khan", status: "registered" },
    { name: "Bilal Ahmed", status: "registered" },
    { name: "Chand Bibi", status: "waiting" },
  ]);
  await expect(page.getByTestId("offline-state")).toHaveText(/^Ready without a connection: 3 tickets kept on this phone/);

  // In the basement: the camera (its code fetched while online) and the search work from the list on the phone.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Scan tickets" }).click();
  const outcome = page.getByRole("status").filter({ hasText: "checked in" });
  await expect(outcome).toHaveText("Checked in: Ayesha KhanNo connection: kept on this phone, and sent when the connection returns.");
  await expect(page.getByTestId("check-in-counts")).toHaveText("1 of 2 checked in.");
  await expect(page.getByTestId("offline-state")).toContainText("1 check-in made without a connection, waiting to be sent.");
  await page.getByRole("button", { name: "Stop scanning" }).click();

  await page.getByLabel("Name or ticket code").fill("a");
  await page.getByRole("button", { name: "Search" }).click();
  const found = page.getByRole("list", { name: "Found" });
  await expect(found.getByRole("listitem")).toHaveText([
    /^Ayesha Khan.*Checked in .* by this phone \(not sent yet\)/,
    /^Bilal Ahmed/,
    /^Chand Bibi.*Waiting list/,
  ]);
  await found.getByRole("button", { name: "Check in Bilal Ahmed" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Bilal" })).toContainText("Checked in: Bilal Ahmed");
  await expect(page.getByTestId("check-in-counts")).toHaveText("2 of 2 checked in.");
  await expect(page.getByTestId("offline-state")).toContainText("2 check-ins made without a connection, waiting to be sent.");
  await found.getByRole("button", { name: "Check in Chand Bibi" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Chand" })).toHaveText(
    "On the waiting list: Chand Bibi (number 1) has no place yet",
  );

  // Back above ground: both are sent, and the server has them.
  await context.setOffline(false);
  await expect(page.getByText(/waiting to be sent/)).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId("check-in-counts")).toHaveText("2 of 2 checked in.");
  await page.goto(`/admin/announcements/${campId}/registrations`);
  await expect(page.getByText("2 checked in")).toBeVisible();
});

test.describe("door links", () => {
  // An empty label is refused (400), a walk-in's registered email too (409), and the page of a revoked link answers 404:
  // the browser logs each.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of (400|404|409)/] });

  test("a door link: made on the registrations screen, opened by a volunteer with no account who checks in by search and adds a walk-in; revoked, it opens nothing", async ({
    page,
    seed,
    signInAsAdmin,
    anotherBrowser,
  }) => {
    await signInAsAdmin();
    const camp = await seed.announcement({
      title: "Blood sugar screening camp",
      description: "Free screening for everyone.",
      registration: { capacity: 5, questions: [] },
      event: { startsAt: new Date("2099-12-01T05:00:00Z"), endsAt: new Date("2099-12-01T08:00:00Z") },
      withImage: false,
    });
    await seed.registration(camp.id, { name: "Ayesha Khan", status: "registered" });
    await page.goto(`/admin/announcements/${camp.id}/registrations`);
    const doorLinks = page.getByRole("region", { name: "Door links" });
    await doorLinks.getByRole("button", { name: "Make a door link" }).click();
    await expect(doorLinks.getByText("Say who the link is for")).toBeVisible();
    await doorLinks.getByLabel("Who is it for?").fill("Main gate");
    await doorLinks.getByRole("button", { name: "Make a door link" }).click();
    const link = (await doorLinks.getByTestId("door-link").textContent())!;
    expect(link).toMatch(/\/door\?token=[A-Za-z0-9_-]{43}$/);
    await expect(doorLinks.getByRole("listitem")).toContainText("Main gate · Open");

    const volunteer = await anotherBrowser();
    const door = new URL(link);
    await volunteer.goto(door.pathname + door.search);
    await expect(volunteer.getByRole("heading", { name: "Check in: Blood sugar screening camp", level: 1 })).toBeVisible();
    await volunteer.getByLabel("Name or ticket code").fill("ayesha");
    await volunteer.getByRole("button", { name: "Search" }).click();
    await volunteer.getByRole("button", { name: "Check in Ayesha Khan" }).click();
    await expect(volunteer.getByRole("status").filter({ hasText: "Checked in" })).toHaveText("Checked in: Ayesha Khan");
    await expect(volunteer.getByRole("button", { name: /Undo check-in/ })).toHaveCount(0);
    await expect(volunteer.getByTestId("check-in-counts")).toHaveText("1 of 1 checked in.");

    // Someone who came without registering: added with a place and checked in; an email already registered is refused at its field.
    await volunteer.getByText("Add a walk-in").click();
    const walkIn = volunteer.getByRole("form", { name: "Add a walk-in" });
    await walkIn.getByLabel("Name").fill("Zara Sheikh");
    await walkIn.getByLabel("Email").fill("ayesha.khan@example.org");
    await walkIn.getByLabel("Phone number").fill("03001234567");
    await walkIn.getByRole("button", { name: "Add and check in" }).click();
    await expect(walkIn.getByLabel("Email")).toHaveAccessibleDescription(
      "This email is registered already: find them by name or code and check them in.",
    );
    await walkIn.getByLabel("Email").fill("zara@example.org");
    await walkIn.getByRole("button", { name: "Add and check in" }).click();
    await expect(volunteer.getByRole("status").filter({ hasText: "Zara Sheikh" })).toHaveText("Checked in: Zara Sheikh");
    await expect(volunteer.getByTestId("check-in-counts")).toHaveText("2 of 2 checked in.");
    await expect(walkIn.getByLabel("Name")).toHaveValue("");

    await doorLinks.getByRole("button", { name: "Revoke the door link for Main gate" }).click();
    await page.getByRole("alertdialog", { name: "Revoke the door link for Main gate?" }).getByRole("button", { name: "Revoke" }).click();
    await expect(doorLinks.getByRole("listitem")).toContainText("Main gate · Revoked");
    await volunteer.reload();
    await expect(volunteer.getByText("This door link does not work")).toBeVisible();
  });
});
