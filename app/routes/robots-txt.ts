import { href } from "react-router";
import type { Route } from "./+types/robots-txt";
import { servicesContext } from "#app/context.ts";

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${href("/admin")}`,
    `Disallow: ${href("/admin-announcement")}`,
    "",
    `Sitemap: ${context.get(servicesContext).content.publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
