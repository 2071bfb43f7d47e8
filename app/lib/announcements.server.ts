import type { AppLoadContext } from "react-router";
import { createAnnouncementSchema } from "~/schemas/announcement";
import { uploadedImageToResponsive } from "../../server/services/image-store";

/**
 * The registration link, if it is one the form would accept today (http or https); otherwise none. New links are
 * checked when the announcement is created, but a row from before that check, a restored backup or a hand edit
 * may hold anything, `javascript:` included, and that must never become a link on the page.
 */
const registrationLink = (url: string): string | null => (createAnnouncementSchema.shape.url.safeParse(url).success ? url : null);

/** Announcements newest first, ready to draw: description as plain text, image as responsive variants. */
export async function loadPublicAnnouncements({ repos }: AppLoadContext) {
  const announcements = await repos.announcements.listNewestFirst();
  return announcements.map((a, index) => ({
    id: a.id,
    description: a.description,
    googleFormUrl: registrationLink(a.googleFormUrl),
    createdAt: a.createdAt,
    imageId: a.image.id,
    image: uploadedImageToResponsive(a.image, `Announcement ${index + 1} image`),
  }));
}

export type PublicAnnouncement = Awaited<ReturnType<typeof loadPublicAnnouncements>>[number];
