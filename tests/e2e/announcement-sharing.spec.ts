import type { Page } from "@playwright/test";
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { expect, type Seed, test } from "./fixtures";

/*
 * Each live announcement has its own page, /announcement/<id>, reached from its card's title: what link previews read
 * in its head, the Share button (the share sheet where the browser has one, the address copied otherwise), the 404 of
 * one that is not live, and the RSS feed every page names for feed readers.
 */

/** The e2e server keeps the default SITE_TIMEZONE: "Published" is written on this wall clock. */
const SITE_TIME_ZONE = "Asia/Karachi";
const MINUTE = 60_000;

/** An instant as the site writes it: "23 November 2026 at 15:04". */
const siteTime = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: SITE_TIME_ZONE, dateStyle: "long", timeStyle: "short" }).format(at);

/** `minutesAgo` minutes before now, on a whole second: the feed's pubDate (RFC 822) carries no milliseconds. */
const minutesAgo = (minutes: number) => new Date(Math.floor(Date.now() / 1000) * 1000 - minutes * MINUTE);

const cards = (page: Page) => page.getByRole("main").getByRole("article");
const card = (page: Page, heading: string) => page.getByRole("main").getByRole("article", { name: heading });
const meta = (page: Page, property: string) => page.locator(`meta[property="${property}"]`).getAttribute("content");
const metaNamed = (page: Page, name: string) => page.locator(`meta[name="${name}"]`).getAttribute("content");

const CAMP = {
  title: "Blood donation camp",
  description: "Blood donation camp on Saturday at 10 am in the main hall.\nThe way there: https://example.org/camp-map",
  googleFormUrl: "https://forms.gle/blood-camp",
  linkLabel: "Register for the camp",
} as const;

const STUDY = {
  title: "Study circle",
  description: "Study circle registrations are open for the new term.",
  googleFormUrl: "https://forms.gle/study-circle",
} as const;

/** The camp (with an image, ten minutes old) and the newer study circle (a text card): the list shows the circle first. */
async function seedTwo(seed: Seed) {
  const camp = await seed.announcement({ ...CAMP, createdAt: minutesAgo(10) });
  const study = await seed.announcement({ ...STUDY, createdAt: minutesAgo(5), withImage: false });
  return { camp, study };
}

test.describe("an announcement's own page", () => {
  test("a card's title leads to its page: title, date, image, text with links, the button's label, and its link-preview tags", async ({
    page,
    seed,
    site,
    baseURL,
  }) => {
    // Two full checks of the page, its image fetched and decoded: near the 30 s default on a loaded 2-core runner.
    test.slow();
    const { camp } = await seedTwo(seed);
    const origin = new URL(baseURL!).origin;
    const pageUrl = `${origin}/announcement/${camp.id}`;

    await page.goto("/announcement");
    await expect(cards(page)).toHaveCount(2);
    await card(page, CAMP.title).getByRole("link", { name: CAMP.title, exact: true }).click();
    await expect(page).toHaveURL(pageUrl);

    const expectPage = async () => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(CAMP.title);
      const article = page.getByRole("main").getByRole("article", { name: CAMP.title });
      await expect(article.getByText(`Published ${siteTime(new Date(camp.createdAt))}`, { exact: true })).toBeVisible();
      await expect(article.locator("time")).toHaveAttribute("datetime", camp.createdAt);
      await expect(article).toContainText("Blood donation camp on Saturday at 10 am in the main hall.");
      await expect(article.getByRole("link", { name: "https://example.org/camp-map", exact: true })).toHaveAttribute(
        "href",
        "https://example.org/camp-map",
      );
      const image = article.getByRole("img", { name: `Image for ${CAMP.title}` });
      await expect(image).toHaveJSProperty("complete", true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const button = article.getByRole("link", { name: /^Register for the camp/ });
      await expect(button).toHaveAttribute("href", CAMP.googleFormUrl);
      await expect(button).toHaveAttribute("target", "_blank");
      await expect(article.getByRole("button", { name: `Share ${CAMP.title}`, exact: true })).toBeVisible();

      // What a link preview (a chat app, a social network) reads in the head.
      await expect(page).toHaveTitle(`${CAMP.title} | ${site.name}`);
      expect(await meta(page, "og:title")).toBe(`${CAMP.title} | ${site.name}`);
      expect(await meta(page, "og:description")).toBe(CAMP.description);
      expect(await meta(page, "og:url")).toBe(pageUrl);
      expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(pageUrl);
      expect(await metaNamed(page, "twitter:card")).toBe("summary_large_image");
      // A JPEG in the 1200x630 shape (several preview clients do not read WebP), its size and alt text stated.
      const ogImage = await meta(page, "og:image");
      expect(ogImage).toMatch(new RegExp(`^${origin}/uploads/.+\\.jpeg$`));
      expect(await metaNamed(page, "twitter:image")).toBe(ogImage);
      expect(await meta(page, "og:image:type")).toBe("image/jpeg");
      expect(await meta(page, "og:image:alt")).toBe(`Image for ${CAMP.title}`);
      const picture = await page.request.get(ogImage!);
      expect(picture.status()).toBe(200);
      expect(picture.headers()["content-type"]).toBe("image/jpeg");
      const { format, width, height } = await sharp(await picture.body()).metadata();
      expect(format).toBe("jpeg");
      expect([await meta(page, "og:image:width"), await meta(page, "og:image:height")]).toEqual([String(width), String(height)]);
      expect(width / height).toBeCloseTo(1200 / 630, 1);
    };

    // As the list's link drew it in the browser, then as the server sends it (what a link preview's crawler reads).
    await expectPage();
    await page.reload();
    await expectPage();
  });
});

