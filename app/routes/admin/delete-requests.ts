import { parseWithZod } from "@conform-to/zod/v4";
import { requestsDeleteSchema } from "#core/schemas/requests";
import { buttonAnswer, goneMessage, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/delete-requests";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Deletes the selected requests; answers how many were deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { recentAuthentication: true });
  const submission = parseWithZod(await readForm(request), { schema: requestsDeleteSchema });
  if (submission.status !== "success") return buttonAnswer({ ok: false, error: "Choose at least one request" }, 400);
  const deleted = await context.get(servicesContext).applications.delete(submission.value.ids, admin.id);
  return deleted > 0 ? buttonAnswer({ ok: true, deleted }) : buttonAnswer({ ok: false, error: goneMessage("join request") }, 404);
}
