import { parseWithZod } from "@conform-to/zod/v4";
import { retentionMonths, retentionSchema } from "#core/schemas/personal-data";
import { formAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/save-retention";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

/** Stores how long requests and messages are kept, and at once deletes what is now older; answers how much went. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: retentionSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const deleted = await context.get(servicesContext).personalData.setRetention(retentionMonths(submission.value.retention), admin.id);
  return formAnswer(submission.reply(), 200, undefined, { deleted });
}
