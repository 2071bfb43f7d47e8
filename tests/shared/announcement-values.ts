import type { AnnouncementValues } from "#server/repos/announcements.ts";

/**
 * An announcement's row values as a test writes them through the repository: published at `publishedAt` (now unless
 * given), no title, image, link, expiry or registrations, not pinned, unless `fields` says otherwise.
 */
export function publishedAnnouncement(
  fields: Partial<AnnouncementValues> & { description: string },
  publishedAt = new Date().toISOString(),
): AnnouncementValues {
  return {
    title: null,
    imageId: null,
    linkUrl: null,
    linkLabel: null,
    publishAt: publishedAt,
    expiresAt: null,
    event: null,
    registration: null,
    pinned: false,
    ...fields,
  };
}
