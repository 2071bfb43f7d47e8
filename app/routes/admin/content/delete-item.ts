import { buttonAnswer } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/delete-item";
import { adminContext, servicesContext } from "#app/context.ts";
import { goneMessage } from "#core/messages/common.ts";
import { CONTENT_REFUSED } from "#core/messages/content.ts";

/** Deletes an item of one of the content's lists (/admin/content/goals/<id>/delete). */
export async function action({ params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const list = context.get(servicesContext).contentEditor.list(params.list);
  if (!list) return buttonAnswer({ ok: false, error: CONTENT_REFUSED.noSuchList }, 404);
  const result = await list.delete(params.id, admin.id);
  return result.ok ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: goneMessage("item") }, 404);
}
