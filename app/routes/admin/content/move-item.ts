import { moveItemSchema } from "#core/schemas/content-forms.ts";
import { buttonAnswer, readForm } from "#app/lib/forms.server.ts";
import type { Route } from "./+types/move-item";
import { adminContext, servicesContext } from "#app/context.ts";
import { goneMessage } from "#core/messages/common.ts";
import { CONTENT_REFUSED, MOVE_MESSAGES } from "#core/messages/content.ts";

/**
 * Moves an item of one of the content's lists (/admin/content/goals/<id>/move): one place up or down (`direction`,
 * the Move up / Move down buttons), or to a place in the list (`to`, counted from 0 at the top: a drag's drop).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const list = context.get(servicesContext).contentEditor.list(params.list);
  if (!list) return buttonAnswer({ ok: false, error: CONTENT_REFUSED.noSuchList }, 404);
  const move = moveItemSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!move.success) return buttonAnswer({ ok: false, error: move.error.issues[0]?.message ?? MOVE_MESSAGES.either }, 400);
  const { direction, to } = move.data;
  if (to !== undefined) {
    const result = await list.moveTo(params.id, to, admin.id);
    if (result.ok) return buttonAnswer({ ok: true });
    if (result.reason === "out-of-range") return buttonAnswer({ ok: false, error: MOVE_MESSAGES.outOfRange(result.size) }, 400);
    return buttonAnswer({ ok: false, error: goneMessage("item") }, 404);
  }
  const result = await list.move(params.id, direction === "up" ? -1 : 1, admin.id);
  return result.ok ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: CONTENT_REFUSED.nowhereToMove }, 404);
}
