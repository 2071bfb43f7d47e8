import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { CONFLICT, photoFile, storedGoalTitles, tabTo } from "./content-admin";

// Each test walks a whole flow at its width with axe at every step: with two workers on two cores, some take 25-30 s.
test.describe.configure({ timeout: 60_000 });

/** What the tests type into /admin/content/home. */
const edited = {
  name: "Sargodha Medical Students Union",
  shortName: "SMSU",
  tagline: "Learning together, caring together",
  heroText: "Students of Sargodha Medical College who teach, volunteer and organise.",
  mission: "We help every student find a mentor, a project and a place in the college's life.",
  videoChannelUrl: "https://videos.example.org/@smsu",
  whatsappContactUrl: "https://wa.me/923001112223",
  whatsappCommunityUrl: "https://chat.whatsapp.com/SmsuCommunity",
};

/** The goals' titles in the admin's list, in its order (read from the Edit buttons, named "Edit: <title>"). */
function adminGoalTitles(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("button", { name: /^Edit: / })
    .evaluateAll((buttons) => buttons.map((button) => (button.getAttribute("aria-label") ?? "").replace(/^Edit: /, "")));
}

/** The goals under "Our Goals" on the home page: each card's heading reads "Goal <n>: <title>". */
const publicGoals = (page: Page) => page.locator("#about").getByRole("list").first().getByRole("listitem");
const publicGoalHeadings = (titles: readonly string[]) => titles.map((title, index) => `Goal ${index + 1}: ${title}`);

/** The hero's typed headline: the tagline (its text is there twice, whole for screen readers and per character). */
const heroHeadline = (page: Page) => page.locator("#hero").getByRole("heading", { level: 1 });

