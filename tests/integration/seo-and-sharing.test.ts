/**
 * Issue 6, SEO and sharing: per-page titles and descriptions, canonical addresses from PUBLIC_URL, Open Graph and
 * Twitter card tags (the society's logo's card, and on /announcement the newest announcement's image, as JPEG or PNG
 * link previews with their size and alt text), robots.txt,
 * sitemap.xml, a web app manifest and its icons. PUBLIC_URL differs from the address the tests use, so every
 * address in a page must come from PUBLIC_URL, never from the request.
 */
import { XMLParser } from "fast-xml-parser";
import sharp from "sharp";
import { beforeAll, describe, expect, test } from "vitest";
import { site } from "#content/site.ts";
import { announcementPagePath, galleryPagePath } from "#core/public-pages.ts";
import { slugify } from "#server/content/slug.ts";
import { answerTestEngines } from "#tests/shared/test-database.ts";
import { seedAnnouncement } from "./helpers/seed";
import type { TestServer } from "./helpers/test-server";
import { useTestServer } from "./helpers/use-test-server";
import { localizedPath } from "#core/i18n/locale.ts";

const PUBLIC_URL = "https://society.example.org";
const PAGES = ["/", "/announcement", "/events-and-activities", "/explore-smc"];
/** Each event's and activity's own page: the starting content's groups all have photos, and distinct names. */
const GALLERY_PAGES = [...site.eventGroups, ...site.activityGroups].map((group) => galleryPagePath(slugify(group.name)));

/** An RSS item as fast-xml-parser reads it (attributes without a prefix). */
interface FeedItem {
  title: string;
  link: string;
  guid: string | { "#text": string };
  pubDate: string;
  description: string;
  enclosure: { url: string; type: string; length: string };
}

/** Every `<meta>` and `<link>` of a page's head, as attribute maps. */
function headTags(html: string): { meta: Record<string, string>[]; links: Record<string, string>[]; title: string | undefined } {
  const head = html.slice(0, html.indexOf("</head>"));
  const attributes = (tag: string) =>
    Object.fromEntries([...tag.matchAll(/([\w:-]+)="([^"]*)"/g)].map((match) => [match[1]!, decode(match[2]!)]));
  return {
    meta: [...head.matchAll(/<meta\b[^>]*>/g)].map((match) => attributes(match[0])),
    links: [...head.matchAll(/<link\b[^>]*>/g)].map((match) => attributes(match[0])),
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1]?.replaceAll("&amp;", "&"),
  };
}
const decode = (text: string) => text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

function previewOf(html: string) {
  const { meta, links, title } = headTags(html);
  const named = (key: "name" | "property", value: string) => meta.find((tag) => tag[key] === value)?.content;
  return {
    title,
    description: named("name", "description"),
    canonical: links.find((link) => link.rel === "canonical")?.href,
    og: Object.fromEntries(
      ["og:title", "og:description", "og:url", "og:image", "og:site_name", "og:type"].map((p) => [p, named("property", p)]),
    ),
    /** The link preview's picture as Open Graph describes it. */
    image: Object.fromEntries(["type", "width", "height", "alt"].map((p) => [p, named("property", `og:image:${p}`)])),
    twitter: Object.fromEntries(
      ["twitter:card", "twitter:title", "twitter:description", "twitter:image", "twitter:image:alt"].map((n) => [n, named("name", n)]),
    ),
    links,
    meta,
  };
}

