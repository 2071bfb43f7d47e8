import { moveItemSchema } from "#core/schemas/content-forms";
import { buttonAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import type { Route } from "./+types/move-item";

/** Moves an item of one of the content's lists one place up or down (/admin/content/goals/<id>/move). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context);
  const list = context.services.contentEditor.list(params.list);
  if (!list) return buttonAnswer({ ok: false, error: "No such list" }, 404);
  const move = moveItemSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!move.success) return buttonAnswer({ ok: false, error: "Say which way: up or down" }, 400);
  const result = await list.move(params.id, move.data.direction === "up" ? -1 : 1, admin.id);
  return result.ok ? buttonAnswer({ ok: true }) : buttonAnswer({ ok: false, error: "No such item, or nowhere to move it" }, 404);
}
