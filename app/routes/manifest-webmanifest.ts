import type { Route } from "./+types/manifest-webmanifest";
import { href } from "react-router";
import { servicesContext } from "#app/context.ts";
import { MASKABLE_ICON_SIZE } from "#core/app-icons.ts";

/**
 * The web app manifest: name, colours and the logo icons, for "Add to home screen" and the browser's install prompt,
 * and the screenshots of the site the committee uploaded (none: no `screenshots`), which Chrome's install dialog shows.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { content } = context.get(servicesContext);
  const [{ siteName, shortName, tagline, icons }, screenshots] = await Promise.all([content.chrome(), content.appScreenshots()]);
  const manifest = {
    name: siteName,
    short_name: shortName,
    description: tagline,
    start_url: "/",
    display: "standalone",
    background_color: "#fafaf9",
    theme_color: "#115e59",
    icons: [
      { src: icons.icon192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: icons.icon512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: href("/icon-maskable.png"), sizes: `${MASKABLE_ICON_SIZE}x${MASKABLE_ICON_SIZE}`, type: "image/png", purpose: "maskable" },
    ],
    ...(screenshots.length > 0 && {
      screenshots: screenshots.map(({ src, width, height, type, formFactor, label }) => ({
        src,
        sizes: `${width}x${height}`,
        type,
        form_factor: formFactor,
        label,
      })),
    }),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
