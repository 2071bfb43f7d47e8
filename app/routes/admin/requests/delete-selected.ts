import { parseWithZod } from "@conform-to/zod/v4";
import { requestsDeleteSchema } from "#core/schemas/requests";
import { buttonAnswer, goneMessage, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPasswordFor } from "~/lib/admin-guards.server";
import type { Route } from "./+types/delete-selected";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPasswordFor(handle)];

/** Deletes the selected requests; answers how many were deleted. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: requestsDeleteSchema });
  if (submission.status !== "success") return buttonAnswer({ ok: false, error: "Choose at least one request" }, 400);
  const deleted = await context.get(servicesContext).applications.delete(submission.value.ids, admin.id);
  return deleted > 0 ? buttonAnswer({ ok: true, deleted }) : buttonAnswer({ ok: false, error: goneMessage("join request") }, 404);
}
