import type { AppLoadContext } from "react-router";
import { uploadedImageToResponsive } from "../../server/services/image-store";

/** Announcements newest first, ready to draw: description as plain text, image as responsive variants. */
export async function loadPublicAnnouncements({ repos }: AppLoadContext) {
  const announcements = await repos.announcements.listNewestFirst();
  return announcements.map((a, index) => ({
    id: a.id,
    description: a.description,
    googleFormUrl: a.googleFormUrl,
    createdAt: a.createdAt,
    imageId: a.image.id,
    image: uploadedImageToResponsive(a.image, `Announcement ${index + 1} image`),
  }));
}

export type PublicAnnouncement = Awaited<ReturnType<typeof loadPublicAnnouncements>>[number];
