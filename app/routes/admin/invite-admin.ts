import { parseWithZod } from "@conform-to/zod/v4";
import { inviteAdminSchema } from "#core/schemas/accounts";
import { formAnswer, readForm } from "~/lib/forms.server";
import { requireAdmin } from "~/lib/require-admin.server";
import { RECENT_PASSWORD_HANDLE } from "~/lib/route-handle";
import type { Route } from "./+types/invite-admin";
import { servicesContext } from "~/context";

export const handle = RECENT_PASSWORD_HANDLE;

/** Mails an invitation link (single-use, 48 hours) to a new admin; an address that already has an account is refused. */
export async function action({ request, context }: Route.ActionArgs) {
  const { admin } = await requireAdmin(request, context, { ownersOnly: true, recentAuthentication: true });
  const submission = parseWithZod(await readForm(request), { schema: inviteAdminSchema });
  if (submission.status !== "success") return formAnswer(submission.reply(), 400);
  const result = await context.get(servicesContext).accounts.invite({ ...submission.value, actor: admin });
  if (!result.ok) return formAnswer(submission.reply({ fieldErrors: { email: ["An admin with this email already exists"] } }), 409);
  return formAnswer(submission.reply({ resetForm: true }));
}
