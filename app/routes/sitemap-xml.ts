import { announcementPagePath, BLOOD_DONORS_PAGE, PUBLIC_PAGES } from "#core/public-pages.ts";
import type { Route } from "./+types/sitemap-xml";
import { servicesContext } from "#app/context.ts";
import { hasUrduVersion, type Locale, LOCALES, localizedPath } from "#core/i18n/locale.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const [galleries, announcements] = await Promise.all([services.content.galleryPaths(), services.announcements.listLive()]);
  const paths = [
    ...PUBLIC_PAGES,
    BLOOD_DONORS_PAGE,
    ...galleries,
    ...announcements.map((announcement) => announcementPagePath(announcement.id)),
  ];
  const { publicUrl } = services.content;
  // A page with an Urdu version is listed in both languages, each naming the other (hreflang).
  const entry = (path: string, locale: Locale) => {
    const alternates = hasUrduVersion(path)
      ? LOCALES.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${publicUrl}${localizedPath(path, other)}"/>`)
      : [];
    return `  <url><loc>${publicUrl}${localizedPath(path, locale)}</loc>${alternates.join("")}</url>`;
  };
  const urls = paths.flatMap((path) => [entry(path, "en"), ...(hasUrduVersion(path) ? [entry(path, "ur")] : [])]).join("\n");
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
