import { buttonAnswer } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/start-video-upload";
import { servicesContext } from "#app/context.ts";

/** A new upload of the documentary video: its id, which names the parts sent next. */
export async function action({ context }: Route.ActionArgs) {
  return buttonAnswer({ ok: true, id: await context.get(servicesContext).contentEditor.video.startUpload() });
}
