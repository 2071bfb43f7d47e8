import { announcementPagePath, BLOOD_DONORS_PAGE, PUBLIC_PAGES } from "#core/public-pages.ts";
import type { Route } from "./+types/sitemap-xml";
import { servicesContext } from "#app/context.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const [galleries, announcements] = await Promise.all([
    context.get(servicesContext).content.galleryPaths(),
    context.get(servicesContext).announcements.listLive(),
  ]);
  const paths = [
    ...PUBLIC_PAGES,
    BLOOD_DONORS_PAGE,
    ...galleries,
    ...announcements.map((announcement) => announcementPagePath(announcement.id)),
  ];
  const urls = paths.map((path) => `  <url><loc>${context.get(servicesContext).content.publicUrl}${path}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