describe.each(answerTestEngines())("SEO and link previews on %s", (engine) => {
  const setup = useTestServer(engine, { env: { PUBLIC_URL } });
  let server: TestServer;
  beforeAll(() => void (server = setup.server));

  const page = async (path: string) => previewOf(await (await fetch(`${server.url}${path}`)).text());
  /** A site address as the server answers it: PUBLIC_URL's path, asked of the test server. */
  const fetchPublic = (url: string) => {
    expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
    return fetch(`${server.url}${url.slice(PUBLIC_URL.length)}`);
  };

  test("each public page has a title and a description of its own, and its canonical address on PUBLIC_URL", async () => {
    const previews = await Promise.all(PAGES.map(page));
    for (const [index, preview] of previews.entries()) {
      const path = PAGES[index]!;
      expect(preview.title, path).toBeTruthy();
      expect(preview.description, path).toBeTruthy();
      expect(preview.canonical, path).toBe(`${PUBLIC_URL}${path}`);
      expect(preview.og, path).toMatchObject({
        "og:title": preview.title,
        "og:description": preview.description,
        "og:url": `${PUBLIC_URL}${path}`,
        "og:site_name": site.name,
        "og:type": "website",
      });
      expect(preview.twitter, path).toMatchObject({ "twitter:title": preview.title, "twitter:description": preview.description });
    }
    expect(new Set(previews.map((p) => p.title)).size).toBe(PAGES.length);
    expect(new Set(previews.map((p) => p.description)).size).toBe(PAGES.length);
    expect(previews.find((p) => p.title?.includes("Explore SMC"))).toBeTruthy();
    expect(previews.find((p) => p.title?.includes("Events & Activities"))).toBeTruthy();
  });

  /** The preview picture the server serves at `url`: its type and size, read from its bytes. */
  const previewFile = async (url: string) => {
    const response = await fetchPublic(url);
    expect(response.status).toBe(200);
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    return {
      contentType: response.headers.get("content-type"),
      format: meta.format,
      width: String(meta.width),
      height: String(meta.height),
    };
  };

  test("a link to a page without a photo of its own previews with the logo's 1200x630 PNG card, described in full", async () => {
    const { logoImageId: logoId } = await server.database.db.selectFrom("siteDetails").select("logoImageId").executeTakeFirstOrThrow();
    for (const path of PAGES) {
      const { og, image, twitter } = await page(path);
      expect(og["og:image"], path).toBe(`${PUBLIC_URL}/uploads/content/${logoId}-1200.png`);
      expect(image, path).toEqual({ type: "image/png", width: "1200", height: "630", alt: site.logoAlt });
      expect(twitter, path).toMatchObject({
        "twitter:card": "summary",
        "twitter:image": og["og:image"],
        "twitter:image:alt": site.logoAlt,
      });
    }
    const card = await previewFile((await page("/")).og["og:image"]!);
    expect(card).toEqual({ contentType: "image/png", format: "png", width: "1200", height: "630" });
  });

  test("a link to an event's page previews with its name and its cover photo, large", async () => {
    const { db } = server.database;
    const gallery = await db.selectFrom("galleries").select(["id", "slug"]).where("name", "=", "Med Doc").executeTakeFirstOrThrow();
    const first = await db
      .selectFrom("galleryPhotos")
      .select(["imageId", "alt"])
      .where("galleryId", "=", gallery.id)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const path = galleryPagePath(gallery.slug);
    const preview = await page(path);
    expect(preview.title).toBe(`Med Doc | ${site.name}`);
    expect(preview.canonical).toBe(`${PUBLIC_URL}${path}`);
    // No cover chosen: the first photo stands for it, as a JPEG cropped to 1200x630.
    expect(preview.og["og:image"]).toBe(`${PUBLIC_URL}/uploads/content/${first.imageId}-1200.jpeg`);
    expect(preview.image).toEqual({ type: "image/jpeg", width: "1200", height: "630", alt: first.alt ?? "Med Doc 1" });
    expect(preview.twitter).toMatchObject({ "twitter:card": "summary_large_image", "twitter:image": preview.og["og:image"] });
    expect(await previewFile(preview.og["og:image"]!)).toEqual({ contentType: "image/jpeg", format: "jpeg", width: "1200", height: "630" });
  });

  test("with announcements, a link to /announcement previews with the newest one's image, large", async () => {
    const now = Date.now();
    await seedAnnouncement(server, { description: "The older one", createdAt: new Date(now - 60_000).toISOString() });
    const newest = await seedAnnouncement(server, {
      description: "Blood drive on Friday in hall 3",
      createdAt: new Date(now).toISOString(),
    });
    const { og, image, twitter, description } = await page("/announcement");
    // The seeded poster is 900x600: its preview keeps the 1200x630 shape without enlarging it.
    expect(og["og:image"]).toBe(`${PUBLIC_URL}/uploads/announcements/${newest.image.id}-900.jpeg`);
    expect(image).toEqual({ type: "image/jpeg", width: "900", height: "473", alt: "Image for Announcement" });
    expect(twitter).toMatchObject({ "twitter:card": "summary_large_image", "twitter:image": og["og:image"] });
    expect(description).toBe("Blood drive on Friday in hall 3");
    expect(await previewFile(og["og:image"]!)).toEqual({ contentType: "image/jpeg", format: "jpeg", width: "900", height: "473" });
    // The other pages keep the logo's card.
    expect((await page("/")).og["og:image"]).toMatch(/\/uploads\/content\/.+-1200\.png$/);
  });

  test("each live announcement has a page of its own that previews with its title, text and image; a draft's is not there", async () => {
    const announcement = await seedAnnouncement(server, {
      description: "Free blood grouping at the main gate, 9 am to 1 pm.\nBring your student card.",
      createdAt: new Date().toISOString(),
    });
    await server.database.db.updateTable("announcements").set({ title: "Blood grouping camp" }).where("id", "=", announcement.id).execute();
    const path = announcementPagePath(announcement.id);
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toContain("Blood grouping camp</h1>");
    const { og, image, twitter, description, canonical, title } = previewOf(html);
    expect(title).toBe(`Blood grouping camp | ${site.name}`);
    expect(description).toBe("Free blood grouping at the main gate, 9 am to 1 pm.\nBring your student card.");
    expect(canonical).toBe(`${PUBLIC_URL}${path}`);
    expect(og).toMatchObject({ "og:title": `Blood grouping camp | ${site.name}`, "og:url": `${PUBLIC_URL}${path}` });
    expect(og["og:image"]).toBe(`${PUBLIC_URL}/uploads/announcements/${announcement.image.id}-900.jpeg`);
    expect(image).toMatchObject({ type: "image/jpeg", alt: "Image for Blood grouping camp" });
    expect(twitter).toMatchObject({ "twitter:card": "summary_large_image", "twitter:title": og["og:title"] });

    await server.database.db.updateTable("announcements").set({ publishAt: null }).where("id", "=", announcement.id).execute();
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    expect((await fetch(`${server.url}/announcement/00000000-0000-7000-8000-000000000000`)).status).toBe(404);
    expect((await fetch(`${server.url}/announcement/not-an-id`)).status).toBe(404);
  });

  test("the announcements feed: RSS 2.0 that every page names, each live announcement an item with its page and its image", async () => {
    const older = await seedAnnouncement(server, {
      description: "Older feed item, with a poster",
      createdAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    const newer = await seedAnnouncement(server, { description: "Newer feed item & <friends>", createdAt: new Date().toISOString() });
    const alternate = (await page("/")).links.find((link) => link.rel === "alternate");
    expect(alternate).toMatchObject({ type: "application/rss+xml", href: "/announcement/feed.xml", title: `${site.name}: Announcements` });

    const response = await fetch(`${server.url}/announcement/feed.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(await response.text()) as {
      rss: { version: string; channel: { title: string; link: string; item: FeedItem[] | FeedItem } };
    };
    expect(feed.rss.version).toBe("2.0");
    expect(feed.rss.channel).toMatchObject({ title: `${site.name}: Announcements`, link: `${PUBLIC_URL}/announcement` });
    const items = [feed.rss.channel.item].flat();
    const byLink = new Map(items.map((item) => [item.link, item]));
    const newerItem = byLink.get(`${PUBLIC_URL}${announcementPagePath(newer.id)}`);
    const olderItem = byLink.get(`${PUBLIC_URL}${announcementPagePath(older.id)}`);
    // Feed readers read the text as HTML: what was typed is escaped.
    expect(newerItem).toMatchObject({ title: "Announcement", description: "Newer feed item &amp; &lt;friends&gt;" });
    expect(items.indexOf(newerItem!)).toBeLessThan(items.indexOf(olderItem!));
    expect(new Date(newerItem!.pubDate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The enclosure is the image as a file every reader can show (its JPEG preview): its address, type and exact size.
    const enclosure = olderItem!.enclosure;
    expect(enclosure).toMatchObject({ url: `${PUBLIC_URL}/uploads/announcements/${older.image.id}-900.jpeg`, type: "image/jpeg" });
    const file = await fetchPublic(enclosure.url);
    expect(file.headers.get("content-type")).toBe(enclosure.type);
    expect(String((await file.arrayBuffer()).byteLength)).toBe(enclosure.length);
  });

  test("an announced event's calendar file: iCalendar with its times and place, only for a live announcement with an event", async () => {
    const announcement = await seedAnnouncement(server, {
      description: "Blood grouping at the main gate.",
      createdAt: new Date().toISOString(),
    });
    const path = `${announcementPagePath(announcement.id)}/calendar.ics`;
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    await server.database.db
      .updateTable("announcements")
      .set({ eventStartsAt: "2026-12-01T04:00:00.000Z", eventEndsAt: "2026-12-01T08:00:00.000Z", eventLocation: "Main gate" })
      .where("id", "=", announcement.id)
      .execute();
    const page = await (await fetch(`${server.url}${announcementPagePath(announcement.id)}`)).text();
    expect(page).toContain(`href="${path}"`);
    const response = await fetch(`${server.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="event.ics"');
    const lines = (await response.text()).replace(/\r\n[ \t]/g, "").split("\r\n");
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VEVENT",
        "SUMMARY:Announcement",
        "DTSTART:20261201T040000Z",
        "DTEND:20261201T080000Z",
        "LOCATION:Main gate",
        `URL:${PUBLIC_URL}${announcementPagePath(announcement.id)}`,
      ]),
    );
    await server.database.db.updateTable("announcements").set({ publishAt: null }).where("id", "=", announcement.id).execute();
    expect((await fetch(`${server.url}${path}`)).status).toBe(404);
  });

  test("robots.txt and sitemap.xml name the pages on PUBLIC_URL, and keep crawlers out of the admin area", async () => {
    const robots = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    // Each live announcement's page too (other tests here seed some); a draft's never.
    const draft = await seedAnnouncement(server, { description: "A draft nobody sees yet", createdAt: new Date().toISOString() });
    await server.database.db.updateTable("announcements").set({ publishAt: null }).where("id", "=", draft.id).execute();
    const live = await server.database.db.selectFrom("announcements").select("id").where("publishAt", "is not", null).execute();
    // Every page with an Urdu version is there in both languages (/ur/…), each naming the other.
    const pages = [...PAGES, ...GALLERY_PAGES, ...live.map((row) => announcementPagePath(row.id))];
    expect([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]).sort()).toEqual(
      [...pages, ...pages.map((path) => localizedPath(path, "ur")), "/blood-donors"].map((path) => `${PUBLIC_URL}${path}`).sort(),
    );
    expect(sitemap).toContain(
      `<loc>${PUBLIC_URL}/ur/announcement</loc><xhtml:link rel="alternate" hreflang="en" href="${PUBLIC_URL}/announcement"/>` +
        `<xhtml:link rel="alternate" hreflang="ur" href="${PUBLIC_URL}/ur/announcement"/>`,
    );
  });

  test("pages link the manifest and icons; the manifest names the society and its icons, all served", async () => {
    const { links, meta } = await page("/");
    const href = (rel: string) => links.find((link) => link.rel === rel)?.href;
    expect(href("manifest")).toBe("/manifest.webmanifest");
    expect(meta.find((tag) => tag.name === "theme-color")?.content).toMatch(/^#[0-9a-f]{6}$/i);
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.headers.get("content-type")).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
      screenshots: { src: string; sizes: string; type: string; form_factor: string; label: string }[];
    };
    expect(manifest).toMatchObject({ name: site.name, short_name: site.shortName, start_url: "/" });
    // The logo's own icons, and the one a phone may cut to its shape (the logo with a margin).
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const src of [href("icon")!, href("apple-touch-icon")!, ...manifest.icons.map((icon) => icon.src)]) {
      const icon = await fetch(`${server.url}${src}`);
      expect(icon.status, src).toBe(200);
      expect(icon.headers.get("content-type"), src).toBe("image/png");
    }
    // The demo site's screenshots for Chrome's install dialog: its home page on a phone (portrait) and on a computer
    // (landscape), each stated in the exact size of the file served.
    const { appScreenshots } = site;
    expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.label])).toEqual([
      ["narrow", appScreenshots.narrow.label],
      ["wide", appScreenshots.wide.label],
    ]);
    for (const shot of manifest.screenshots) {
      const file = await fetch(`${server.url}${shot.src}`);
      expect(file.status, shot.src).toBe(200);
      expect(file.headers.get("content-type"), shot.src).toBe(shot.type);
      expect(file.headers.get("cache-control"), shot.src).toContain("immutable");
      const { width, height } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(shot.sizes, shot.src).toBe(`${width}x${height}`);
      expect(shot.form_factor === "narrow" ? height > width : width > height, shot.sizes).toBe(true);
    }
  });
});
