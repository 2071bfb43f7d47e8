import { Feed } from "feed";
import { ANNOUNCEMENT_FEED_PATH, announcementPagePath } from "#core/public-pages.ts";
import type { PublicAnnouncement } from "./announcements/card";
import type { TextPart } from "#core/text-parts.ts";

/** A live announcement as the feed lists it: its card, and its image as a file a reader can fetch. */
export interface FeedEntry {
  announcement: PublicAnnouncement;
  /** The image's file for feed readers: its site path, type and size in bytes. */
  enclosure: { path: string; type: string; length: number } | null;
}

export interface FeedSite {
  siteName: string;
  tagline: string;
  publicUrl: string;
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The text as a feed reader shows an item's description, which it reads as HTML: the text escaped (markup someone
 * typed stays text), its web addresses as links and its line breaks as breaks.
 */
const asHtml = (parts: TextPart[]) =>
  parts
    .map((part) => (part.href ? `<a href="${escapeHtml(part.href)}">${escapeHtml(part.text)}</a>` : escapeHtml(part.text)))
    .join("")
    .replaceAll("\n", "<br>\n");

/**
 * The live announcements as an RSS 2.0 feed, latest published first: each item's title, its own page as link and
 * guid, its text, and its image as an enclosure, as the W3C feed validator expects them (absolute URLs, a length).
 */
export function announcementFeed(site: FeedSite, entries: FeedEntry[]): string {
  const absolute = (path: string) => `${site.publicUrl}${path}`;
  const latestFirst = entries
    .filter((entry) => entry.announcement.publishedAt !== null)
    .sort((a, b) => b.announcement.publishedAt!.localeCompare(a.announcement.publishedAt!));
  const feed = new Feed({
    title: `${site.siteName}: Announcements`,
    description: site.tagline,
    id: absolute("/announcement"),
    link: absolute("/announcement"),
    language: "en",
    copyright: site.siteName,
    generator: false,
    updated: latestFirst[0] ? new Date(latestFirst[0].announcement.publishedAt!) : undefined,
    feedLinks: { rss: absolute(ANNOUNCEMENT_FEED_PATH) },
  });
  for (const { announcement, enclosure } of latestFirst) {
    const page = absolute(announcementPagePath(announcement.id));
    feed.addItem({
      title: announcement.heading,
      id: page,
      link: page,
      date: new Date(announcement.publishedAt!),
      description: asHtml(announcement.description),
      enclosure: enclosure ? { url: absolute(enclosure.path), type: enclosure.type, length: enclosure.length } : undefined,
    });
  }
  return feed.rss2();
}
