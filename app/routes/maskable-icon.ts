import type { Route } from "./+types/maskable-icon";
import { servicesContext } from "#app/context.ts";
import { NOT_FOUND } from "#core/messages/common.ts";

/** The home-screen icon a phone may cut to its own shape, named by the web app manifest. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const icon = await context.get(servicesContext).appIcons.maskable();
  if (!icon) return new Response(NOT_FOUND, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const headers = { ETag: icon.etag, "Cache-Control": "public, max-age=86400" };
  if (request.headers.get("If-None-Match") === icon.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(icon.body), { headers: { ...headers, "Content-Type": "image/png" } });
}