test.describe("admin site content", () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin();
  });

  test("the panel's 'Site content' leads to /admin/content: Home and Goals, a 'Site content' navigation and 'Admin panel' back", async ({
    page,
    expectNoAxeViolations,
  }) => {
    await page.goto("/admin");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Site content" }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole("heading", { name: "Site content", level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Site content" });
    // Site content, then a link to each screen, Home and Goals first (later screens may follow).
    for (const [index, label] of ["Site content", "Home", "Goals"].entries())
      await expect(nav.getByRole("link").nth(index)).toHaveText(label);
    await expect(nav.getByRole("link", { name: "Site content" })).toHaveAttribute("aria-current", "page");
    // The screens, each with a line on what it edits.
    const screens = page.getByRole("main").getByRole("list").last().getByRole("link");
    await expect(screens.nth(0)).toHaveText(/^Home/);
    await expect(screens.nth(0)).toHaveAttribute("href", "/admin/content/home");
    await expect(screens.nth(1)).toHaveText(/^Goals/);
    await expect(screens.nth(1)).toHaveAttribute("href", "/admin/content/goals");
    await expectNoAxeViolations(page);

    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/home$/);
    await expect(page.getByRole("form", { name: "Home" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expectNoAxeViolations(page);

    await nav.getByRole("link", { name: "Goals" }).click();
    await expect(page).toHaveURL(/\/admin\/content\/goals$/);
    await expect(page.getByRole("button", { name: "Add goal" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Admin panel" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("link", { name: "Site content" })).toBeVisible();
  });

  test.describe("goals", () => {
    test("'Add goal' opens a dialog; saved, 'Saved' shows and the goal is last under 'Our Goals' on /", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      const titles = site.goals.map((goal) => goal.title);
      await page.goto("/admin/content/goals");
      await expect(page.getByRole("heading", { name: "Goals", level: 1 })).toBeVisible();
      expect(await adminGoalTitles(page)).toEqual(titles);
      await expectNoAxeViolations(page);

      await page.getByRole("button", { name: "Add goal" }).click();
      const dialog = page.getByRole("dialog", { name: "Add goal" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel("Title")).toHaveValue("");
      await expect(dialog.getByLabel("Description")).toHaveValue("");
      await expectNoAxeViolations(page);
      await dialog.getByLabel("Title").fill("Blood donation drives");
      await dialog.getByLabel("Description").fill("Two camps a term with the district blood bank.");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect.poll(() => adminGoalTitles(page)).toEqual([...titles, "Blood donation drives"]);

      await page.goto("/");
      await expect(publicGoals(page).getByRole("heading", { level: 4 })).toHaveText(
        publicGoalHeadings([...titles, "Blood donation drives"]),
      );
      await expect(publicGoals(page).last()).toContainText("Two camps a term with the district blood bank.");
      await expectNoAxeViolations(page);
    });

    test("a goal without a title says 'Title is required' and nothing is added", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      await page.goto("/admin/content/goals");
      await page.getByRole("button", { name: "Add goal" }).click();
      const dialog = page.getByRole("dialog", { name: "Add goal" });
      await dialog.getByLabel("Description").fill("A goal with no title.");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription("Title is required");
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      const stored = await database.db.selectFrom("content_goals").select("title").execute();
      expect(stored).toHaveLength(site.goals.length);
    });

    test("Edit opens the goal's texts; saved, the new title and description are on /", async ({ page, site, expectNoAxeViolations }) => {
      const [first] = site.goals;
      await page.goto("/admin/content/goals");
      await page.getByRole("button", { name: `Edit: ${first!.title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit goal" });
      await expect(dialog.getByLabel("Title")).toHaveValue(first!.title);
      await expect(dialog.getByLabel("Description")).toHaveValue(first!.description);
      await expectNoAxeViolations(page);
      await dialog.getByLabel("Title").fill("Peer tutoring");
      await dialog.getByLabel("Description").fill("Seniors tutor juniors every week before the block exams.");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      const titles = ["Peer tutoring", ...site.goals.slice(1).map((goal) => goal.title)];
      await expect.poll(() => adminGoalTitles(page)).toEqual(titles);
      await expect(page.getByRole("main").getByText("Seniors tutor juniors every week before the block exams.")).toBeVisible();

      await page.goto("/");
      await expect(publicGoals(page).getByRole("heading", { level: 4 })).toHaveText(publicGoalHeadings(titles));
      await expect(publicGoals(page).first()).toContainText("Seniors tutor juniors every week before the block exams.");
      await expect(page.locator("#about")).not.toContainText(first!.description);
      await expectNoAxeViolations(page);
    });

    test("Move down and Move up reorder the goals, on / too, and the moved goal's button keeps the focus", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      const [first, second, third, ...rest] = site.goals.map((goal) => goal.title);
      await page.goto("/admin/content/goals");
      await expect(page.getByRole("button", { name: `Move up: ${first!}` })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move down: ${site.goals.at(-1)!.title}` })).toBeDisabled();

      await page.getByRole("button", { name: `Move down: ${first!}` }).click();
      await expect.poll(() => adminGoalTitles(page)).toEqual([second, first, third, ...rest]);
      await expect(page.getByRole("button", { name: `Move down: ${first!}` })).toBeFocused();

      await page.getByRole("button", { name: `Move up: ${third!}` }).click();
      await expect.poll(() => adminGoalTitles(page)).toEqual([second, third, first, ...rest]);
      await expect(page.getByRole("button", { name: `Move up: ${third!}` })).toBeFocused();
      await expectNoAxeViolations(page);

      await page.goto("/");
      await expect(publicGoals(page).getByRole("heading", { level: 4 })).toHaveText(publicGoalHeadings([second!, third!, first!, ...rest]));
      await expectNoAxeViolations(page);
    });

    test("by keyboard only: Tab to 'Move down', Enter moves the goal, and Enter or Space again move it further", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      const [first, second, third, fourth, ...rest] = site.goals.map((goal) => goal.title);
      await page.goto("/admin/content/goals");
      const moveDown = page.getByRole("button", { name: `Move down: ${first!}` });
      await tabTo(page, moveDown);

      await page.keyboard.press("Enter");
      await expect.poll(() => adminGoalTitles(page)).toEqual([second, first, third, fourth, ...rest]);
      await expect(moveDown).toBeFocused();

      await page.keyboard.press("Enter");
      await expect.poll(() => adminGoalTitles(page)).toEqual([second, third, first, fourth, ...rest]);
      await expect(moveDown).toBeFocused();

      await page.keyboard.press("Space");
      await expect.poll(() => adminGoalTitles(page)).toEqual([second, third, fourth, first, ...rest]);
      await expect(moveDown).toBeFocused();
      await expectNoAxeViolations(page);

      await page.goto("/");
      await expect(publicGoals(page).getByRole("heading", { level: 4 })).toHaveText(
        publicGoalHeadings([second!, third!, fourth!, first!, ...rest]),
      );
      await expectNoAxeViolations(page);
    });

    test("a goal moved to the end keeps the focus on its 'Move up'", async ({ page, site, expectNoAxeViolations }) => {
      const titles = site.goals.map((goal) => goal.title);
      const beforeLast = titles.at(-2)!;
      await page.goto("/admin/content/goals");
      await page.getByRole("button", { name: `Move down: ${beforeLast}` }).click();
      await expect.poll(() => adminGoalTitles(page)).toEqual([...titles.slice(0, -2), titles.at(-1), beforeLast]);
      await expect(page.getByRole("button", { name: `Move down: ${beforeLast}` })).toBeDisabled();
      await expect(page.getByRole("button", { name: `Move up: ${beforeLast}` })).toBeFocused();
      await expectNoAxeViolations(page);
    });

    test("Delete asks 'Delete the goal “<title>”?', then says 'Deleted', and the goal is gone from /", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      const [first, ...rest] = site.goals.map((goal) => goal.title);
      await page.goto("/admin/content/goals");
      await page.getByRole("button", { name: `Delete: ${first!}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete the goal “${first!}”?` });
      await expect(confirm).toBeVisible();
      await expectNoAxeViolations(page);

      // Cancel keeps it.
      await confirm.getByRole("button", { name: "Cancel" }).click();
      await expect(confirm).toBeHidden();
      expect(await adminGoalTitles(page)).toEqual([first, ...rest]);

      await page.getByRole("button", { name: `Delete: ${first!}` }).click();
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      await expect.poll(() => adminGoalTitles(page)).toEqual(rest);

      await page.goto("/");
      await expect(publicGoals(page).getByRole("heading", { level: 4 })).toHaveText(publicGoalHeadings(rest));
      await expect(page.locator("#about")).not.toContainText(first!);
      await expectNoAxeViolations(page);
    });
  });

  test.describe("home", () => {
    test("the form holds the stored texts; saved, 'Saved' shows and / shows the new name, texts and links at once", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "Home" });
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(site.name);
      await expect(form.getByLabel("Short name")).toHaveValue(site.shortName);
      await expect(form.getByLabel("Tagline")).toHaveValue(site.tagline);
      await expect(form.getByLabel("Hero text")).toHaveValue(site.heroText);
      await expect(form.getByLabel("Mission")).toHaveValue(site.mission);
      await expect(form.getByLabel("Video channel link")).toHaveValue(site.videoChannelUrl);
      await expect(form.getByLabel("WhatsApp link", { exact: true })).toHaveValue(site.whatsapp.contactUrl);
      await expect(form.getByLabel("WhatsApp community link")).toHaveValue(site.whatsapp.communityUrl);
      await expectNoAxeViolations(page);

      await form.getByLabel("Name", { exact: true }).fill(edited.name);
      await form.getByLabel("Short name").fill(edited.shortName);
      await form.getByLabel("Tagline").fill(edited.tagline);
      await form.getByLabel("Hero text").fill(edited.heroText);
      await form.getByLabel("Mission").fill(edited.mission);
      await form.getByLabel("Video channel link").fill(edited.videoChannelUrl);
      await form.getByLabel("WhatsApp link", { exact: true }).fill(edited.whatsappContactUrl);
      await form.getByLabel("WhatsApp community link").fill(edited.whatsappCommunityUrl);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // The form starts again from what is stored now: a reload shows the same.
      await page.reload();
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(edited.name);
      await expect(form.getByLabel("Tagline")).toHaveValue(edited.tagline);
      await expect(form.getByLabel("WhatsApp community link")).toHaveValue(edited.whatsappCommunityUrl);

      await page.goto("/");
      await expect(page).toHaveTitle(new RegExp(`^${edited.name} \\| `));
      await expect(heroHeadline(page)).toHaveAccessibleName(edited.tagline);
      await expect(page.locator("#hero")).toContainText(edited.heroText);
      await expect(page.locator("#about")).toContainText(edited.mission);
      await expect(page.getByRole("link", { name: /Watch Youtube Channel/ })).toHaveAttribute("href", edited.videoChannelUrl);
      await expect(page.getByRole("link", { name: /Message us on WhatsApp/ })).toHaveAttribute("href", edited.whatsappContactUrl);
      await expect(page.getByRole("link", { name: /Join the community/ })).toHaveAttribute("href", edited.whatsappCommunityUrl);
      const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { name: string; short_name: string };
      expect(manifest).toMatchObject({ name: edited.name, short_name: edited.shortName });
      await expectNoAxeViolations(page);
    });

    test("the President form holds the stored card; a new name, title, message and photo: 'Saved', and / shows them at once", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      const photo = await photoFile("president.jpg", 800, 800);
      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "President" });
      await expect(form.getByLabel("Name", { exact: true })).toHaveValue(site.president.name);
      await expect(form.getByLabel("Title", { exact: true })).toHaveValue(site.president.title);
      await expect(form.getByLabel("Message", { exact: true })).toHaveValue(site.president.message);
      await expect(form.getByRole("img", { name: `Current photo of ${site.president.name}` })).toBeVisible();

      await form.getByLabel("Name", { exact: true }).fill("Zara Malik");
      await form.getByLabel("Title", { exact: true }).fill("President 2026-27");
      await form.getByLabel("Message", { exact: true }).fill("Welcome to a new year.\nOur doors are open.");
      await form.getByLabel("Photo", { exact: true }).setInputFiles(photo);
      await expect(form.getByRole("img", { name: "Preview of the chosen photo" })).toHaveAttribute("src", /^blob:/);
      await expectNoAxeViolations(page);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(form.getByRole("img", { name: "Current photo of Zara Malik" })).toHaveAttribute("src", /^\/uploads\/content\//);
      // The home texts' form keeps what it showed: the president's save raised the shared version, nothing else.
      await expect(page.getByRole("form", { name: "Home" }).getByLabel("Tagline")).toHaveValue(site.tagline);

      await page.goto("/");
      const card = page.locator("#about").getByRole("article").filter({ hasText: "Zara Malik" });
      await expect(card.getByRole("heading", { level: 4 })).toHaveText("Zara Malik");
      await expect(card).toContainText("President 2026-27");
      await expect(card).toContainText(/Welcome to a new year\.\s+Our doors are open\./);
      await expect(card.getByRole("img", { name: "Zara Malik, President 2026-27" })).toHaveAttribute("src", /^\/uploads\/content\//);
      await expectNoAxeViolations(page);
    });

    test("the Logo form: a new picture and description, 'Saved', and / shows the new logo in the top bar and as the tab's icon", async ({
      page,
      site,
      expectNoAxeViolations,
    }) => {
      await page.goto("/");
      const topBarLogo = page.getByRole("banner").getByRole("link", { name: /home$/ }).locator("img");
      const oldLogo = await topBarLogo.getAttribute("src");
      const oldIcon = await page.locator('link[rel="icon"]').getAttribute("href");

      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "Logo" });
      await expect(form.getByLabel("Description")).toHaveValue(site.logoAlt);
      await expect(form.getByRole("img", { name: "Current logo" })).toBeVisible();
      await form.getByLabel("Logo", { exact: true }).setInputFiles(await photoFile("logo.jpg", 600, 600));
      await expect(form.getByRole("img", { name: "Preview of the chosen logo" })).toHaveAttribute("src", /^blob:/);
      await form.getByLabel("Description").fill("A yellow square on blue, our new logo");
      await expectNoAxeViolations(page);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(form.getByRole("img", { name: "Current logo" })).toHaveAttribute("src", /^\/uploads\/content\//);
      await expect(form.getByLabel("Description")).toHaveValue("A yellow square on blue, our new logo");

      await page.goto("/");
      await expect(topBarLogo).toHaveAttribute("src", /^\/uploads\/content\//);
      expect(await topBarLogo.getAttribute("src")).not.toBe(oldLogo);
      const icon = await page.locator('link[rel="icon"]').getAttribute("href");
      expect(icon).toMatch(/^\/uploads\/content\/.+-32\.png$/);
      expect(icon).not.toBe(oldIcon);
      await expectNoAxeViolations(page);
    });

    test("social links: 'Add social link', Edit, Move up and Delete, each on / at once", async ({ page, site, expectNoAxeViolations }) => {
      const heroLinks = () =>
        page
          .locator("#hero")
          .getByRole("link", { name: /opens in a new tab/ })
          .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      const storedUrls = site.socialLinks.map((link) => link.url);
      await page.goto("/admin/content/home");
      await expect(page.getByRole("heading", { name: "Social links", level: 2 })).toBeVisible();

      await page.getByRole("button", { name: "Add social link" }).click();
      let dialog = page.getByRole("dialog", { name: "Add social link" });
      await dialog.getByLabel("Network").selectOption({ label: "Instagram" });
      await dialog.getByLabel("Label").fill("Instagram (Alumni)");
      await dialog.getByLabel("Link").fill("not a link");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByLabel("Link")).toHaveAccessibleDescription("Link must be a link starting with https:// or http://");
      await expectNoAxeViolations(page);
      await dialog.getByLabel("Link").fill("https://www.instagram.com/alumni.example");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Saved", { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "Edit: Instagram (Alumni)" })).toBeVisible();
      await page.goto("/");
      expect(await heroLinks()).toEqual([...storedUrls, "https://www.instagram.com/alumni.example"]);

      await page.goto("/admin/content/home");
      await page.getByRole("button", { name: "Edit: Instagram (Alumni)" }).click();
      dialog = page.getByRole("dialog", { name: "Edit social link" });
      await expect(dialog.getByLabel("Network")).toHaveValue("instagram");
      await dialog.getByLabel("Network").selectOption({ label: "Facebook" });
      await dialog.getByLabel("Label").fill("Alumni on Facebook");
      await dialog.getByLabel("Link").fill("https://www.facebook.com/alumni.example");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      const moveUp = page.getByRole("button", { name: "Move up: Alumni on Facebook" });
      await moveUp.click();
      await expect(moveUp).toBeFocused();
      await page.goto("/");
      expect(await heroLinks()).toEqual([...storedUrls.slice(0, -1), "https://www.facebook.com/alumni.example", storedUrls.at(-1)]);
      await expect(page.locator("#contact").getByRole("link", { name: "Alumni on Facebook (opens in a new tab)" })).toBeVisible();

      await page.goto("/admin/content/home");
      await page.getByRole("button", { name: "Delete: Alumni on Facebook" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Delete the social link “Alumni on Facebook”?" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText("Deleted", { exact: true })).toBeVisible();
      await page.goto("/");
      expect(await heroLinks()).toEqual(storedUrls);
    });

    test("an empty Name says 'Name is required' at the field and nothing is saved", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "Home" });
      await form.getByLabel("Tagline").fill(edited.tagline);
      await form.getByLabel("Name", { exact: true }).fill("");
      await form.getByRole("button", { name: "Save" }).click();
      const name = form.getByLabel("Name", { exact: true });
      await expect(name).toHaveAccessibleDescription("Name is required");
      await expect(name).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByText("Name is required", { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      const stored = await database.db.selectFrom("site_details").select(["name", "tagline", "version"]).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: site.name, tagline: site.tagline });
      await page.goto("/");
      await expect(heroHeadline(page)).toHaveAccessibleName(site.tagline);
      await expectNoAxeViolations(page);
    });

    test("a link that is not http(s) says 'Video channel link must be a link starting with https:// or http://' and nothing is saved", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "Home" });
      await form.getByLabel("Tagline").fill(edited.tagline);
      await form.getByLabel("Video channel link").fill("javascript:alert(1)");
      await form.getByRole("button", { name: "Save" }).click();
      const message = "Video channel link must be a link starting with https:// or http://";
      await expect(form.getByLabel("Video channel link")).toHaveAccessibleDescription(message);
      await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);

      // An ftp: link is refused the same way.
      await form.getByLabel("Video channel link").fill("ftp://videos.example.org/channel");
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByLabel("Video channel link")).toHaveAccessibleDescription(message);

      const stored = await database.db.selectFrom("site_details").select(["tagline", "video_channel_url"]).executeTakeFirstOrThrow();
      expect(stored).toEqual({ tagline: site.tagline, video_channel_url: site.videoChannelUrl });
      await page.goto("/");
      await expect(heroHeadline(page)).toHaveAccessibleName(site.tagline);
      await expect(page.getByRole("link", { name: /Watch Youtube Channel/ })).toHaveAttribute("href", site.videoChannelUrl);
      await expectNoAxeViolations(page);
    });
  });

  // The action answers a conflict with 409 Conflict, which the browser logs.
  test.describe("a save from an older copy", () => {
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 409 \(Conflict\)/] });

    test("an edit saved meanwhile from another page makes this page's save say the conflict message and change nothing", async ({
      page,
      context,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      const [first] = site.goals;
      await page.goto("/admin/content/goals");
      await page.getByRole("button", { name: `Edit: ${first!.title}` }).click();
      const dialog = page.getByRole("dialog", { name: "Edit goal" });
      await expect(dialog.getByLabel("Title")).toHaveValue(first!.title);

      // The same admin in a second tab edits the goal first.
      const other = await context.newPage();
      await other.goto("/admin/content/goals");
      await other.getByRole("button", { name: `Edit: ${first!.title}` }).click();
      const otherDialog = other.getByRole("dialog", { name: "Edit goal" });
      await otherDialog.getByLabel("Title").fill("Saved in the other tab");
      await otherDialog.getByRole("button", { name: "Save" }).click();
      await expect(other.getByText("Saved", { exact: true })).toBeVisible();
      await expectNoAxeViolations(other);
      await other.close();

      await dialog.getByLabel("Title").fill("Saved in the first tab");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog.getByText(CONFLICT, { exact: true })).toBeVisible();
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      expect(await storedGoalTitles(database)).toEqual(["Saved in the other tab", ...site.goals.slice(1).map((goal) => goal.title)]);

      await page.goto("/");
      await expect(publicGoals(page).first().getByRole("heading", { level: 4 })).toHaveText("Goal 1: Saved in the other tab");
      await expectNoAxeViolations(page);
    });

    test("a save from a page loaded before someone else's change says the conflict message and changes nothing", async ({
      page,
      site,
      database,
      expectNoAxeViolations,
    }) => {
      await page.goto("/admin/content/home");
      const form = page.getByRole("form", { name: "Home" });
      await expect(form.getByLabel("Tagline")).toHaveValue(site.tagline);

      // Someone else saves the details after this page was loaded (their save raises the version; there is one row).
      await database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("site_details")
          .set((eb) => ({ tagline: "Changed by someone else", version: eb("version", "+", 1) }))
          .execute();
        await trx
          .updateTable("settings")
          .set((eb) => ({ content_version: eb("content_version", "+", 1) }))
          .execute();
      });

      await form.getByLabel("Tagline").fill(edited.tagline);
      await form.getByLabel("Mission").fill(edited.mission);
      await form.getByRole("button", { name: "Save" }).click();
      await expect(form.getByText(CONFLICT, { exact: true })).toBeVisible();
      await expect(page.getByText("Saved", { exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      const stored = await database.db.selectFrom("site_details").select(["tagline", "mission"]).executeTakeFirstOrThrow();
      expect(stored).toEqual({ tagline: "Changed by someone else", mission: site.mission });
      await page.goto("/");
      await expect(heroHeadline(page)).toHaveAccessibleName("Changed by someone else");
      await expect(page.locator("#about")).toContainText(site.mission);
      await expect(page.locator("#about")).not.toContainText(edited.mission);
      await expectNoAxeViolations(page);
    });
  });
});
