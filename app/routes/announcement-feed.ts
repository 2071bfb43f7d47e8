import type { Route } from "./+types/announcement-feed";
import { servicesContext } from "#app/context.ts";

/** The noticeboard as an RSS feed; readers ask again within minutes, so a scheduled announcement reaches them soon. */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = await context.get(servicesContext).announcements.feed(await context.get(servicesContext).content.chrome());
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
