import { XMLParser } from "fast-xml-parser";
import { describe, expect, test } from "vitest";
import { announcementFeed, type FeedEntry } from "./announcement-feed";
import { linkedText } from "./linked-text";

const SITE = { siteName: "Students & Co", tagline: "Serving <students>", publicUrl: "https://society.example" };

const entry = (id: string, publishedAt: string, text: string, enclosure: FeedEntry["enclosure"] = null): FeedEntry => ({
  announcement: {
    id,
    heading: "Announcement",
    description: linkedText(text),
    whatsAppMessage: text,
    link: null,
    registrationClosed: false,
    image: null,
    preview: null,
    pinned: false,
    publishedAt,
    publishedText: "",
    event: null,
  },
  enclosure,
});

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml) as {
    rss: { channel: Record<string, unknown> & { item: Record<string, unknown>[] | Record<string, unknown> } };
  };

describe("the announcements feed", () => {
  const older = "019ad1c2-3f4e-7a00-8b00-000000000001";
  const newer = "019ad1c2-3f4e-7a00-8b00-000000000002";

  test("RSS 2.0 with its own address (atom:link self), latest published first, each item its page and date", () => {
    const xml = announcementFeed(SITE, [
      entry(older, "2026-11-01T10:00:00.000Z", "First"),
      entry(newer, "2026-11-02T10:00:00.000Z", "Second", { path: "/uploads/a.webp", type: "image/webp", length: 1234 }),
    ]);
    const { channel } = parse(xml).rss;
    expect(channel).toMatchObject({
      title: "Students & Co: Announcements",
      description: "Serving <students>",
      link: "https://society.example/announcement",
      "atom:link": { href: "https://society.example/announcement/feed.xml", rel: "self", type: "application/rss+xml" },
    });
    const items = [channel.item].flat();
    expect(items.map((item) => item.link)).toEqual([
      `https://society.example/announcement/${newer}`,
      `https://society.example/announcement/${older}`,
    ]);
    expect(items[0]).toMatchObject({
      pubDate: "Mon, 02 Nov 2026 10:00:00 GMT",
      enclosure: { url: "https://society.example/uploads/a.webp", type: "image/webp", length: "1234" },
    });
    expect(items[1]!.enclosure).toBeUndefined();
  });

  test("an item's text is escaped HTML: markup typed stays text, addresses are links, line breaks are breaks", () => {
    const xml = announcementFeed(SITE, [
      entry(older, "2026-11-01T10:00:00.000Z", "<b>Camp</b> & more ]]> at https://example.org/x\nSee you"),
    ]);
    const item = parse(xml).rss.channel.item as Record<string, unknown>;
    expect(item.description).toBe(
      '&lt;b&gt;Camp&lt;/b&gt; &amp; more ]]&gt; at <a href="https://example.org/x">https://example.org/x</a><br>\nSee you',
    );
  });
});
