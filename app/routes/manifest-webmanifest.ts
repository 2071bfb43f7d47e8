import type { Route } from "./+types/manifest-webmanifest";
import { href } from "react-router";
import { servicesContext } from "#app/context.ts";
import { MASKABLE_ICON_SIZE } from "#core/app-icons.ts";

/** The web app manifest: name, colours and the logo icons, for "Add to home screen" and the browser's install prompt. */
export async function loader({ context }: Route.LoaderArgs) {
  const { siteName, shortName, tagline, icons } = await context.get(servicesContext).content.chrome();
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
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
