import type { Locale } from "#core/i18n/locale.ts";
import { isRecordId } from "#server/db/ids.ts";
import { announcementsRepo } from "#server/repos/announcements.ts";
import { createRepos, type Repos } from "#server/repos/index.ts";
import { announcementFeed, type FeedEntry, type FeedSite } from "#server/services/announcement-feed.ts";
import { eventCalendar } from "#server/services/event-calendar.ts";
import { storedFileUrl } from "#server/services/image-store.ts";
import type { AnnouncementDeps, ReadDeps } from "./deps";
import { announcementState, toCard } from "./card";

/**
 * The announcement, if it is live at `now` (a draft, a scheduled or an expired one is not there for visitors); read
 * through `from` when it must join a transaction.
 */
export async function liveById({ db }: ReadDeps, id: string, now: string, from: Pick<Repos, "announcements"> = createRepos(db)) {
  if (!isRecordId(id)) return undefined;
  const announcement = await from.announcements.findById(id);
  return announcement && announcementState(announcement, now) === "live" ? announcement : undefined;
}

/** Those live at `now`, ready to draw on a page in `locale`: pinned first, then the latest published. */
export async function listLive(deps: ReadDeps, locale: Locale = "en", now: Date = new Date()) {
  const at = now.toISOString();
  return (await announcementsRepo(deps.db).listLive(at)).map((announcement) => toCard(deps, announcement, at, locale));
}

/**
 * The live announcements as an RSS feed, each with its image as a file a reader can fetch: its JPEG link preview,
 * or its largest WebP while it has none.
 */
export async function feed(deps: ReadDeps & Pick<AnnouncementDeps, "storage">, site: FeedSite, now: Date = new Date()): Promise<string> {
  const at = now.toISOString();
  const live = await announcementsRepo(deps.db).listLive(at);
  const entries: FeedEntry[] = await Promise.all(
    live.map(async (announcement) => {
      const variants = announcement.image?.variants ?? [];
      const file = variants.find((v) => v.preview) ?? variants.filter((v) => v.format === "webp").sort((a, b) => b.width - a.width)[0];
      const length = file && (file.bytes ?? (await deps.storage.stat(file.key).catch(() => undefined))?.size);
      const enclosure = file && length !== undefined ? { path: storedFileUrl(file.key), type: `image/${file.format}`, length } : null;
      return { announcement: toCard(deps, announcement, at), enclosure };
    }),
  );
  return announcementFeed(site, entries);
}

/** The "Add to calendar" file of a live announcement's event (none when it is not live or announces no event). */
export async function calendarFile(deps: ReadDeps, id: string, site: { siteName: string; publicUrl: string }, now: Date = new Date()) {
  const announcement = await liveById(deps, id, now.toISOString());
  if (!announcement?.event) return undefined;
  return eventCalendar(toCard(deps, announcement, now.toISOString()), announcement.event, site);
}

/**
 * One announcement as its page in `locale` draws it, if it is live at `now` (a draft, a scheduled or an expired one is
 * not there for visitors).
 */
export async function findLive(deps: ReadDeps, id: string, locale: Locale = "en", now: Date = new Date()) {
  const announcement = await liveById(deps, id, now.toISOString());
  return announcement && toCard(deps, announcement, now.toISOString(), locale);
}
