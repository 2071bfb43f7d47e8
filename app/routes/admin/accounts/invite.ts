import { parseWithZod } from "@conform-to/zod/v4";
import { inviteAdminSchema } from "#core/schemas/accounts";
import { formAnswer, readForm } from "~/lib/forms.server";
import { RECENT_PASSWORD_HANDLE } from "#core/route-handle";
import { recentPassword } from "~/lib/admin-guards.server";
import type { Route } from "./+types/invite";
import { adminContext, servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Beyond the admin layouts' session check: a password entered in the last 10 minutes. */
export const middleware: Route.MiddlewareFunction[] = [recentPassword];

/** Mails an invitation link (single-use, 48 hours) to a new admin; an address that already has an account is refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = context.get(adminContext);
  const submission = parseWithZod(await readForm(request), { schema: inviteAdminSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const result = await context.get(servicesContext).accounts.invite({ ...submission.value, actor: admin });
  if (!result.ok) return formAnswer(submission.reply({ fieldErrors: { email: ["An admin with this email already exists"] } }), 409);
  return formAnswer(submission.reply({ resetForm: true }));
}
