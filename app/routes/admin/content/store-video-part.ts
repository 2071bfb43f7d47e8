import { VIDEO_PART_BYTES } from "#core/schemas/limits.ts";
import type { RouteHandle } from "#core/route-handle.ts";
import { buttonAnswer } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/store-video-part";
import { servicesContext } from "#app/context.ts";
import { CONTENT_REFUSED } from "#core/messages/content.ts";

export const handle = { uploadMaxBytes: VIDEO_PART_BYTES } satisfies RouteHandle;

/** One part of a video upload, as the raw bytes of the request (capped at VIDEO_PART_BYTES in front). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const index = /^\d{1,3}$/.test(params.index) ? Number(params.index) : -1;
  const stored = await context
    .get(servicesContext)
    .contentEditor.video.storePart(params.id, index, Buffer.from(await request.arrayBuffer()));
  if (stored.ok) return buttonAnswer({ ok: true });
  if (stored.reason === "missing") return buttonAnswer({ ok: false, error: CONTENT_REFUSED.noSuchUpload }, 404);
  if (stored.reason === "storage-unavailable") return buttonAnswer({ ok: false, error: stored.message }, 503);
  return buttonAnswer({ ok: false, error: stored.message, field: "video" }, 400);
}