test.describe("Share", () => {
  test("without a share sheet, it copies the page's address and says 'Link copied', on the page and on a card of the list", async ({
    page,
    context,
    seed,
    baseURL,
  }) => {
    const { camp, study } = await seedTwo(seed);
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.goto(`/announcement/${camp.id}`);
    // Chromium on Linux has no share sheet: the button falls back to copying.
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    await page.getByRole("button", { name: `Share ${CAMP.title}`, exact: true }).click();
    await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/announcement/${camp.id}`);

    await page.goto("/announcement");
    await card(page, STUDY.title)
      .getByRole("button", { name: `Share ${STUDY.title}`, exact: true })
      .click();
    await expect(page.getByText("Link copied", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${origin}/announcement/${study.id}`);
  });

  test("when the address cannot be copied, it says 'Could not copy the link: <address>'", async ({ page, seed, baseURL }) => {
    const { camp } = await seedTwo(seed);
    await page.addInitScript(() => {
      Object.defineProperty(Clipboard.prototype, "writeText", {
        configurable: true,
        value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
      });
    });
    await page.goto(`/announcement/${camp.id}`);
    await page.getByRole("button", { name: `Share ${CAMP.title}`, exact: true }).click();
    await expect(
      page.getByText(`Could not copy the link: ${new URL(baseURL!).origin}/announcement/${camp.id}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText("Link copied", { exact: true })).toHaveCount(0);
  });

  test("with a share sheet, it opens it with the title and the page's address, and shows no toast (nor when the visitor closes it)", async ({
    page,
    context,
    seed,
    baseURL,
  }) => {
    const { camp, study } = await seedTwo(seed);
    const origin = new URL(baseURL!).origin;
    // A share sheet as phones have one: it records what it was given; closed without sharing, it rejects.
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.assign(window, { shared, closeShareSheet: false });
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: ShareData) => {
          shared.push(data);
          return (window as unknown as { closeShareSheet: boolean }).closeShareSheet
            ? Promise.reject(new DOMException("Share canceled", "AbortError"))
            : Promise.resolve();
        },
      });
    });
    const shared = () => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
    // Whatever the button does, it must not copy: the clipboard keeps what was there.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);

    await page.goto(`/announcement/${camp.id}`);
    await page.evaluate(() => navigator.clipboard.writeText("before sharing"));
    await page.getByRole("button", { name: `Share ${CAMP.title}`, exact: true }).click();
    await expect.poll(shared).toEqual([{ title: CAMP.title, url: `${origin}/announcement/${camp.id}` }]);

    await page.goto("/announcement");
    await page.evaluate(() => Object.assign(window, { closeShareSheet: true }));
    await card(page, STUDY.title)
      .getByRole("button", { name: `Share ${STUDY.title}`, exact: true })
      .click();
    await expect.poll(shared).toEqual([{ title: STUDY.title, url: `${origin}/announcement/${study.id}` }]);

    // The share sheet took it: nothing was copied, and no toast says otherwise.
    await expect(page.getByText("Link copied", { exact: true })).toHaveCount(0);
    await expect(page.getByText(/^Could not copy the link/)).toHaveCount(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("before sharing");
  });
});

test.describe("an announcement that is not live", () => {
  // The browser reports each page's own 404 status in the console; nothing else may be logged.
  test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\) \(http:\/\/[^/]+\/announcement\/[^/]+\)$/] });

  test("a draft's, a scheduled one's, an expired one's and an unknown id's page answer 404 with 'Page not found'", async ({
    page,
    seed,
  }) => {
    // Six page loads: near the 30 s default on a loaded 2-core runner.
    test.slow();
    const live = await seed.announcement({ title: "Live notice", description: "This one is live.", withImage: false });
    const draft = await seed.announcement({ title: "Draft notice", description: "Not yet written up.", publishAt: null, withImage: false });
    const scheduled = await seed.announcement({
      title: "Scheduled notice",
      description: "Goes live in an hour.",
      publishAt: new Date(Date.now() + 60 * MINUTE),
      withImage: false,
    });
    const expired = await seed.announcement({
      title: "Expired notice",
      description: "Was live until an hour ago.",
      createdAt: minutesAgo(120),
      expiresAt: minutesAgo(60),
      withImage: false,
    });

    expect((await page.goto(`/announcement/${live.id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Live notice");

    for (const [path, heading] of [
      [`/announcement/${draft.id}`, "Draft notice"],
      [`/announcement/${scheduled.id}`, "Scheduled notice"],
      [`/announcement/${expired.id}`, "Expired notice"],
      ["/announcement/00000000-0000-4000-8000-000000000000", undefined],
      ["/announcement/no-such-announcement", undefined],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByText("The page you are looking for does not exist or has moved.", { exact: true })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
      if (heading) await expect(page.getByText(heading)).toHaveCount(0);
    }
  });
});

interface RssItem {
  title: string;
  link: string;
  guid: { "#text": string; "@_isPermaLink"?: string };
  pubDate: string;
  description: string;
  enclosure?: { "@_url": string; "@_type": string; "@_length": string };
}

interface Rss {
  rss: { "@_version": string; channel: { title: string; link: string; item?: RssItem[] } };
}

test.describe("the announcements feed", () => {
  test("every page names it; it lists the live announcements latest first, each linking to its page, with its image as an enclosure", async ({
    page,
    seed,
    site,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const camp = await seed.announcement({ ...CAMP, createdAt: minutesAgo(10) });
    const study = await seed.announcement({
      title: "Study circle",
      description: "Bring <b>notes</b> & pens.\nSign up at https://example.org/study-circle",
      createdAt: minutesAgo(5),
      withImage: false,
    });
    await seed.announcement({ title: "Annual dinner", description: "Not announced yet.", publishAt: null, createdAt: minutesAgo(1) });
    await seed.announcement({ title: "Welcome week", description: "Goes live in an hour.", publishAt: new Date(Date.now() + 60 * MINUTE) });

    await page.goto("/");
    const alternate = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(alternate).toHaveAttribute("href", "/announcement/feed.xml");
    await expect(alternate).toHaveAttribute("title", `${site.name}: Announcements`);

    const response = await page.request.get(new URL((await alternate.getAttribute("href"))!, page.url()).href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/rss\+xml\b/);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", isArray: (name) => name === "item" });
    const { rss } = parser.parse(await response.text()) as Rss;
    expect(rss["@_version"]).toBe("2.0");
    expect(rss.channel.title).toBe(`${site.name}: Announcements`);
    expect(rss.channel.link).toBe(`${origin}/announcement`);

    const items = rss.channel.item ?? [];
    expect(items.map((item) => item.title)).toEqual(["Study circle", CAMP.title]);
    const [studyItem, campItem] = items as [RssItem, RssItem];
    for (const [item, seeded] of [
      [studyItem, study],
      [campItem, camp],
    ] as const) {
      const pageUrl = `${origin}/announcement/${seeded.id}`;
      expect(item.link).toBe(pageUrl);
      expect(item.guid["#text"]).toBe(pageUrl);
      expect(new Date(item.pubDate).toISOString()).toBe(seeded.createdAt);
    }
    // The text as HTML: what was typed stays text (escaped), web addresses are links, line breaks are breaks.
    expect(studyItem.description).toBe(
      'Bring &lt;b&gt;notes&lt;/b&gt; &amp; pens.<br>\nSign up at <a href="https://example.org/study-circle">https://example.org/study-circle</a>',
    );
    expect(studyItem.enclosure).toBeUndefined();

    // The camp's image as a JPEG every reader shows: the picture its page's link preview uses.
    const enclosure = campItem.enclosure!;
    expect(enclosure["@_type"]).toBe("image/jpeg");
    const file = await page.request.get(enclosure["@_url"]);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("image/jpeg");
    expect((await file.body()).length).toBe(Number(enclosure["@_length"]));

    // A reader following an item's link lands on the announcement's page.
    await page.goto(campItem.link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CAMP.title);
    expect(await meta(page, "og:image")).toBe(enclosure["@_url"]);
  });
});
