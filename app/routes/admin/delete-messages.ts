import { parseWithZod } from "@conform-to/zod/v4";
import { messagesDeleteSchema } from "#core/schemas/messages";
import { buttonAnswer, goneMessage, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/delete-messages";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Deletes one message or the selected ones; answers how many were deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { recentAuthentication: true });
  const submission = parseWithZod(await readForm(request), { schema: messagesDeleteSchema });
  if (submission.status !== "success") return buttonAnswer({ ok: false, error: "Choose at least one message" }, 400);
  const deleted = await context.get(servicesContext).contactMessages.delete(submission.value.ids, admin.id);
  return deleted > 0 ? buttonAnswer({ ok: true, deleted }) : buttonAnswer({ ok: false, error: goneMessage("message") }, 404);
}
